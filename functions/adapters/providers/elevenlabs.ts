// adapter: the speech provider — ElevenLabs' text-to-speech and speech-to-speech over plain fetch. Not
// the SDK: it retries 408/429/5xx by default (a retried generation is billed twice; the API has no
// idempotency key) and bundles to about 5 MB. One request per operation; errors mapped once.
//   tts  POST {base}/v1/text-to-speech/{voice}?output_format=mp3_44100_128   JSON
//   sts  POST {base}/v1/speech-to-speech/{voice}?output_format=mp3_44100_128 multipart (audio, model_id, voice_settings
// as JSON text, seed, remove_background_noise)
import { RateLimitedError, UpstreamError, UpstreamTimeoutError, ValidationError } from '#core/errors';
import type { SpeechProvider, SpeechResult } from '#core/generation/speech-provider';
import { SPEECH_DEFAULTS } from '#core/generation/speech-request';
import { ENV } from '../env.ts';

export const ELEVENLABS_URL = 'https://api.elevenlabs.io';
const TIMEOUT_MS = 120_000;

export function elevenLabsProvider(options: { baseUrl?: string; fetch?: typeof fetch } = {}): SpeechProvider {
  const send = options.fetch ?? fetch;
  const base = () => (options.baseUrl ?? process.env[ENV.speechBaseUrl] ?? ELEVENLABS_URL).replace(/\/+$/, '');
  const url = (kind: string, voice: string) =>
    `${base()}/v1/${kind}/${encodeURIComponent(voice)}?output_format=${SPEECH_DEFAULTS.outputFormat}`;

  async function call(target: string, init: RequestInit): Promise<SpeechResult> {
    let response: Response;
    try {
      response = await send(target, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      if (name === 'TimeoutError') throw new UpstreamTimeoutError('The speech provider did not answer in time');
      throw new UpstreamError('The speech provider could not be reached');
    }
    if (!response.ok) throw await errorOf(response);
    const cost = Number(response.headers.get('character-cost'));
    return {
      audio: new Uint8Array(await response.arrayBuffer()),
      contentType: (response.headers.get('content-type') ?? SPEECH_DEFAULTS.contentType).split(';')[0]!.trim(),
      ...(response.headers.get('request-id') ? { requestId: response.headers.get('request-id')! } : {}),
      ...(Number.isFinite(cost) && response.headers.has('character-cost') ? { characterCost: cost } : {}),
    };
  }

  return {
    speak: (request, apiKey) =>
      call(url('text-to-speech', request.voice), {
        method: 'POST',
        headers: { 'xi-api-key': apiKey, 'content-type': 'application/json', accept: SPEECH_DEFAULTS.contentType },
        body: JSON.stringify({
          text: request.text,
          model_id: request.vendorModel,
          ...(Object.keys(request.voiceSettings).length ? { voice_settings: request.voiceSettings } : {}),
          ...request.extras,
        }),
      }),
    revoice: (request, source, apiKey) => {
      const form = new FormData();
      form.append(
        'audio',
        new Blob([source.bytes], { type: source.contentType }),
        `source.${source.contentType.split('/')[1] ?? 'mp3'}`,
      );
      form.append('model_id', request.vendorModel);
      if (Object.keys(request.voiceSettings).length)
        form.append('voice_settings', JSON.stringify(request.voiceSettings));
      if (request.extras.seed !== undefined) form.append('seed', String(request.extras.seed));
      form.append('remove_background_noise', String(request.removeBackgroundNoise ?? false));
      return call(url('speech-to-speech', request.voice), {
        method: 'POST',
        headers: { 'xi-api-key': apiKey, accept: SPEECH_DEFAULTS.contentType },
        body: form,
      });
    },
  };
}

/** `{detail: {status, message}}` or FastAPI's `{detail: [{loc, msg}]}`, mapped to our errors. */
async function errorOf(response: Response): Promise<Error> {
  const body = (await response.json().catch(() => undefined)) as { detail?: unknown } | undefined;
  const detail = body?.detail;
  const message =
    typeof detail === 'string'
      ? detail
      : Array.isArray(detail)
        ? detail
            .map(
              (item: { loc?: unknown[]; msg?: unknown }) =>
                `${(item.loc ?? []).filter((part) => part !== 'body').join('.')}: ${String(item.msg)}`,
            )
            .join('; ')
        : typeof (detail as { message?: unknown } | undefined)?.message === 'string'
          ? String((detail as { message: string }).message)
          : `HTTP ${response.status}`;
  const status = (detail as { status?: unknown } | undefined)?.status;
  if (response.status === 401 || status === 'invalid_api_key')
    return new UpstreamError(
      "The speech provider refused the credential: check the workspace's speech connection or the deployment's ELEVENLABS_API_KEY",
    );
  if (response.status === 429)
    return new RateLimitedError(
      `The speech provider is busy: ${message}`,
      Math.min(Math.max(Number(response.headers.get('retry-after')) || 5, 1), 120),
    );
  if (response.status === 400 || response.status === 404 || response.status === 422)
    return new ValidationError(`The speech provider refused the request: ${message.slice(0, 300)}`);
  return new UpstreamError(`The speech provider answered HTTP ${response.status}: ${message.slice(0, 300)}`);
}
