// http: the origin of the base host, for URLs this service hands to other systems (webhook URLs).
import type { APIGatewayProxyEvent } from 'aws-lambda';
import * as z from '#core/schema';
import { ENV } from '#adapters/env';

const PublicUrlConfig = z.object({
  [ENV.publicBaseUrl]: z.optional(z.url()),
  [ENV.baseApiUrl]: z.optional(z.url()),
});

let config: z.infer<typeof PublicUrlConfig> | undefined;
const publicUrlConfig = () => (config ??= PublicUrlConfig.parse(process.env));

/**
 * PUBLIC_BASE_URL when set (a custom domain, local mode); else BASE_API_URL, the base host's invoke URL
 * that CDK gives functions serving another host (the gateway); else the API Gateway domain and stage
 * this request came through.
 */
export function publicBaseUrlFor(event: APIGatewayProxyEvent): string {
  const configured = publicUrlConfig()[ENV.publicBaseUrl] ?? publicUrlConfig()[ENV.baseApiUrl];
  if (configured) return configured.replace(/\/+$/, '');
  const { domainName, path: stagePath } = event.requestContext;
  if (!domainName) throw new Error(`${ENV.publicBaseUrl} is not set and the request has no domain name`);
  // requestContext.path is "/<stage>/api/…" on the execute-api domain and "/api/…" behind a custom domain.
  const prefix = stagePath && stagePath.endsWith(event.path) ? stagePath.slice(0, stagePath.length - event.path.length) : '';
  return `https://${domainName}${prefix}`;
}
