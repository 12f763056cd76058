// adapter: provider one — Google Veo 3.1 on the Gemini API (API-key auth), over plain fetch
// (docs/generation-provider-one.md). The wire is what @google/genai 2.32.0 sends for generateVideos and
// getVideosOperation in Gemini-API mode — a contract test drives the real SDK and this client against the
// same stand-in and compares the bodies — without the SDK's ~760 KB in every function that can submit a
// video (the routes, the run's Advance step, the gateway). A submit is one POST, never retried.
//
//   submit  POST {base}/v1beta/models/{model}:predictLongRunning  → { name: "models/…/operations/…" }
//   poll    GET  {base}/v1beta/{name}  → { done?, error?, response.generateVideoResponse.generatedSamples[].video.uri }
//   media   GET  {uri} with x-goog-api-key (the core streams it to S3; redirects followed under the outbound rules)
//   cancel  none: the Gemini API offers no cancel for video operations
import { RateLimitedError, UpstreamError, ValidationError } from '#core/errors';
import { MAX_INLINE_REFERENCE_BYTES, type MediaSource } from '#core/generation/video-jobs';
import { prepareVeoJob, type VeoImage, type VeoPayload } from '#core/generation/veo-request';
import {
  SubmitOutcomeUnknownError,
  type ProviderCredential,
  type VideoPoll,
  type VideoProvider,
} from '#core/generation/video-provider';
import { ENV } from '../env.ts';
import { jsonOf, readOnce, retryAfterOf, submitOnce } from './provider-http.ts';

export const GEMINI_API_URL = 'https://generativelanguage.googleapis.com';
/** Google's own samples poll a Veo operation every 10 seconds. */
export const VEO_POLL_AFTER_SECONDS = 10;
const SUBMIT_TIMEOUT_MS = 30_000;
const READ_TIMEOUT_MS = 10_000;
const REFERENCE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

export interface VeoOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Where URL references are fetched from (under the outbound rules) before a submit. */
  media: MediaSource;
}

export function veoProvider(options: VeoOptions): VideoProvider {
  const send = options.fetch ?? fetch;
  const base = () => (options.baseUrl ?? process.env[ENV.providerOneBaseUrl] ?? GEMINI_API_URL).replace(/\/+$/, '');
  const headers = (credential: ProviderCredential) => ({
    'x-goog-api-key': credential.apiKey,
    accept: 'application/json',
  });

  return {
    id: 'provider-one',
    prepare: prepareVeoJob,

    async submit(job, credential) {
      // References first: a reference that cannot be read fails the job before anything reaches Google.
      const body = await inlined(job.payload as unknown as VeoPayload, options.media);
      const url = `${base()}/v1beta/models/${encodeURIComponent(job.model)}:predictLongRunning`;
      const response = await submitOnce(send, 'Provider one', url, {
        method: 'POST',
        headers: { ...headers(credential), 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(SUBMIT_TIMEOUT_MS),
      });
      const answer = await jsonOf(response);
      if (!response.ok) throw failure('submit', response, answer);
      const name = (answer as { name?: unknown } | undefined)?.name;
      if (typeof name !== 'string' || !/^models\/[^/]+\/operations\/[^/]+$/.test(name))
        throw new SubmitOutcomeUnknownError('Provider one answered the submit without an operation name');
      return { providerJobId: name, pollAfterSeconds: VEO_POLL_AFTER_SECONDS };
    },

    async poll(job, credential): Promise<VideoPoll> {
      const url = `${base()}/v1beta/${job.providerJobId}`;
      const response = await readOnce(send, 'Provider one', url, headers(credential), READ_TIMEOUT_MS);
      const operation = (await jsonOf(response)) as GeminiOperation | undefined;
      if (response.status === 404) return { state: 'failed', message: 'Provider one no longer knows this operation' };
      if (!response.ok) throw failure('status', response, operation);
      if (!operation?.done) return { state: 'pending', pollAfterSeconds: VEO_POLL_AFTER_SECONDS };
      if (operation.error) {
        const reason = operation.error.message ?? operation.error.status ?? 'unknown error';
        return { state: 'failed', message: `Provider one could not generate the video: ${reason}`.slice(0, 500) };
      }
      const result = operation.response?.generateVideoResponse;
      const uri = result?.generatedSamples?.find((sample) => typeof sample.video?.uri === 'string')?.video?.uri;
      if (!uri) {
        const reasons = (result?.raiMediaFilteredReasons ?? []).join('; ');
        return {
          state: 'failed',
          message: result?.raiMediaFilteredCount
            ? `Provider one's safety filters withheld the video${reasons ? `: ${reasons}` : ''}`.slice(0, 500)
            : 'Provider one finished without a video',
        };
      }
      return {
        state: 'succeeded',
        media: {
          url: rebased(uri, base()),
          contentType: 'video/mp4',
          headers: { 'x-goog-api-key': credential.apiKey },
        },
      };
    },

    async cancel() {
      // The Gemini API has no cancel for a video operation: it runs to its end. The core still marks the
      // job cancelled and releases the hold (docs/generation-provider-one.md says what that costs).
    },
  };
}

interface GeminiOperation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string; status?: string };
  response?: {
    generateVideoResponse?: {
      generatedSamples?: { video?: { uri?: string } }[];
      raiMediaFilteredCount?: number;
      raiMediaFilteredReasons?: string[];
    };
  };
}

