// adapter: MediaSource — a provider's finished media streamed from its URL under the outbound rules
// (public HTTPS checked after DNS, pinned address; OUTBOUND_ALLOW_HOSTS — and for a provider's own media
// PROVIDER_ALLOW_HOSTS — and test CAs apply outside Lambda
// only), capped at the asset kind's size. Providers hand out download URLs that redirect to their storage
// (Gemini's file download does): up to MAX_REDIRECTS are followed, each hop a new request checked like the
// first, and the caller's headers (an API key) go to the first origin only — never across a redirect to
// another one.
import { UpstreamError } from '#core/errors';
import type { MediaSource } from '#core/generation/video-jobs';
import { outboundConfig } from './config.ts';
import { safeRequest } from './safe-request.ts';

const HEADERS_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 30_000;
export const MAX_REDIRECTS = 3;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Media at a URL a caller chose (a reference image, source audio): the outbound rules as they are. */
export const mediaSource: MediaSource = mediaSourceFor('caller');

/**
 * Media at a URL a provider answered with (a finished video): also reaches PROVIDER_ALLOW_HOSTS, where
 * local mode's stand-ins serve what they made.
 */
export const providerMediaSource: MediaSource = mediaSourceFor('provider');

function mediaSourceFor(from: 'caller' | 'provider'): MediaSource {
  return { open: (media, maxBytes) => open(media, maxBytes, from) };
}

async function open(
  media: Parameters<MediaSource['open']>[0],
  maxBytes: number,
  from: 'caller' | 'provider',
): ReturnType<MediaSource['open']> {
  const config = outboundConfig();
  const allowHosts = from === 'provider' ? [...config.allowHosts, ...config.providerAllowHosts] : config.allowHosts;
  const { extraCa } = config;
  const origin = new URL(media.url).origin;
  let url = media.url;
  for (let hop = 0; ; hop++) {
    const answer = await safeRequest({
      method: 'GET',
      url,
      headers: new URL(url).origin === origin ? media.headers : undefined,
      timeoutMs: HEADERS_TIMEOUT_MS,
      maxResponseBytes: maxBytes,
      overflow: 'fail',
      allowHosts,
      ca: extraCa,
      field: 'media url',
      userAgent: 'workspace-automation-media/1',
      stream: { idleTimeoutMs: IDLE_TIMEOUT_MS },
    });
    if (!answer.ok) throw new UpstreamError(`The generated media could not be fetched: ${answer.error}`);
    if (REDIRECTS.has(answer.status) && typeof answer.headers.location === 'string') {
      answer.body.resume();
      if (hop === MAX_REDIRECTS)
        throw new UpstreamError(`The generated media could not be fetched: more than ${MAX_REDIRECTS} redirects`);
      url = new URL(answer.headers.location, url).toString();
      continue;
    }
    if (answer.status !== 200) {
      answer.body.resume();
      throw new UpstreamError(`The generated media could not be fetched: HTTP ${answer.status}`);
    }
    const contentType = answer.headers['content-type'];
    return { contentType: typeof contentType === 'string' ? contentType : undefined, body: answer.body };
  }
}
