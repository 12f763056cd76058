// core: the video job's record changes (versioned writes), its clocks and its access — shared by the
// submit, poll and cancel use cases.
import { releaseHold } from '../credits/ledger.ts';
import { ConflictError, NotFoundError, UpstreamError, ValidationError } from '../errors.ts';
import { resolveProviderAccess } from '../integrations/access.ts';
import type { VideoProvider, VideoProviderId } from './video-provider.ts';
import {
  COPY_DEADLINE_SECONDS,
  deadlineOf,
  SUBMIT_DEADLINE_SECONDS,
  type VideoJob,
  type VideoJobDeps,
} from './video-job-model.ts';

export async function getVideoJob(
  workspaceId: string,
  jobId: string,
  deps: Pick<VideoJobDeps, 'jobs'>,
): Promise<VideoJob> {
  const job = await deps.jobs.get(workspaceId, jobId);
  if (!job) throw new NotFoundError(`Video job ${jobId} not found`);
  return job;
}

/** A job stuck in `submitting` past the deadline died mid-submit: failed, hold released, never resubmitted. */
export async function settleStale(job: VideoJob, deps: VideoJobDeps): Promise<VideoJob> {
  if (
    job.status !== 'submitting' ||
    Date.parse(job.createdAt) + SUBMIT_DEADLINE_SECONDS * 1000 > deps.clock.now().getTime()
  )
    return job;
  const failed = await tryFinish(
    job,
    {
      status: 'failed',
      error: 'The submit did not complete (the service stopped while submitting); the job was not resubmitted',
    },
    deps,
  );
  if (!failed) return getVideoJob(job.workspaceId, job.id, deps);
  await releaseIfHeld(failed, deps);
  return failed;
}

export async function releaseIfHeld(job: VideoJob, deps: VideoJobDeps) {
  await releaseHold(job, deps.credits).catch((error: unknown) => {
    // No hold was placed (the job failed before it): nothing to give back.
    if (!(error instanceof NotFoundError)) throw error;
  });
}

export async function finish(job: VideoJob, change: Partial<VideoJob>, deps: VideoJobDeps): Promise<VideoJob> {
  const next = await tryFinish(job, change, deps);
  if (!next) throw new ConflictError(`Video job ${job.id} changed meanwhile; poll it again`, { retryAfterSeconds: 1 });
  return next;
}

/** The versioned write of a job change; undefined when another writer got there first. */
export async function tryFinish(
  job: VideoJob,
  change: Partial<VideoJob>,
  deps: Pick<VideoJobDeps, 'jobs' | 'clock'>,
): Promise<VideoJob | undefined> {
  const next: VideoJob = { ...job, ...change, version: job.version + 1, updatedAt: deps.clock.now().toISOString() };
  try {
    await deps.jobs.update(next, job.version);
    return next;
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
}

export const claimStale = (job: VideoJob, deps: VideoJobDeps) =>
  Date.parse(job.copyClaimedAt!) + COPY_DEADLINE_SECONDS * 1000 <= deps.clock.now().getTime();

export const pastDeadline = (job: VideoJob, deps: VideoJobDeps) => deadlineOf(job) <= deps.clock.now().getTime();

export function providerOf(id: VideoProviderId, deps: VideoJobDeps): VideoProvider {
  const provider = deps.providers[id];
  if (!provider) throw new ValidationError(`Video ${id} is not available in this deployment`);
  return provider;
}

/** The workspace's own key, or the deployment's shared one, as the workspace's policy allows; and its monthly cap. */
export async function credentialFor(
  workspaceId: string,
  provider: VideoProviderId,
  model: string | undefined,
  deps: VideoJobDeps,
) {
  const access = await resolveProviderAccess(
    workspaceId,
    { provider, ...(model === undefined ? {} : { model }) },
    deps.access,
  );
  const { monthlyCreditCap } = access;
  if (access.source === 'workspace') {
    const apiKey = access.secret.apiKey;
    if (!apiKey) throw new UpstreamError(`The workspace's ${provider} connection has no apiKey`);
    return { source: 'workspace' as const, key: { apiKey }, monthlyCreditCap };
  }
  const apiKey = await deps.sharedApiKey(provider);
  if (!apiKey) throw new UpstreamError(`The deployment's shared ${provider} credential is not readable`);
  return { source: 'shared' as const, key: { apiKey }, monthlyCreditCap };
}

export async function stopAtProvider(job: VideoJob, deps: VideoJobDeps): Promise<void> {
  if (!job.providerJobId) return;
  const provider = providerOf(job.provider, deps);
  const credential = await credentialFor(job.workspaceId, job.provider, job.model, deps).catch(() => undefined);
  if (credential)
    await provider
      .cancel({ model: job.model, providerJobId: job.providerJobId }, credential.key)
      .catch(() => undefined);
}

export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
