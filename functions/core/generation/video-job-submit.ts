// use case: submit a video job — checked, held and sent to the provider once (video-jobs.ts).
import { assertAffordable, holdCredits, releaseHold } from '../credits/ledger.ts';
import { ValidationError } from '../errors.ts';
import { SubmitOutcomeUnknownError, type MediaReference, type VideoSubmitInput } from './video-provider.ts';
import {
  MAX_INLINE_REFERENCE_BYTES,
  VIDEO_HOLD_TTL_SECONDS,
  VIDEO_SKU,
  type StoredReference,
  type VideoJob,
  type VideoJobDeps,
  type VideoRequest,
} from './video-job-model.ts';
import { credentialFor, finish, messageOf, providerOf, settleStale } from './video-job-state.ts';

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
          ...(request.publishedServerId ? { publishedServerId: request.publishedServerId } : {}),
        },
        description: `Video generation, ${prepared.model}`,
      },
      deps.credits,
      { ttlSeconds: VIDEO_HOLD_TTL_SECONDS, monthlyCap: credential.monthlyCreditCap },
    );
  } catch (error) {
    // Refused under a race with another spend: nothing was held or submitted, so no job remains.
    await deps.jobs.delete(job).catch(() => undefined);
    throw error;
  }

  const completionUrl = provider.completionWebhooks ? deps.completionUrl?.(job) : undefined;
  let submitted: { providerJobId: string; pollAfterSeconds: number };
  try {
    submitted = await provider.submit(prepared, credential.key, completionUrl ? { completionUrl } : {});
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
    {
      status: 'running',
      providerJobId: submitted.providerJobId,
      pollAfterSeconds: submitted.pollAfterSeconds,
      ...(completionUrl ? { completionWebhook: true, providerCompletedAt: null } : {}),
    },
    deps,
  );
  return { job, replayed: false };
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
