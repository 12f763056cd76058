// http: the public origins of the two hosts, for URLs this service hands out (webhook URLs, the gateway's
// resource and its metadata).
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
  return requestOrigin(event, ENV.publicBaseUrl);
}

const AppUrlConfig = z.object({ [ENV.publicAppUrl]: z.optional(z.url()) });
let appConfig: z.infer<typeof AppUrlConfig> | undefined;
const appUrlConfig = () => (appConfig ??= AppUrlConfig.parse(process.env));

/**
 * Origin of the app host (the gateway and the OAuth documents): PUBLIC_APP_URL when set (the custom
 * domain the well-known documents need, local mode), else the API Gateway domain and stage of this request.
 */
export function publicAppUrlFor(event: APIGatewayProxyEvent): string {
  const configured = appUrlConfig()[ENV.publicAppUrl];
  if (configured) return configured.replace(/\/+$/, '');
  return requestOrigin(event, ENV.publicAppUrl);
}

/** The API Gateway domain and stage this request came through. */
function requestOrigin(event: APIGatewayProxyEvent, setting: string): string {
  const { domainName, path: stagePath } = event.requestContext;
  if (!domainName) throw new Error(`${setting} is not set and the request has no domain name`);
  // requestContext.path is "/<stage>/api/…" on the execute-api domain and "/api/…" behind a custom domain.
  const prefix = stagePath?.endsWith(event.path) ? stagePath.slice(0, stagePath.length - event.path.length) : '';
  return `https://${domainName}${prefix}`;
}
