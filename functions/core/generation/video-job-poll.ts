// use case: poll a video job — the provider asked once; the copy and the charge done once (video-jobs.ts).
import { ConflictError, DomainError, UpstreamError } from '../errors.ts';
import { newId } from '../ids.ts';
import { chargeHold, releaseHold } from '../credits/ledger.ts';
import { InsufficientCreditsError } from '../credits/errors.ts';
import { ASSET_KINDS } from '../assets/kinds.ts';
import { storeGeneratedAsset } from '../assets/generated.ts';
import { ASSET_ID_PREFIX, type Asset } from '../assets/model.ts';
import type { ProviderCredential } from './video-provider.ts';
import { VIDEO_JOB_DEADLINE_SECONDS, type VideoJob, type VideoJobDeps } from './video-job-model.ts';
import {
  claimStale,
  credentialFor,
  finish,
  getVideoJob,
  messageOf,
  pastDeadline,
  providerOf,
  releaseIfHeld,
  settleStale,
  stopAtProvider,
  tryFinish,
} from './video-job-state.ts';

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

async function assetOf(job: VideoJob, deps: VideoJobDeps): Promise<Asset | undefined> {
  return job.assetId ? deps.assets.assets.get(job.workspaceId, job.assetId) : undefined;
}
