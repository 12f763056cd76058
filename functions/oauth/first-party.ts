// oauth: the studio, our own web app, as a first-party public client. It is registered statically (no
// DCR), may only redirect back to the app origin it is served from, and skips the consent screen: the
// grant is made here with the same role filter the consent page applies, so a viewer signing in to the
// studio gets a viewer's scopes and nothing more.
import type { ClientMetadata, KoaContextWithOIDC } from 'oidc-provider';
import { ROLE_SCOPES } from '#core/users/roles';
import { parseAccountId } from '#core/oauth/tokens';
import { memberships } from '#adapters/composition/stores';
import { requestedScopes } from './interactions.ts';

export const STUDIO_CLIENT_ID = 'studio';
/** Where the studio receives the authorization response (web/src/auth/config.ts uses the same path). */
export const STUDIO_CALLBACK_PATH = '/auth/callback';
const OIDC_SCOPE_NAMES = ['openid', 'offline_access', 'email'];

/**
 * The studio is served from the root of the app host's origin (CloudFront in AWS, the local front at
 * home), so its redirect URIs are that origin's, never a stage-prefixed API URL.
 */
export function studioClient(issuer: string): ClientMetadata {
  const origin = new URL(issuer).origin;
  return {
    client_id: STUDIO_CLIENT_ID,
    client_name: 'Studio',
    token_endpoint_auth_method: 'none',
    application_type: 'web',
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    redirect_uris: [`${origin}${STUDIO_CALLBACK_PATH}`],
    post_logout_redirect_uris: [`${origin}/`],
  };
}

type Grant = InstanceType<KoaContextWithOIDC['oidc']['provider']['Grant']>;

/**
 * oidc-provider's loadExistingGrant: for the studio, (re)builds the grant from the member's role each
 * time it signs in — allowed scopes granted, the rest rejected, exactly as consent does — so no consent
 * prompt is left. Other clients keep the default behaviour (their consent page made the grant).
 */
export function loadExistingGrant(resource: string) {
  return async (ctx: KoaContextWithOIDC): Promise<Grant | undefined> => {
    const { oidc } = ctx;
    const grantId = oidc.result?.consent?.grantId || oidc.session?.grantIdFor(oidc.client!.clientId);
    const existing = grantId ? await oidc.provider.Grant.find(grantId) : undefined;
    if (oidc.client?.clientId !== STUDIO_CLIENT_ID) return existing;

    const accountId = oidc.session?.accountId;
    const account = accountId ? parseAccountId(accountId) : undefined;
    const member = account && (await memberships.getMember(account.workspaceId, account.userId));
    // No member (signed out, or removed): no grant, so the login prompt (or login_required) follows.
    if (!accountId || !member) return undefined;

    const grant =
      existing && existing.accountId === accountId
        ? existing
        : new oidc.provider.Grant({ accountId, clientId: STUDIO_CLIENT_ID });
    const scope = String(oidc.params?.scope ?? '');
    const oidcScopes = scope.split(' ').filter((s) => OIDC_SCOPE_NAMES.includes(s));
    if (oidcScopes.length > 0) grant.addOIDCScope(oidcScopes.join(' '));
    const asked = requestedScopes(scope);
    const allowed = asked.filter((s) => ROLE_SCOPES[member.role].includes(s));
    const rejected = asked.filter((s) => !allowed.includes(s));
    if (allowed.length > 0) grant.addResourceScope(resource, allowed.join(' '));
    if (rejected.length > 0) grant.rejectResourceScope(resource, rejected.join(' '));
    await grant.save();
    oidc.session!.grantIdFor(STUDIO_CLIENT_ID, grant.jti);
    return grant;
  };
}
