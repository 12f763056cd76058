// route: ANY /webhook/trigger → triggerWebhook (secret or provider signature, rate limit, idempotency) → acceptRun
// Authenticated by the trigger's secret (or a provider's signature under it), which the use case checks
// once it has the webhook's record (functions/http/auth/public.ts: webhookSender); CORS on every answer.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { MethodNotAllowedError } from '#core/errors';
import { providerReplayMessage } from '#core/runs/idempotency';
import { WEBHOOK_METHODS, type WebhookCall } from '#core/webhooks/request';
import { triggerWebhook } from '#core/webhooks/use-cases';
import { outboundConfig } from '#adapters/outbound-http/config';
import { validateCallbackUrl } from '#adapters/outbound-http/validate-callback-url';
import { webhookSender } from '#http/auth/public';
import { asIs, defineHandler } from '#http/handler';
import { rawBody } from '#http/request';
import { jsonResponse } from '#http/responses';
import { webhookTriggerDeps } from '#adapters/composition/webhook-trigger';
import { publicBaseUrlFor } from '#http/public-url';
import { acceptedBody } from '#operations/runs/accepted-answer';

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': [...WEBHOOK_METHODS, 'OPTIONS'].join(', '),
  'access-control-allow-headers': 'authorization, content-type, x-webhook-secret, idempotency-key, x-idempotency-key',
  'access-control-max-age': '600',
};

const { allowHosts } = outboundConfig();

function toCall(event: APIGatewayProxyEvent, origin: string): WebhookCall {
  const headers: Record<string, string> = {};
  for (const [name, values] of Object.entries(event.multiValueHeaders ?? {})) {
    if (values) headers[name.toLowerCase()] = values.join(', ');
  }
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] ??= value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {}))
    if (value !== undefined) query[name] = value;
  const search = new URLSearchParams();
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {}))
    for (const value of values ?? []) search.append(name, value);
  const queryString = search.toString();
  return {
    method: event.httpMethod.toUpperCase(),
    url: `${origin}${event.path}${queryString ? `?${queryString}` : ''}`,
    headers,
    query,
    body: rawBody(event),
  };
}

/** The preflight, and 405 for a method no trigger takes. */
function preflight(event: APIGatewayProxyEvent): APIGatewayProxyResult | undefined {
  const method = event.httpMethod.toUpperCase();
  if (method === 'OPTIONS') return { statusCode: 204, headers: CORS, body: '' };
  if (!(WEBHOOK_METHODS as readonly string[]).includes(method)) {
    throw new MethodNotAllowedError(`Method ${method} is not allowed on /webhook/trigger`, [
      ...WEBHOOK_METHODS,
      'OPTIONS',
    ]);
  }
  return undefined;
}

export const handler = defineHandler(
  { route: 'webhook-trigger', auth: webhookSender, headers: () => CORS, before: preflight },
  async ({ event }) => {
    // The URL the sender called: PUBLIC_BASE_URL (custom domain, local mode) or the API's domain and stage.
    const call = toCall(event, publicBaseUrlFor(event));
    const accepted = await triggerWebhook(call, webhookTriggerDeps(), (raw) =>
      validateCallbackUrl(raw, { allowHosts }),
    );
    const { provider } = accepted;
    const body = {
      ...acceptedBody(accepted),
      ...(provider ? { provider: provider.name, eventId: provider.eventId } : {}),
      // Keyed by the sender's event id: a replay is the sender's redelivery, not a caller reusing a key.
      ...(provider && accepted.replayed ? { message: providerReplayMessage(provider.name, provider.eventId) } : {}),
    };
    return asIs(jsonResponse(202, body, accepted.replayed ? { 'idempotency-replayed': 'true' } : {}));
  },
);
