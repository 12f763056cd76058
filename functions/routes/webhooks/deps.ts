// route helper: what the webhook routes share, built once per cold start.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { systemClock } from '#core/clock';
import * as z from '#core/schema';
import { canvases } from '#adapters/dynamodb/repositories';
import { DynamoWebhookRepository } from '#adapters/dynamodb/webhook-repository';
import { ENV } from '#adapters/env';
import { secretSource } from '#adapters/secrets/secret-source';

const WebhookConfig = z.object({
  [ENV.publicBaseUrl]: z.optional(z.url()),
  [ENV.webhookRateLimit]: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100_000)), 60),
});

let config: z.infer<typeof WebhookConfig> | undefined;
export const webhookConfig = () => (config ??= WebhookConfig.parse(process.env));

const readServiceKey = secretSource(ENV.webhookSecretKey, ENV.webhookSecretKeyArn);

export const webhooks = new DynamoWebhookRepository();

export const registrationDeps = {
  webhooks,
  canvases,
  clock: systemClock,
  serviceKey: async () => {
    const key = await readServiceKey();
    if (!key) throw new Error(`Neither ${ENV.webhookSecretKey} nor ${ENV.webhookSecretKeyArn} is set`);
    return key;
  },
};

/**
 * The origin webhook URLs are built on: PUBLIC_BASE_URL when set (local mode, a custom domain), else
 * the API Gateway domain and stage this request came through.
 */
export function publicBaseUrlFor(event: APIGatewayProxyEvent): string {
  const configured = webhookConfig()[ENV.publicBaseUrl];
  if (configured) return configured;
  const { domainName, path: stagePath } = event.requestContext;
  if (!domainName) throw new Error(`${ENV.publicBaseUrl} is not set and the request has no domain name`);
  // requestContext.path is "/<stage>/api/…" on the execute-api domain and "/api/…" behind a custom domain.
  const prefix = stagePath && stagePath.endsWith(event.path) ? stagePath.slice(0, stagePath.length - event.path.length) : '';
  return `https://${domainName}${prefix}`;
}
