// oauth: our interaction pages inside the provider's Koa app — sign-in, workspace choice, consent —
// and the invite-accept page. Thin: every decision is a use case (users/, workspaces/members).
//
//   GET  /oauth/interaction/:uid            login prompt ─► sign-in form │ consent prompt ─► consent form
//   POST /oauth/interaction/:uid/login      rate limit ─► signIn ─► 1 workspace: finish login
//                                                                  n workspaces: picker (signed ticket)
//   POST /oauth/interaction/:uid/workspace  ticket + membership ─► finish login (account = user:workspace)
//   POST /oauth/interaction/:uid/consent    chosen ∩ requested ∩ role ─► Grant ─► finish consent
//   POST /oauth/interaction/:uid/abort      access_denied
//   GET|POST /oauth/invite/:token           sign in (or set a password) and accept
import type Provider from 'oidc-provider';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { systemClock } from '#core/clock';
import { DomainError, RateLimitedError, UnauthorizedError } from '#core/errors';
import { ROLE_SCOPES } from '#core/users/roles';
import { encodeAccountId, parseAccountId } from '#core/oauth/tokens';
import { createUser, signIn, workspacesOf } from '#core/users/use-cases';
import { normaliseEmail, PasswordSchema } from '#core/users/model';
import { acceptInvite, findOpenInvite } from '#core/workspaces/members';
import { hashInviteToken } from '#core/workspaces/invites';
import { SCOPES, type Scope } from '#core/scopes';
import { memberships, rateLimiter as limiter, users, workspaces } from '#adapters/composition/stores';
import { hashOAuthId } from '#core/oauth/tokens';
import type { OAuthKeys } from './keys.ts';
import { csrfValid, issueCsrf, issueTicket, readForm, readTicket } from './forms.ts';
import { consentPage, invitePage, messagePage, signInPage, workspacePage } from './pages.ts';

/** Sign-in attempts allowed per email and per client address in 5 minutes. */
export const SIGN_IN_LIMITS = { perEmail: 10, perAddress: 50, windowSeconds: 300 } as const;

const deps = { users, memberships, clock: systemClock };
/**
 * Finishes an interaction whose account lost its membership since it signed in (copied per use: oidc-provider
 * keeps the result it is given).
 */
const NO_LONGER_A_MEMBER = {
  error: 'login_required',
  error_description: 'You are no longer a member of this workspace',
};

type Context = KoaContextWithOIDC;

function send(ctx: Context, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'html';
  ctx.set('cache-control', 'no-store');
  ctx.set('x-frame-options', 'DENY');
  ctx.set(
    'content-security-policy',
    "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self' http: https:; frame-ancestors 'none'",
  );
  ctx.body = body;
}

/** Sign-in is rate limited by email and by client address (a DynamoDB fixed window, shared by all Lambdas). */
async function assertSignInAllowed(ctx: Context, email: string): Promise<void> {
  const now = systemClock.now();
  const { perEmail, perAddress, windowSeconds } = SIGN_IN_LIMITS;
  for (const [name, limit] of [
    [`email-${hashOAuthId(normaliseEmail(email)).slice(0, 32)}`, perEmail],
    [`ip-${hashOAuthId(ctx.ip).slice(0, 32)}`, perAddress],
  ] as const) {
    const result = await limiter.hit({ workspaceId: 'SIGNIN', name }, limit, windowSeconds, now);
    if (!result.allowed)
      throw new RateLimitedError('Too many sign-in attempts; try again later', result.retryAfterSeconds);
  }
}

/** Our scopes named in a request's `scope`; the consent page and the first-party grant both start here. */
export function requestedScopes(scope: unknown): Scope[] {
  const asked = String(scope ?? '').split(' ');
  const ours = SCOPES.filter((s) => asked.includes(s));
  // A client that names none of our scopes (the MCP default is PRM's scopes_supported) is offered all.
  return ours.length > 0 ? ours : [...SCOPES];
}

