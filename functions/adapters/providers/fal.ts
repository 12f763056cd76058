// adapter: provider two — fal.ai's queue API over plain fetch (docs/generation-provider-two.md). Not
// @fal-ai/client: its queue calls retry a submit on 429/5xx and transport errors whatever the client is
// configured with, and fal has no idempotency key, so a retried submit can start (and bill) a second
// job. Here a submit is exactly one POST; status, result and cancel are single GETs/PUTs the core repeats
// on its own schedule.
//
//   submit  POST {base}/{endpoint id}[?fal_webhook=<url>]  → request_id (fal POSTs the outcome to <url>)
//   poll    GET  {base}/{owner}/{app}/requests/{id}/status → 202 IN_QUEUE | IN_PROGRESS, 200 COMPLETED
//           GET  {base}/{owner}/{app}/requests/{id}        → the output ({video:{url,…}}) or the model error
//   cancel  PUT  {base}/{owner}/{app}/requests/{id}/cancel
import { RateLimitedError, UpstreamError, ValidationError } from '#core/errors';
import { prepareFalJob } from '#core/generation/fal-request';
import {
  SubmitOutcomeUnknownError,
  type ProviderCredential,
  type VideoPoll,
  type VideoProvider,
} from '#core/generation/video-provider';
import { ENV } from '../env.ts';
import { jsonOf, readOnce, retryAfterOf, submitOnce } from './provider-http.ts';

export const FAL_QUEUE_URL = 'https://queue.fal.run';
/** Seconds between polls fal's own client uses while a job is queued or running. */
export const FAL_POLL_AFTER_SECONDS = 5;
const SUBMIT_TIMEOUT_MS = 15_000;
const READ_TIMEOUT_MS = 10_000;

export interface FalOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
}

/** fal's status, result and cancel paths name only owner/app, not the endpoint's own path. */
const appOf = (endpointId: string) => endpointId.split('/').slice(0, 2).join('/');

export function falProvider(options: FalOptions = {}): VideoProvider {
  const send = options.fetch ?? fetch;
  const base = () => (options.baseUrl ?? process.env[ENV.providerTwoBaseUrl] ?? FAL_QUEUE_URL).replace(/\/+$/, '');
  const headers = (credential: ProviderCredential) => ({
    authorization: `Key ${credential.apiKey}`,
    accept: 'application/json',
  });
  const jobUrl = (job: { model: string; providerJobId: string }, suffix = '') =>
    `${base()}/${appOf(job.model)}/requests/${encodeURIComponent(job.providerJobId)}${suffix}`;

  return {
    id: 'provider-two',
    prepare: prepareFalJob,
    completionWebhooks: true,

    async submit(job, credential, options = {}) {
      // With a completion URL fal POSTs the outcome there, signed (fal-webhook-signature.ts).
      const webhook = options.completionUrl ? `?fal_webhook=${encodeURIComponent(options.completionUrl)}` : '';
      const response = await submitOnce(send, 'Provider two', `${base()}/${job.model}${webhook}`, {
        method: 'POST',
        headers: { ...headers(credential), 'content-type': 'application/json' },
        body: JSON.stringify(job.payload),
        signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
      });
      const body = await jsonOf(response);
      if (!response.ok) throw submitError(response, body);
      const requestId = (body as { request_id?: unknown } | undefined)?.request_id;
      if (typeof requestId !== 'string' || requestId === '')
        throw new SubmitOutcomeUnknownError('Provider two answered the submit without a request_id');
      return { providerJobId: requestId, pollAfterSeconds: FAL_POLL_AFTER_SECONDS };
    },

    async poll(job, credential): Promise<VideoPoll> {
      const status = await read(send, jobUrl(job, '/status'), headers(credential));
      if (status.response.status === 404) return { state: 'failed', message: 'Provider two no longer knows this job' };
      if (!status.response.ok) throw readError('status', status.response, status.body);
      const state = (status.body as { status?: unknown } | undefined)?.status;
      if (state === 'IN_QUEUE' || state === 'IN_PROGRESS') {
        const position = (status.body as { queue_position?: unknown }).queue_position;
        return {
          state: 'pending',
          pollAfterSeconds: FAL_POLL_AFTER_SECONDS,
          ...(typeof position === 'number' ? { position } : {}),
        };
      }
      // COMPLETED (or any other terminal value): the result says whether it worked.
      const result = await read(send, jobUrl(job), headers(credential));
      if (result.response.status >= 500) throw readError('result', result.response, result.body);
      if (!result.response.ok)
        return {
          state: 'failed',
          message: `Provider two could not generate the video: ${detailOf(result.body) ?? `HTTP ${result.response.status}`}`,
        };
      const video = (
        result.body as { video?: { url?: unknown; content_type?: unknown; duration?: unknown } } | undefined
      )?.video;
      if (typeof video?.url !== 'string') return { state: 'failed', message: 'Provider two finished without a video' };
      return {
        state: 'succeeded',
        media: {
          url: video.url,
          contentType: typeof video.content_type === 'string' ? video.content_type : 'video/mp4',
        },
        ...(typeof video.duration === 'number' && video.duration > 0 ? { durationSeconds: video.duration } : {}),
      };
    },

    async cancel(job, credential) {
      // Best effort: a job that already finished answers 400 ALREADY_COMPLETED, which is fine too.
      await send(jobUrl(job, '/cancel'), {
        method: 'PUT',
        headers: headers(credential),
        signal: AbortSignal.timeout(READ_TIMEOUT_MS),
      }).catch(() => undefined);
    },
  };
}

async function read(send: typeof fetch, url: string, headers: Record<string, string>) {
  const response = await readOnce(send, 'Provider two', url, headers, READ_TIMEOUT_MS);
  return { response, body: await jsonOf(response) };
}

function submitError(response: Response, body: unknown): Error {
  const detail = detailOf(body);
  if (response.status === 401 || response.status === 403)
    return new UpstreamError(
      "Provider two refused the credential: check the workspace's provider-two connection or the deployment's FAL_KEY",
    );
  if (response.status === 422 || response.status === 400)
    return new ValidationError(`Provider two refused the input: ${detail ?? `HTTP ${response.status}`}`);
  if (response.status === 429)
    return new RateLimitedError(
      'Provider two is rate limiting this account; try again shortly',
      retryAfterOf(response, 10),
    );
  return new UpstreamError(
    `Provider two answered the submit with HTTP ${response.status}${detail ? `: ${detail}` : ''}`,
  );
}

function readError(what: string, response: Response, body: unknown): Error {
  if (response.status === 429)
    return new RateLimitedError(
      'Provider two is rate limiting this account; try again shortly',
      retryAfterOf(response, 10),
    );
  return new UpstreamError(
    `Provider two answered the ${what} read with HTTP ${response.status}${detailOf(body) ? `: ${detailOf(body)}` : ''}`,
  );
}

/** fal's error bodies: `{detail: "text"}` or `{detail: [{loc, msg, type}]}`. */
function detailOf(body: unknown): string | undefined {
  const detail = (body as { detail?: unknown } | undefined)?.detail;
  if (typeof detail === 'string') return detail.slice(0, 300);
  if (Array.isArray(detail)) {
    return detail
      .slice(0, 5)
      .map(
        (item: { loc?: unknown[]; msg?: unknown; type?: unknown }) =>
          `${(item.loc ?? []).filter((part) => part !== 'body').join('.') || 'input'}: ` +
          `${String(item.msg ?? item.type ?? 'invalid')}`,
      )
      .join('; ')
      .slice(0, 500);
  }
  return undefined;
}
