// route: POST /api/providers/completions?provider=&workspaceId=&jobId= — a video provider's completion
// webhook (fal's `fal_webhook`, asked for at submit: functions/adapters/generation/completion-url.ts).
// Authenticated by fal's ED25519 signature over the raw body (a forged or stale delivery is 401 and
// changes nothing), then recordProviderCompletion: the job named in the URL, only if the signed request
// id is that job's; the run waiting on it is woken. Every verified delivery is answered 200, so fal stops
// retrying one we chose to ignore (late, duplicate, another job's); our own failure is a 500 fal retries.
import { recordProviderCompletion } from '#core/generation/video-job-completion';
import { PayloadTooLargeError, UnauthorizedError } from '#core/errors';
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { telemetry } from '#core/telemetry';
import { videoJobs } from '#adapters/composition/provider-jobs';
import { falSignatureVerifier } from '#adapters/providers/fal-webhook-signature';
import { runWaits } from '#adapters/sfn/run-waits';
import { defineHandler } from '#http/handler';
import type { Authenticator } from '#http/auth/authenticator';
import { header, rawBody } from '#http/request';
import { DEFAULT_MAX_BODY_BYTES } from '#http/parse';

const verifier = falSignatureVerifier();

/** The delivery fal signed: its request id (the signature covers it) and its parsed body. */
const falSignature: Authenticator<{ requestId: string; body: unknown }> = {
  kind: 'public',
  async authenticate(event, route) {
    const body = rawBody(event);
    const maxBodyBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    if (body.length > maxBodyBytes) throw new PayloadTooLargeError(`Body is larger than ${maxBodyBytes} bytes`);
    const delivery = {
      requestId: header(event, 'x-fal-webhook-request-id'),
      userId: header(event, 'x-fal-webhook-user-id'),
      timestamp: header(event, 'x-fal-webhook-timestamp'),
      signature: header(event, 'x-fal-webhook-signature'),
    };
    const check = await verifier.verify(delivery, body);
    if (!check.valid) throw new UnauthorizedError(`Bad fal webhook signature: ${check.reason}`);
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      parsed = undefined;
    }
    return { requestId: delivery.requestId!, body: parsed };
  },
  principalOf: () => undefined,
};

const Query = z.object({
  provider: z.literal('provider-two'),
  workspaceId: z.string().check(z.minLength(1)),
  jobId: z.string().check(z.minLength(1)),
});

export const handler = defineHandler(
  { route: 'provider-completions', auth: falSignature, query: Query },
  async ({ caller, query, event }) => {
    // The signed header and the body name the same request; a body naming another is not this delivery.
    const bodyRequestId = (caller.body as { request_id?: unknown } | undefined)?.request_id;
    const providerJobId = typeof bodyRequestId === 'string' ? bodyRequestId : caller.requestId;
    const { outcome } =
      providerJobId === caller.requestId
        ? await recordProviderCompletion(
            { workspaceId: query.workspaceId, jobId: query.jobId, provider: query.provider, providerJobId },
            { jobs: videoJobs, clock: systemClock, runWaits },
          )
        : { outcome: 'ignored' as const };
    (outcome === 'ignored' ? telemetry.warn : telemetry.info)('provider completion webhook', {
      provider: query.provider,
      jobId: query.jobId,
      providerJobId,
      outcome,
      requestId: event.requestContext?.requestId,
    });
    return { received: true, outcome };
  },
);