/** The payload with every URL reference replaced by its bytes (Gemini takes inline images only). */
async function inlined(payload: VeoPayload, media: MediaSource): Promise<VeoPayload> {
  const [instance] = payload.instances;
  const fetchOne = async (image: VeoImage, field: string) =>
    'url' in image ? fetchImage(image.url, field, media) : image;
  return {
    instances: [
      {
        prompt: instance.prompt,
        ...(instance.image ? { image: await fetchOne(instance.image, 'imageUrl') } : {}),
        ...(instance.lastFrame ? { lastFrame: await fetchOne(instance.lastFrame, 'lastFrameUrl') } : {}),
        ...(instance.referenceImages
          ? {
              referenceImages: await Promise.all(
                instance.referenceImages.map(async (reference, index) => ({
                  image: await fetchOne(reference.image, `referenceImageUrls[${index}]`),
                  referenceType: reference.referenceType,
                })),
              ),
            }
          : {}),
      },
    ],
    parameters: payload.parameters,
  };
}

async function fetchImage(url: string, field: string, media: MediaSource): Promise<VeoImage> {
  let opened: Awaited<ReturnType<MediaSource['open']>>;
  try {
    opened = await media.open({ url }, MAX_INLINE_REFERENCE_BYTES);
  } catch (error) {
    throw new ValidationError(
      `${field}: the image could not be fetched (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const contentType = (opened.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Uint8Array));
  } catch (error) {
    throw new ValidationError(
      `${field}: the image could not be read (${error instanceof Error ? error.message : String(error)}; at ` +
        `most ${MAX_INLINE_REFERENCE_BYTES} bytes)`,
    );
  }
  if (!REFERENCE_TYPES.has(contentType))
    throw new ValidationError(
      `${field}: provider one takes PNG, JPEG or WebP images, not ${contentType || 'an untyped file'}`,
    );
  return { bytesBase64Encoded: Buffer.concat(chunks).toString('base64'), mimeType: contentType };
}

/**
 * Gemini names a finished video by a file URI on its own host; against another base URL (a stand-in, a
 * proxy) the same file is asked of that base — what the SDK's files.download does with the file id.
 */
function rebased(uri: string, base: string): string {
  const file = /^https:\/\/generativelanguage\.googleapis\.com\/v1beta\/(files\/[^/?:]+:download)(\?.*)?$/.exec(uri);
  if (!file || base === GEMINI_API_URL) return uri;
  return `${base}/v1beta/${file[1]}${file[2] ?? '?alt=media'}`;
}

/** Gemini's errors: `{ error: { code, message, status, details: [{ reason }] } }`. */
function failure(what: 'submit' | 'status', response: Response, body: unknown): Error {
  const error = (
    body as { error?: { message?: unknown; status?: unknown; details?: { reason?: unknown }[] } } | undefined
  )?.error;
  const message = typeof error?.message === 'string' ? error.message.slice(0, 300) : `HTTP ${response.status}`;
  const reasons = (error?.details ?? []).map((detail) => detail.reason);
  if (response.status === 401 || response.status === 403 || reasons.includes('API_KEY_INVALID')) {
    return new UpstreamError(
      `Provider one refused the credential (${message}): check the workspace's provider-one connection or the deployment's ${ENV.providerOneApiKey}`,
    );
  }
  if (response.status === 429)
    return new RateLimitedError(
      'Provider one is rate limiting this account; try again shortly',
      retryAfterOf(response, 30),
    );
  if (what === 'submit' && response.status === 400)
    return new ValidationError(`Provider one refused the input: ${message}`);
  return new UpstreamError(`Provider one answered the ${what} with HTTP ${response.status}: ${message}`);
}
