// oauth: CSRF protection and the signed ticket between sign-in and the workspace choice.
//
// CSRF is a double submit bound to the server: GET sets a random HttpOnly cookie; the form carries
// HMAC(formKey, purpose ‖ cookie). A cross-site POST has neither the cookie (SameSite=Lax) nor a way
// to compute the field, and a token minted for one interaction does not validate for another.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { KoaContextWithOIDC } from 'oidc-provider';

const CSRF_COOKIE = 'oauth_csrf';

const mac = (key: Buffer, message: string) => createHmac('sha256', key).update(message).digest('base64url');

function equal(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Returns the form field for `purpose`, setting the CSRF cookie if the browser has none yet. */
export function issueCsrf(ctx: KoaContextWithOIDC, key: Buffer, purpose: string): string {
  let nonce = ctx.cookies.get(CSRF_COOKIE);
  if (!nonce || !/^[A-Za-z0-9_-]{43}$/.test(nonce)) {
    nonce = randomBytes(32).toString('base64url');
    ctx.cookies.set(CSRF_COOKIE, nonce, {
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.secure,
      path: '/oauth',
      signed: false,
      overwrite: true,
    });
  }
  return mac(key, `csrf:${purpose}:${nonce}`);
}

export function csrfValid(ctx: KoaContextWithOIDC, key: Buffer, purpose: string, field: string | null): boolean {
  const nonce = ctx.cookies.get(CSRF_COOKIE);
  return Boolean(nonce && field && equal(field, mac(key, `csrf:${purpose}:${nonce}`)));
}

const TICKET_SECONDS = 600;

/** Proof, for the workspace-choice form of one interaction, that `userId` signed in (valid 10 minutes). */
export function issueTicket(key: Buffer, interactionUid: string, userId: string, nowSeconds: number): string {
  const expires = nowSeconds + TICKET_SECONDS;
  return `${userId}.${expires}.${mac(key, `ticket:${interactionUid}:${userId}:${expires}`)}`;
}

export function readTicket(
  key: Buffer,
  interactionUid: string,
  ticket: string | null,
  nowSeconds: number,
): string | undefined {
  const [userId, expires, signature] = (ticket ?? '').split('.');
  if (!userId || !expires || !signature || Number(expires) < nowSeconds) return undefined;
  return equal(signature, mac(key, `ticket:${interactionUid}:${userId}:${expires}`)) ? userId : undefined;
}

/** Reads an application/x-www-form-urlencoded body (at most 16 KiB; a sign-in form is far smaller). */
export async function readForm(ctx: KoaContextWithOIDC): Promise<URLSearchParams> {
  const type = ctx.get('content-type').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/x-www-form-urlencoded') return new URLSearchParams();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > 16_384) return new URLSearchParams();
    chunks.push(chunk);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}
