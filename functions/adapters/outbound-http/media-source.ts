// adapter: MediaSource — a provider's finished media streamed from its URL under the outbound rules
// (public HTTPS checked after DNS, pinned address, no redirects; OUTBOUND_ALLOW_HOSTS and test CAs apply
// outside Lambda only), capped at the asset kind's size.
import { UpstreamError } from '#core/errors';
import type { MediaSource } from '#core/generation/video-jobs';
import { outboundConfig } from './config.ts';
import { safeRequest } from './safe-request.ts';

const HEADERS_TIMEOUT_MS = 15_000;
const IDLE_TIMEOUT_MS = 30_000;

export const mediaSource: MediaSource = {
  async open(media, maxBytes) {
    const { allowHosts, extraCa } = outboundConfig();
    const answer = await safeRequest({
      method: 'GET',
      url: media.url,
      headers: media.headers,
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
    if (answer.status !== 200) {
      answer.body.resume();
      throw new UpstreamError(`The generated media could not be fetched: HTTP ${answer.status}`);
    }
    const contentType = answer.headers['content-type'];
    return { contentType: typeof contentType === 'string' ? contentType : undefined, body: answer.body };
  },
};
