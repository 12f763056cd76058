// http: the address a request came from. Behind CloudFront the stage sees an edge server, not the client,
// so CloudFront adds two headers to every request to the app host's API (lib/constructs/studio-site.ts):
// the deployment's origin secret, and the viewer's IP, set by a viewer-request function (so a viewer
// cannot choose it). A caller of the execute-api URL can send both headers too, but not the secret's
// value: only a request carrying it came through CloudFront, and only then is the viewer header believed.
//
//   origin secret configured, header equal to it ─► x-viewer-address (CloudFront's event.viewer.ip)
//   no secret, header absent or different         ─► requestContext.identity.sourceIp (the caller itself)
import { createHash, timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { header } from './request.ts';

/** The header CloudFront adds to every request to the app host's API, holding the origin secret. */
export const ORIGIN_SECRET_HEADER = 'x-origin-secret';
/** The header CloudFront's viewer-request function sets to the viewer's IP address, over any the viewer sent. */
export const VIEWER_ADDRESS_HEADER = 'x-viewer-address';

/** Whether `event` carries the origin secret (compared in constant time: the header is the caller's). */
export function cameThroughCloudFront(event: APIGatewayProxyEvent, originSecret: string | undefined): boolean {
  const presented = header(event, ORIGIN_SECRET_HEADER);
  if (!originSecret || presented === undefined) return false;
  // Digests have one length, as timingSafeEqual needs, whatever length the caller sent.
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(presented), digest(originSecret));
}

/**
 * The client's address: the viewer's, as CloudFront saw it, when the request proves it came through
 * CloudFront; otherwise the address that called API Gateway. X-Forwarded-For is never read: its first
 * entries are whatever the client wrote.
 */
export function clientAddressOf(event: APIGatewayProxyEvent, originSecret: string | undefined): string | undefined {
  const viewer = header(event, VIEWER_ADDRESS_HEADER)?.trim();
  if (viewer && cameThroughCloudFront(event, originSecret)) return viewer;
  return event.requestContext?.identity?.sourceIp || undefined;
}