export function interactionRoutes(provider: Provider, options: { keys: OAuthKeys; resource: string }) {
  const { keys, resource } = options;
  const key = keys.formKey;
  const base = (uid: string) => `${provider.issuer}/oauth/interaction/${uid}`;

  async function finish(ctx: Context, result: Record<string, unknown>, merge = true): Promise<void> {
    const location = await provider.interactionResult(ctx.req, ctx.res, result, { mergeWithLastSubmission: merge });
    ctx.status = 303;
    ctx.redirect(location);
  }

  async function showLogin(
    ctx: Context,
    uid: string,
    clientName: string,
    extra: { email?: string; error?: string; status?: number } = {},
  ) {
    send(
      ctx,
      extra.status ?? 200,
      signInPage({
        action: `${base(uid)}/login`,
        csrf: issueCsrf(ctx, key, uid),
        clientName,
        email: extra.email,
        error: extra.error,
      }),
    );
  }

  /** The member a session's account names, while the user still is one (a consent may come long after login). */
  async function sessionMember(accountId: string) {
    const account = parseAccountId(accountId);
    return account && (await memberships.getMember(account.workspaceId, account.userId));
  }

  async function showConsent(ctx: Context, uid: string, clientName: string, accountId: string, scope: unknown) {
    const member = await sessionMember(accountId);
    if (!member) return finish(ctx, { ...NO_LONGER_A_MEMBER }, false);
    const workspace = await workspaces.get(member.workspaceId);
    const allowed = ROLE_SCOPES[member.role];
    send(
      ctx,
      200,
      consentPage({
        action: `${base(uid)}/consent`,
        abortAction: `${base(uid)}/abort`,
        csrf: issueCsrf(ctx, key, uid),
        clientName,
        workspaceName: workspace?.name ?? member.workspaceId,
        role: member.role,
        scopes: requestedScopes(scope).map((s) => ({ scope: s, allowed: allowed.includes(s) })),
      }),
    );
  }

  async function interaction(ctx: Context, uid: string, action: string | undefined): Promise<void> {
    const details = await provider.interactionDetails(ctx.req, ctx.res);
    if (details.uid !== uid)
      return send(ctx, 400, messagePage('Sign-in failed', 'This sign-in page belongs to another request.'));
    const client = await provider.Client.find(String(details.params.client_id));
    const clientName = client?.clientName ?? String(details.params.client_id);

    if (ctx.method === 'GET' && !action) {
      if (details.prompt.name === 'login') return showLogin(ctx, uid, clientName);
      return showConsent(ctx, uid, clientName, String(details.session?.accountId), details.params.scope);
    }
    if (ctx.method !== 'POST' || !action) return send(ctx, 405, messagePage('Not allowed', 'Use the form.'));
    const form = await readForm(ctx);
    if (!csrfValid(ctx, key, uid, form.get('csrf')))
      return send(
        ctx,
        403,
        messagePage('Session expired', 'The form expired; go back to the application and start again.'),
      );

    if (action === 'abort')
      return finish(ctx, { error: 'access_denied', error_description: 'The user denied access' }, false);

    if (action === 'login') {
      const email = form.get('email') ?? '';
      try {
        await assertSignInAllowed(ctx, email);
        const user = await signIn({ email, password: form.get('password') ?? '' }, deps);
        const memberOf = await workspacesOf(user.id, deps);
        if (memberOf.length === 0)
          return showLogin(ctx, uid, clientName, {
            email,
            error: 'You are not a member of any workspace yet.',
            status: 403,
          });
        if (memberOf.length === 1)
          return finish(ctx, { login: { accountId: encodeAccountId(user.id, memberOf[0]!.workspaceId) } });
        const names = await Promise.all(
          memberOf.map(async (m) => ({
            id: m.workspaceId,
            name: (await workspaces.get(m.workspaceId))?.name ?? m.workspaceId,
            role: m.role,
          })),
        );
        const ticket = issueTicket(key, uid, user.id, Math.floor(Date.now() / 1000));
        return send(
          ctx,
          200,
          workspacePage({
            action: `${base(uid)}/workspace`,
            csrf: issueCsrf(ctx, key, uid),
            ticket,
            workspaces: names,
          }),
        );
      } catch (error) {
        if (error instanceof RateLimitedError) ctx.set('retry-after', String(error.retryAfterSeconds));
        if (error instanceof UnauthorizedError || error instanceof RateLimitedError) {
          return showLogin(ctx, uid, clientName, {
            email,
            error: error.message,
            status: error instanceof RateLimitedError ? 429 : 401,
          });
        }
        throw error;
      }
    }

    if (action === 'workspace') {
      const userId = readTicket(key, uid, form.get('ticket'), Math.floor(Date.now() / 1000));
      const workspaceId = form.get('workspaceId') ?? '';
      if (!userId || !(await memberships.getMember(workspaceId, userId)))
        return showLogin(ctx, uid, clientName, { error: 'Sign in again.', status: 401 });
      return finish(ctx, { login: { accountId: encodeAccountId(userId, workspaceId) } });
    }

    if (action === 'consent') {
      const accountId = String(details.session?.accountId);
      const member = await sessionMember(accountId);
      if (!member) return finish(ctx, { ...NO_LONGER_A_MEMBER }, false);
      const chosen = form.getAll('scope');
      const scopes = requestedScopes(details.params.scope).filter(
        (s) => chosen.includes(s) && ROLE_SCOPES[member.role].includes(s),
      );
      if (scopes.length === 0)
        return finish(ctx, { error: 'access_denied', error_description: 'No scope was granted' }, false);
      const grant = details.grantId
        ? ((await provider.Grant.find(details.grantId)) ??
          new provider.Grant({ accountId, clientId: String(details.params.client_id) }))
        : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
      const oidc = String(details.params.scope ?? '')
        .split(' ')
        .filter((s) => ['openid', 'offline_access', 'email'].includes(s));
      if (oidc.length > 0) grant.addOIDCScope(oidc.join(' '));
      grant.addResourceScope(resource, scopes.join(' '));
      // Scopes asked for but not granted (unchecked, or beyond the role) are recorded as rejected:
      // the consent is then complete, and the token carries only what was granted.
      const rejected = requestedScopes(details.params.scope).filter((s) => !scopes.includes(s));
      if (rejected.length > 0) grant.rejectResourceScope(resource, rejected.join(' '));
      const grantId = await grant.save();
      return finish(ctx, { consent: { grantId } });
    }
    return send(ctx, 404, messagePage('Not found', 'No such page.'));
  }

  async function invite(ctx: Context, token: string): Promise<void> {
    const open = await findOpenInvite(token, deps);
    if (!open)
      return send(ctx, 404, messagePage('Invite not found', 'This invite does not exist, was revoked or has expired.'));
    const purpose = `invite:${hashInviteToken(token)}`;
    const existing = await users.findByEmail(open.email);
    const workspaceName = (await workspaces.get(open.workspaceId))?.name ?? open.workspaceId;
    const render = (status: number, error?: string) =>
      send(
        ctx,
        status,
        invitePage({
          action: `${provider.issuer}/oauth/invite/${token}`,
          csrf: issueCsrf(ctx, key, purpose),
          workspaceName,
          role: open.role,
          email: open.email,
          existingUser: Boolean(existing),
          error,
        }),
      );
    if (ctx.method === 'GET') return render(200);
    if (ctx.method !== 'POST') return send(ctx, 405, messagePage('Not allowed', 'Use the form.'));
    const form = await readForm(ctx);
    if (!csrfValid(ctx, key, purpose, form.get('csrf')))
      return send(ctx, 403, messagePage('Session expired', 'Reload the invite link and try again.'));
    const password = form.get('password') ?? '';
    try {
      await assertSignInAllowed(ctx, open.email);
      let user: Awaited<ReturnType<typeof signIn>> | Awaited<ReturnType<typeof createUser>>;
      if (existing) user = await signIn({ email: open.email, password }, deps);
      else {
        const parsed = PasswordSchema.safeParse(password);
        if (!parsed.success) return render(400, 'The password must have at least 8 characters.');
        user = await createUser({ email: open.email, password }, deps);
      }
      await acceptInvite(token, user, deps);
      return send(
        ctx,
        200,
        messagePage(
          'Welcome',
          `You joined ${workspaceName} as ${open.role}. You can now connect an MCP client to this workspace.`,
        ),
      );
    } catch (error) {
      if (error instanceof RateLimitedError) ctx.set('retry-after', String(error.retryAfterSeconds));
      if (error instanceof DomainError)
        return render(
          error instanceof RateLimitedError ? 429 : error instanceof UnauthorizedError ? 401 : 409,
          error.message,
        );
      throw error;
    }
  }

  return async (ctx: Context, next: () => Promise<void>) => {
    const interactionMatch = /^\/oauth\/interaction\/([A-Za-z0-9_-]{1,64})(?:\/(login|workspace|consent|abort))?$/.exec(
      ctx.path,
    );
    if (interactionMatch) {
      try {
        return await interaction(ctx, interactionMatch[1]!, interactionMatch[2]);
      } catch (error) {
        // oidc-provider's own errors (SessionNotFound: expired, or the cookie of another browser) carry
        // a client status; they get a page, not Koa's plain-text answer.
        const status = (error as { statusCode?: number }).statusCode;
        if (!status || status >= 500) throw error;
        return send(
          ctx,
          status,
          messagePage(
            'Sign-in expired',
            'This sign-in session expired or belongs to another browser. Start again from the application.',
          ),
        );
      }
    }
    const inviteMatch = /^\/oauth\/invite\/([A-Za-z0-9_-]{1,80})$/.exec(ctx.path);
    if (inviteMatch) return invite(ctx, inviteMatch[1]!);
    return next();
  };
}
