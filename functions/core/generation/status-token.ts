// core: the signed status token of a video job — what a canvas-bound client presents to poll the job it
// submitted. HMAC-SHA256 under a key derived from the service key for this purpose only, over the
// workspace, canvas, job and expiry, so a token names exactly one job of one canvas of one workspace and
// stops working when it expires. Compared in constant time.
//
//   token = base64url(JSON {w, c, j, e}) "." base64url(HMAC(key, that first part))
import { createHmac, timingSafeEqual } from 'node:crypto';
import { ForbiddenError, UnauthorizedError } from '../errors.ts';

/** How long a status token works: longer than any provider job (a client polls within it). */
export const STATUS_TOKEN_TTL_SECONDS = 24 * 60 * 60;

export interface StatusTokenClaims {
  workspaceId: string;
  canvasId: string;
  jobId: string;
  /** Expiry, Unix seconds. */
  expiresAt: number;
}

/** The token key: the service key under a purpose label, so no other derived secret can stand in for it. */
export const statusTokenKey = (serviceKey: string) =>
  createHmac('sha256', serviceKey).update('video-status-token\nv1').digest();

const sign = (key: Buffer, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function issueStatusToken(
  claims: Omit<StatusTokenClaims, 'expiresAt'>,
  key: Buffer,
  now: Date,
): { token: string; expiresAt: string } {
  const expiresAt = Math.floor(now.getTime() / 1000) + STATUS_TOKEN_TTL_SECONDS;
  const body = Buffer.from(
    JSON.stringify({ w: claims.workspaceId, c: claims.canvasId, j: claims.jobId, e: expiresAt }),
  ).toString('base64url');
  return { token: `${body}.${sign(key, body)}`, expiresAt: new Date(expiresAt * 1000).toISOString() };
}

/**
 * The claims of a valid token for `workspaceId`. 401 for a malformed, forged or expired token; 403 for
 * a genuine token of another workspace (the caller's key is not the submitter's).
 */
export function verifyStatusToken(token: string, key: Buffer, workspaceId: string, now: Date): StatusTokenClaims {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) throw new UnauthorizedError('statusToken is malformed');
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new UnauthorizedError('statusToken is not valid');
  let claims: { w?: unknown; c?: unknown; j?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw new UnauthorizedError('statusToken is malformed');
  }
  if (
    typeof claims.w !== 'string' ||
    typeof claims.c !== 'string' ||
    typeof claims.j !== 'string' ||
    typeof claims.e !== 'number'
  ) {
    throw new UnauthorizedError('statusToken is malformed');
  }
  if (claims.e * 1000 <= now.getTime())
    throw new UnauthorizedError('statusToken has expired: submit the job again or poll with a fresh token');
  if (claims.w !== workspaceId) throw new ForbiddenError('statusToken belongs to another workspace');
  return { workspaceId: claims.w, canvasId: claims.c, jobId: claims.j, expiresAt: claims.e };
}
