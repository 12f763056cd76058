// use cases: a video generation job, written once for the routes and the run nodes. Charged exactly
// once, released on failure, its result copied into durable storage exactly once.
//
//   submit: references checked (outbound rules after DNS) ─► prepare (the model contract; the default
//           model applied) ─► access (policy on that model, credential) ─► affordable? (402, nothing
//           written) ─► job record FIRST (conditional put on its id: a retried submit finds it and
//           never submits again) ─► credit hold (its operation id) ─► ONE provider submit ─► running
//   poll:   past its deadline? (failed, release) ─► running ─► policy again ─► provider.poll ─► pending |
//           failed (release) | succeeded: claim the copy (versioned write, asset id fixed at claim) ─►
//           stream the media to its durable key ─► CHARGE (settle the hold, or at the held price if it
//           was released; refused ─► failed, bytes dropped) ─► the asset record (same id on a retried
//           copy) ─► succeeded
//   cancel: provider.cancel (best effort) ─► cancelled ─► release (not while a copy is under way)
//
// Every step is idempotent on its own key (job id, operation id, asset id), so a retried request, a
// second poller or a killed Advance repeats nothing twice. A submit that died between the record and the
// provider's answer is never retried (the provider may be running it): after SUBMIT_DEADLINE_SECONDS it
// is failed and its hold released (docs/generation.md).
//
// The charge comes before the record because a result must never be visible unpaid. The hold outlives
// every moment the job can still deliver (VIDEO_HOLD_TTL_SECONDS > VIDEO_JOB_DEADLINE_SECONDS + one
// copy), so the expired-holds sweeper never takes the credits of a live job; should it still have
// released the hold, the charge is taken from the available credits, or the result is not delivered.
import { createHash } from 'node:crypto';
import { ConflictError, DomainError, NotFoundError, UpstreamError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import { assertAffordable, chargeHold, holdCredits, releaseHold, type CreditDeps } from '../credits/ledger.ts';
import { InsufficientCreditsError } from '../credits/errors.ts';
import { ASSET_KINDS } from '../assets/kinds.ts';
import { storeGeneratedAsset, type GeneratedAssetDeps } from '../assets/generated.ts';
import { ASSET_ID_PREFIX, type Asset } from '../assets/model.ts';
import { resolveProviderAccess, type AccessDeps } from '../integrations/access.ts';
import type { VideoMode } from '../integrations/providers.ts';
import {
  SubmitOutcomeUnknownError,
  type MediaReference,
  type ProviderCredential,
  type VideoProvider,
  type VideoProviderId,
  type VideoSubmitInput,
} from './video-provider.ts';

export const VIDEO_JOB_ID_PREFIX = 'vjb';
export const VIDEO_SKU = 'video.generate';
/** A job still `submitting` this long after it was recorded died mid-submit: failed, never resubmitted. */
export const SUBMIT_DEADLINE_SECONDS = 120;
/** A copy claimed this long ago without finishing died with its process: the next poll claims it again. */
export const COPY_DEADLINE_SECONDS = 300;
/**
 * A job delivers within this long of its submit or never: afterwards no copy is claimed or taken over
 * and a poll fails it (hold released). No provider job we run takes nearly this long.
 */
export const VIDEO_JOB_DEADLINE_SECONDS = 24 * 60 * 60;
/**
 * The life of a video job's hold: the deadline plus an hour, longer than a copy claimed at the deadline
 * can run (one function, 15 minutes at most) plus a sweep interval, so the sweeper never releases the
 * hold of a job that can still deliver.
 */
export const VIDEO_HOLD_TTL_SECONDS = VIDEO_JOB_DEADLINE_SECONDS + 60 * 60;
/** Job records are kept this long (then DynamoDB's TTL removes them; the asset stays). */
export const VIDEO_JOB_TTL_DAYS = 30;
/** Largest inline (`data:`) reference accepted, decoded. */
export const MAX_INLINE_REFERENCE_BYTES = 4 * 1024 * 1024;

export type VideoJobStatus = 'submitting' | 'running' | 'copying' | 'succeeded' | 'failed' | 'cancelled';

export interface VideoJob {
  id: string;
  workspaceId: string;
  canvasId: string;
  /** The run node it serves, when a workflow submitted it. */
  nodeId: string | null;
  /** The run that submitted it (absent on route jobs): its usage entry names it. */
  executionId?: string;
  /** The credit operation: `video:<jobId>` (routes) or `run:<executionId>:<nodeId>:<attempt>` (nodes). */
  operationId: string;
  provider: VideoProviderId;
  model: string;
  mode: VideoMode;
  status: VideoJobStatus;
  providerJobId: string | null;
  /** Seconds requested (the hold) and, once done, produced (the charge). */
  requestedSeconds: number;
  producedSeconds: number | null;
  priceModel: string;
  credential: 'workspace' | 'shared';
  dropped: string[];
  /** Fixed when the copy is claimed, so a repeated copy writes the same asset. */
  assetId: string | null;
  copyClaimedAt: string | null;
  error: string | null;
  pollAfterSeconds: number;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface VideoJobRepository {
  /** Writes the job unless one with its id exists; then answers that one. */
  create(job: VideoJob): Promise<{ created: true } | { created: false; existing: VideoJob }>;
  get(workspaceId: string, jobId: string): Promise<VideoJob | undefined>;
  /** Writes `job` if the stored version is `expectedVersion`; else ConflictError. */
  update(job: VideoJob, expectedVersion: number): Promise<void>;
  /** Removes a job that never started (its hold was refused). */
  delete(job: Pick<VideoJob, 'workspaceId' | 'id'>): Promise<void>;
}

/** The media of a finished job, streamed under the outbound rules (public HTTPS, checked after DNS). */
export interface MediaSource {
  open(
    media: { url: string; headers?: Record<string, string> },
    maxBytes: number,
  ): Promise<{ contentType: string | undefined; body: NodeJS.ReadableStream }>;
}

export interface VideoJobDeps {
  jobs: VideoJobRepository;
  providers: Partial<Record<VideoProviderId, VideoProvider>>;
  access: AccessDeps;
  /** The deployment's shared API key of a provider (environment or Secrets Manager). */
  sharedApiKey(provider: VideoProviderId): Promise<string | undefined>;
  /** Checks a caller's reference URL against the outbound rules (throws ValidationError naming `field`). */
  checkUrl(url: string, field: string): Promise<string>;
  media: MediaSource;
  credits: CreditDeps;
  assets: GeneratedAssetDeps;
  clock: Clock;
}

/** A submit as the routes and nodes ask for it: the provider-neutral input, with references as given. */
export interface VideoRequest {
  provider: VideoProviderId;
  workspaceId: string;
  canvasId: string;
  nodeId?: string;
  /** The run submitting it, if any. */
  executionId?: string;
  prompt: string;
  model?: string;
  image?: string;
  lastFrame?: string;
  referenceImages?: string[];
  /** URLs as given (checked under the outbound rules), or our own stored media (`StoredReference`). */
  referenceVideos?: (string | StoredReference)[];
  referenceAudios?: (string | StoredReference)[];
  aspectRatio?: string;
  params?: Record<string, unknown>;
}

/**
 * A reference to media in our own bucket, as a short-lived presigned GET the provider fetches: built by
 * the core from an asset of the workspace (never from a caller's input, which is always a string), so
 * the outbound checks on caller-chosen URLs do not apply to it.
 */
export interface StoredReference {
  storedUrl: string;
}

/** Job ids: fresh, or derived from a key (a route's Idempotency-Key, a node's run attempt) so a retry finds its job. */
export function videoJobId(now: Date, idempotencyKey?: string): string {
  if (idempotencyKey === undefined) return newId(VIDEO_JOB_ID_PREFIX, now.getTime());
  const digest = createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 26);
  return `${VIDEO_JOB_ID_PREFIX}_${digest}`;
}

export async function submitVideoJob(
  request: VideoRequest,
  ids: { jobId: string; operationId: string },
  deps: VideoJobDeps,
): Promise<{ job: VideoJob; replayed: boolean }> {
  const existing = await deps.jobs.get(request.workspaceId, ids.jobId);
  if (existing) return { job: await settleStale(existing, deps), replayed: true };

  const provider = providerOf(request.provider, deps);
  const input = await referencesChecked(request, deps);
  const prepared = provider.prepare(input);
  // The policy judges the model that will run: the one asked for, or the provider's default.
  const credential = await credentialFor(request.workspaceId, request.provider, prepared.model, deps);
  // A job the workspace cannot afford is refused (402) before anything is written.
  await assertAffordable(
    {
      workspaceId: request.workspaceId,
      sku: VIDEO_SKU,
      model: prepared.priceModel,
      quantity: prepared.durationSeconds,
    },
    deps.credits,
  );

  const now = deps.clock.now().toISOString();
  let job: VideoJob = {
    id: ids.jobId,
    workspaceId: request.workspaceId,
    canvasId: request.canvasId,
    nodeId: request.nodeId ?? null,
    ...(request.executionId === undefined ? {} : { executionId: request.executionId }),
    operationId: ids.operationId,
    provider: request.provider,
    model: prepared.model,
    mode: prepared.mode,
    status: 'submitting',
    providerJobId: null,
    requestedSeconds: prepared.durationSeconds,
    producedSeconds: null,
    priceModel: prepared.priceModel,
    credential: credential.source,
    dropped: prepared.dropped,
    assetId: null,
    copyClaimedAt: null,
    error: null,
    pollAfterSeconds: 0,
    createdAt: now,
    updatedAt: now,
    version: 1,
  };
  const created = await deps.jobs.create(job);
  if (!created.created) return { job: await settleStale(created.existing, deps), replayed: true };

  try {
    await holdCredits(
      {
        workspaceId: job.workspaceId,
        operationId: job.operationId,
        sku: VIDEO_SKU,
        model: prepared.priceModel,
        quantity: prepared.durationSeconds,
        resource: {
          canvasId: job.canvasId,
          provider: job.provider,
          ...(job.nodeId ? { nodeId: job.nodeId } : {}),
          ...(job.executionId ? { executionId: job.executionId } : {}),
        },
        description: `Video generation, ${prepared.model}`,
      },
      deps.credits,
      { ttlSeconds: VIDEO_HOLD_TTL_SECONDS },
    );
  } catch (error) {
    // Refused under a race with another spend: nothing was held or submitted, so no job remains.
    await deps.jobs.delete(job).catch(() => undefined);
    throw error;
  }

  let submitted: { providerJobId: string; pollAfterSeconds: number };
  try {
    submitted = await provider.submit(prepared, credential.key);
  } catch (error) {
    const unknown = error instanceof SubmitOutcomeUnknownError;
    job = await finish(
      job,
      { status: 'failed', error: unknown ? `${messageOf(error)}; the job was not resubmitted` : messageOf(error) },
      deps,
    );
    await releaseHold(job, deps.credits);
    throw error;
  }
  job = await finish(
    job,
    { status: 'running', providerJobId: submitted.providerJobId, pollAfterSeconds: submitted.pollAfterSeconds },
    deps,
  );
  return { job, replayed: false };
}

export interface PolledVideoJob {
  job: VideoJob;
  asset?: Asset;
}

/** One poll: the provider asked once, the copy and the charge done once when it finished. */
export async function pollVideoJob(workspaceId: string, jobId: string, deps: VideoJobDeps): Promise<PolledVideoJob> {
  let job = await getVideoJob(workspaceId, jobId, deps);
  job = await settleStale(job, deps);
  if (job.status === 'succeeded') return { job, asset: await assetOf(job, deps) };
  if (job.status !== 'running' && job.status !== 'copying') return { job };
  // copying under a fresh claim: another process is delivering it (and charges before the record).
  if (job.status === 'copying' && !claimStale(job, deps)) return { job };
  if (pastDeadline(job, deps)) return { job: await lapse(job, deps) };

  const provider = providerOf(job.provider, deps);
  let credential: { source: 'workspace' | 'shared'; key: ProviderCredential };
  try {
    // The spec: the status call re-checks provider and model policy (a policy may have changed).
    credential = await credentialFor(job.workspaceId, job.provider, job.model, deps);
  } catch (error) {
    if (!(error instanceof DomainError) || error instanceof UpstreamError) throw error;
    job = await finish(job, { status: 'failed', error: messageOf(error) }, deps);
    await releaseHold(job, deps.credits);
    return { job };
  }

  if (job.status === 'running') {
    const polled = await provider.poll({ model: job.model, providerJobId: job.providerJobId! }, credential.key);
    if (polled.state === 'pending') {
      return {
        job:
          polled.pollAfterSeconds === job.pollAfterSeconds
            ? job
            : await finish(job, { pollAfterSeconds: polled.pollAfterSeconds }, deps),
      };
    }
    if (polled.state === 'failed') {
      job = await finish(job, { status: 'failed', error: polled.message }, deps);
      await releaseHold(job, deps.credits);
      return { job };
    }
    // Claim the copy: only one poller wins this write; the asset id is fixed now.
    const claimed = await tryFinish(
      job,
      {
        status: 'copying',
        assetId: newId(ASSET_ID_PREFIX, deps.clock.now().getTime()),
        copyClaimedAt: deps.clock.now().toISOString(),
        producedSeconds: polled.durationSeconds ?? null,
        pollAfterSeconds: 1,
      },
      deps,
    );
    if (!claimed) return { job: await getVideoJob(workspaceId, jobId, deps) };
    job = claimed;
    return copyAndCharge(job, polled.media, deps);
  }
  // copying under a stale claim (its process died): taken over.
  const polled = await provider.poll({ model: job.model, providerJobId: job.providerJobId! }, credential.key);
  if (polled.state !== 'succeeded') {
    job = await finish(
      job,
      {
        status: 'failed',
        error: polled.state === 'failed' ? polled.message : 'The provider no longer has the finished video',
      },
      deps,
    );
    await releaseHold(job, deps.credits);
    return { job };
  }
  const reclaimed = await tryFinish(job, { copyClaimedAt: deps.clock.now().toISOString() }, deps);
  if (!reclaimed) return { job: await getVideoJob(workspaceId, jobId, deps) };
  return copyAndCharge(reclaimed, polled.media, deps);
}

/**
 * Stores the media, charges the job, then writes the asset record: the record is what makes the video
 * visible (canvas, library, node output), so nothing is visible before it is paid. A charge refused (the
 * hold was released and the credits are gone) fails the job and drops the stored bytes.
 */
async function copyAndCharge(
  job: VideoJob,
  media: { url: string; contentType: string; headers?: Record<string, string> },
  deps: VideoJobDeps,
): Promise<PolledVideoJob> {
  let asset = await deps.assets.assets.get(job.workspaceId, job.assetId!);
  try {
    // A record already there was written after its charge, or (jobs copied before charges came first)
    // before it: charging again is a no-op in the first case and the missing charge in the second.
    if (asset) await charge(job, deps);
    else asset = await storeAndCharge(job, media, deps);
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    const failed = await tryFinish(
      job,
      {
        status: 'failed',
        error: `The video could not be charged, so it was not delivered: ${messageOf(error)}`,
        pollAfterSeconds: 0,
      },
      deps,
    );
    return { job: failed ?? (await getVideoJob(job.workspaceId, job.id, deps)) };
  }
  const done = await tryFinish(job, { status: 'succeeded', pollAfterSeconds: 0 }, deps);
  return { job: done ?? (await getVideoJob(job.workspaceId, job.id, deps)), asset };
}

async function storeAndCharge(
  job: VideoJob,
  media: { url: string; contentType: string; headers?: Record<string, string> },
  deps: VideoJobDeps,
): Promise<Asset> {
  const opened = await deps.media.open({ url: media.url, headers: media.headers }, ASSET_KINDS.video.maxBytes);
  const contentType = (opened.contentType ?? media.contentType).split(';')[0]!.trim().toLowerCase();
  try {
    return await storeGeneratedAsset(
      {
        assetId: job.assetId!,
        workspaceId: job.workspaceId,
        canvasId: job.canvasId,
        nodeId: job.nodeId ?? 'generate-video',
        contentType: contentType.startsWith('video/') ? contentType : media.contentType,
        body: opened.body,
        source: {
          provider: job.provider,
          ...(job.executionId ? { executionId: job.executionId } : {}),
          detail: { jobId: job.id, model: job.model },
        },
        name: `${job.nodeId ?? 'video'}-${job.id.slice(-6)}.mp4`,
        beforeRecord: () => charge(job, deps),
      },
      deps.assets,
    );
  } catch (error) {
    // Another copy of the same claim finished first (charged, then recorded): its asset is the one.
    if (!(error instanceof ConflictError)) throw error;
    const asset = await deps.assets.assets.get(job.workspaceId, job.assetId!);
    if (!asset) throw error;
    return asset;
  }
}

/** Charges the job once for the seconds produced (else requested), never more than held. */
async function charge(job: VideoJob, deps: VideoJobDeps): Promise<void> {
  await chargeHold(
    {
      workspaceId: job.workspaceId,
      operationId: job.operationId,
      quantity: job.producedSeconds ?? job.requestedSeconds,
      resource: job.providerJobId ? { providerJobId: job.providerJobId } : {},
    },
    deps.credits,
  );
}

const claimStale = (job: VideoJob, deps: VideoJobDeps) =>
  Date.parse(job.copyClaimedAt!) + COPY_DEADLINE_SECONDS * 1000 <= deps.clock.now().getTime();

const pastDeadline = (job: VideoJob, deps: VideoJobDeps) =>
  Date.parse(job.createdAt) + VIDEO_JOB_DEADLINE_SECONDS * 1000 <= deps.clock.now().getTime();

/** A job that did not deliver by its deadline: failed and released, its provider job stopped if still running. */
async function lapse(job: VideoJob, deps: VideoJobDeps): Promise<VideoJob> {
  if (job.status === 'running') await stopAtProvider(job, deps);
  const failed = await tryFinish(
    job,
    {
      status: 'failed',
      error: `The video was not delivered within ${VIDEO_JOB_DEADLINE_SECONDS / 3600} hours of its submit; nothing was charged`,
      pollAfterSeconds: 0,
    },
    deps,
  );
  if (!failed) return getVideoJob(job.workspaceId, job.id, deps);
  await releaseIfHeld(failed, deps);
  return failed;
}

async function stopAtProvider(job: VideoJob, deps: VideoJobDeps): Promise<void> {
  if (!job.providerJobId) return;
  const provider = providerOf(job.provider, deps);
  const credential = await credentialFor(job.workspaceId, job.provider, job.model, deps).catch(() => undefined);
  if (credential)
    await provider
      .cancel({ model: job.model, providerJobId: job.providerJobId }, credential.key)
      .catch(() => undefined);
}

/**
 * Stops a job that has not finished: the provider is asked to stop, the hold is released. Safe to repeat.
 * A job whose copy is under way is answered as it is: the provider finished the work, and its copier
 * charges and delivers it (releasing the hold under it would deliver it free).
 */
export async function cancelVideoJob(workspaceId: string, jobId: string, deps: VideoJobDeps): Promise<VideoJob> {
  let job = await getVideoJob(workspaceId, jobId, deps);
  if (job.status === 'succeeded' || job.status === 'failed' || job.status === 'cancelled') {
    if (job.status !== 'succeeded') await releaseIfHeld(job, deps);
    return job;
  }
  if (job.status === 'copying' && !claimStale(job, deps)) return job;
  await stopAtProvider(job, deps);
  job = await finish(job, { status: 'cancelled', error: 'Cancelled' }, deps);
  await releaseIfHeld(job, deps);
  return job;
}

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
async function settleStale(job: VideoJob, deps: VideoJobDeps): Promise<VideoJob> {
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

async function releaseIfHeld(job: VideoJob, deps: VideoJobDeps) {
  await releaseHold(job, deps.credits).catch((error: unknown) => {
    // No hold was placed (the job failed before it): nothing to give back.
    if (!(error instanceof NotFoundError)) throw error;
  });
}

async function finish(job: VideoJob, change: Partial<VideoJob>, deps: VideoJobDeps): Promise<VideoJob> {
  const next = await tryFinish(job, change, deps);
  if (!next) throw new ConflictError(`Video job ${job.id} changed meanwhile; poll it again`, { retryAfterSeconds: 1 });
  return next;
}

/** The versioned write of a job change; undefined when another writer got there first. */
async function tryFinish(job: VideoJob, change: Partial<VideoJob>, deps: VideoJobDeps): Promise<VideoJob | undefined> {
  const next: VideoJob = { ...job, ...change, version: job.version + 1, updatedAt: deps.clock.now().toISOString() };
  try {
    await deps.jobs.update(next, job.version);
    return next;
  } catch (error) {
    if (error instanceof ConflictError) return undefined;
    throw error;
  }
}

async function assetOf(job: VideoJob, deps: VideoJobDeps): Promise<Asset | undefined> {
  return job.assetId ? deps.assets.assets.get(job.workspaceId, job.assetId) : undefined;
}

function providerOf(id: VideoProviderId, deps: VideoJobDeps): VideoProvider {
  const provider = deps.providers[id];
  if (!provider) throw new ValidationError(`Video ${id} is not available in this deployment`);
  return provider;
}

/** The workspace's own key, or the deployment's shared one, as the workspace's policy allows. */
async function credentialFor(
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
  if (access.source === 'workspace') {
    const apiKey = access.secret.apiKey;
    if (!apiKey) throw new UpstreamError(`The workspace's ${provider} connection has no apiKey`);
    return { source: 'workspace' as const, key: { apiKey } };
  }
  const apiKey = await deps.sharedApiKey(provider);
  if (!apiKey) throw new UpstreamError(`The deployment's shared ${provider} credential is not readable`);
  return { source: 'shared' as const, key: { apiKey } };
}

/** Reference URLs checked against the outbound rules; `data:` images decoded (size-capped). */
async function referencesChecked(request: VideoRequest, deps: VideoJobDeps): Promise<VideoSubmitInput> {
  const one = async (
    value: string | StoredReference | undefined,
    field: string,
  ): Promise<MediaReference | undefined> => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return { url: value.storedUrl };
    if (value.startsWith('data:')) return inline(value, field);
    return { url: await deps.checkUrl(value, field) };
  };
  const many = async (values: (string | StoredReference)[] | undefined, field: string) =>
    values === undefined
      ? undefined
      : Promise.all(values.map(async (value, index) => (await one(value, `${field}[${index}]`))!));
  return {
    prompt: request.prompt,
    ...(request.model === undefined ? {} : { model: request.model }),
    ...(request.aspectRatio === undefined ? {} : { aspectRatio: request.aspectRatio }),
    ...(request.params === undefined ? {} : { params: request.params }),
    image: await one(request.image, 'imageUrl'),
    lastFrame: await one(request.lastFrame, 'lastFrameUrl'),
    referenceImages: await many(request.referenceImages, 'referenceImageUrls'),
    referenceVideos: await many(request.referenceVideos, 'referenceVideoUrls'),
    referenceAudios: await many(request.referenceAudios, 'referenceAudioUrls'),
  };
}

function inline(value: string, field: string): MediaReference {
  const match = /^data:(image\/(?:png|jpeg|webp|gif));base64,([A-Za-z0-9+/]+={0,2})$/.exec(value);
  if (!match) throw new ValidationError(`${field}: an inline image must be data:image/png|jpeg|webp|gif;base64,…`);
  const bytes = Buffer.from(match[2]!, 'base64');
  if (bytes.length === 0) throw new ValidationError(`${field}: the inline image is empty`);
  if (bytes.length > MAX_INLINE_REFERENCE_BYTES)
    throw new ValidationError(
      `${field}: an inline image may be at most ${MAX_INLINE_REFERENCE_BYTES} bytes; give a URL instead`,
    );
  return { bytes, contentType: match[1]! };
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 500);
