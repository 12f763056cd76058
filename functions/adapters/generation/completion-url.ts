// adapter: where a provider with completion webhooks calls us when a job finishes — the completion
// route (functions/routes/providers/completion.ts) under the deployment's public API URL. Without
// PROVIDER_WEBHOOK_BASE_URL no webhook is asked for and jobs are only polled. The URL names the job; it
// is not a secret: a delivery counts only when the provider's signature verifies and its request id is
// that job's.
import { COMPLETION_WEBHOOK_FALLBACK_SECONDS, type VideoJob } from '#core/generation/video-jobs';

export const COMPLETION_PATH = '/api/providers/completions';

export function completionUrlOf(job: Pick<VideoJob, 'workspaceId' | 'id' | 'provider'>): string | undefined {
  const base = process.env.PROVIDER_WEBHOOK_BASE_URL?.replace(/\/+$/, '');
  if (!base) return undefined;
  const query = new URLSearchParams({ provider: job.provider, workspaceId: job.workspaceId, jobId: job.id });
  return `${base}${COMPLETION_PATH}?${query}`;
}

/** Seconds a run waits for a completion webhook before polling (PROVIDER_WEBHOOK_FALLBACK_SECONDS). */
export function completionFallbackSeconds(): number {
  const configured = Number(process.env.PROVIDER_WEBHOOK_FALLBACK_SECONDS);
  return Number.isInteger(configured) && configured > 0 ? configured : COMPLETION_WEBHOOK_FALLBACK_SECONDS;
}
