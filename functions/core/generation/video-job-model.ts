// core: the video job — its record, its constants and the ports its use cases need (video-jobs.ts).
import { createHash } from 'node:crypto';
import { newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import type { CreditDeps } from '../credits/ledger.ts';
import type { GeneratedAssetDeps } from '../assets/generated.ts';
import type { AccessDeps } from '../integrations/access.ts';
import type { VideoMode } from '../integrations/providers.ts';
import type { VideoProvider, VideoProviderId } from './video-provider.ts';

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
/** When the job's deadline passes (epoch ms): a poll then fails it, and a run stops waiting for its webhook. */
export const deadlineOf = (job: Pick<VideoJob, 'createdAt'>) =>
  Date.parse(job.createdAt) + VIDEO_JOB_DEADLINE_SECONDS * 1000;
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
  /** The provider was asked to call our completion route when the job finishes (polling stays the fallback). */
  completionWebhook?: boolean;
  /** When the provider's verified completion webhook arrived; the next poll settles the job. */
  providerCompletedAt?: string | null;
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
  /**
   * The public URL a provider with completion webhooks calls when this job finishes; undefined when the
   * deployment has no public base URL for them (the job is then only polled).
   */
  completionUrl?(job: Pick<VideoJob, 'workspaceId' | 'id' | 'provider'>): string | undefined;
  /** Wakes a run waiting on its provider jobs (the run workflow's task token); absent: polling only. */
  runWaits?: RunWaitSignal;
  /** Seconds a run waits for a completion webhook before polling. @default COMPLETION_WEBHOOK_FALLBACK_SECONDS */
  completionFallbackSeconds?: number;
}

/** A run's wait on its provider jobs, as the completion route sees it. */
export interface RunWaitSignal {
  /** Ends the run's current wait now (its next Advance polls the jobs), or marks it so the next wait ends at once. */
  wake(workspaceId: string, executionId: string): Promise<void>;
}

/**
 * How long a run waits for a provider's completion webhook before polling anyway (a webhook that never
 * comes, a lost delivery): the wait of a job that expects one.
 */
export const COMPLETION_WEBHOOK_FALLBACK_SECONDS = 60;

/** A submit as the routes and nodes ask for it: the provider-neutral input, with references as given. */
export interface VideoRequest {
  provider: VideoProviderId;
  workspaceId: string;
  canvasId: string;
  nodeId?: string;
  /** The run submitting it, if any. */
  executionId?: string;
  /** Set when a published server's call started the run: the usage names the server. */
  publishedServerId?: string;
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
