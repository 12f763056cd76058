// oauth: the server's keys, all derived (HKDF-SHA256, one label each) from the service key that webhook
// secrets also come from (WEBHOOK_SECRET_KEY locally, a Secrets Manager secret in AWS). Deriving means
// no second secret to provision and rotate; distinct labels keep the uses cryptographically apart.
import { createECDH, createHash, hkdfSync } from 'node:crypto';

export interface OAuthKeys {
  /** Signs oidc-provider's cookies (Koa keygrip). */
  cookieKeys: string[];
  /** HMAC key of our forms' CSRF tokens and workspace-choice tickets. */
  formKey: Buffer;
  /** ES256 private JWK that signs ID tokens (OIDC requires a jwks_uri even if MCP clients never use it). */
  signingJwk: { kty: 'EC'; crv: 'P-256'; d: string; x: string; y: string; kid: string; use: 'sig'; alg: 'ES256' };
}

const derive = (secret: string, label: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'workspace-automation-oauth', label, 32));

export function deriveOAuthKeys(secret: string): OAuthKeys {
  if (secret.length < 16) throw new Error('The service key is too short to derive OAuth keys from');
  // A P-256 private scalar is 32 bytes below the group order; 32 random bytes are above it with
  // probability ~2^-32, and setPrivateKey rejects those, so retry with a counter in the label.
  for (let attempt = 0; ; attempt++) {
    const d = derive(secret, `id-token-signing-key/${attempt}`);
    try {
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(d);
      const point = ecdh.getPublicKey(); // 0x04 ‖ x ‖ y
      const x = point.subarray(1, 33).toString('base64url');
      const y = point.subarray(33, 65).toString('base64url');
      const kid = createHash('sha256').update(point).digest('base64url').slice(0, 16);
      return {
        cookieKeys: [derive(secret, 'cookie-signing').toString('base64url')],
        formKey: derive(secret, 'form-tokens'),
        signingJwk: { kty: 'EC', crv: 'P-256', d: d.toString('base64url'), x, y, kid, use: 'sig', alg: 'ES256' },
      };
    } catch (error) {
      if (attempt > 8) throw error;
    }
  }
}
