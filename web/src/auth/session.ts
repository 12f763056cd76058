// Sign-in for the studio: Authorization Code + PKCE (S256) with oauth4webapi against our own
// authorization server. Tokens live in this object only — never in storage — so a reload signs in
// again with a top-level prompt=none redirect that rides on the authorization server's session cookie.
import * as oauth from 'oauth4webapi';
import { CLIENT_ID, type AuthConfig } from './config.ts';
import { safeReturnTo, savePending, takePending } from './pending.ts';

/** A sign-in that failed in a way the person should read (not "you are simply not signed in"). */
export class SignInError extends Error {
  override name = 'SignInError';
}

export type CallbackOutcome = { kind: 'signed-in'; returnTo: string } | { kind: 'signed-out' };

interface Tokens {
  accessToken: string;
  refreshToken: string | undefined;
  /** ms since epoch, with a margin so a token is never sent in its last seconds. */
  expiresAt: number;
}

const EXPIRY_MARGIN_MS = 30_000;

export class AuthSession {
  private server: Promise<oauth.AuthorizationServer> | undefined;
  private tokens: Tokens | undefined;
  private refreshing: Promise<string> | undefined;
  private readonly client: oauth.Client = { client_id: CLIENT_ID, token_endpoint_auth_method: 'none' };
  private readonly options: { [oauth.allowInsecureRequests]?: boolean };

  constructor(private readonly config: AuthConfig) {
    this.options = config.insecure ? { [oauth.allowInsecureRequests]: true } : {};
  }

  get signedIn(): boolean {
    return this.tokens !== undefined;
  }

  private metadata(): Promise<oauth.AuthorizationServer> {
    this.server ??= oauth
      .discoveryRequest(this.config.issuer, { algorithm: 'oauth2', ...this.options })
      .then((response) => oauth.processDiscoveryResponse(this.config.issuer, response))
      .catch((error: unknown) => {
        this.server = undefined;
        throw error;
      });
    return this.server;
  }

  /**
   * Leaves the page for the authorization endpoint. `none`: come back signed in if the authorization
   * server still has a session, else with login_required. `login`: ask for the password again (and the
   * workspace, for a member of several).
   */
  async redirectToSignIn(options: { prompt?: 'none' | 'login'; returnTo: string }): Promise<never> {
    const server = await this.metadata();
    const codeVerifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    savePending({ codeVerifier, state, returnTo: safeReturnTo(options.returnTo), silent: options.prompt === 'none' });
    const url = new URL(server.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: CLIENT_ID,
      response_type: 'code',
      redirect_uri: this.config.redirectUri,
      scope: this.config.scope,
      resource: this.config.resource,
      code_challenge: await oauth.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      ...(options.prompt ? { prompt: options.prompt } : {}),
    }).toString();
    window.location.assign(url.href);
    // The page is being replaced; nothing after this should run.
    return new Promise<never>(() => undefined);
  }

  /** Handles the authorization response at the callback URL. */
  async completeSignIn(callbackUrl: URL): Promise<CallbackOutcome> {
    const pending = takePending();
    if (!pending) throw new SignInError('This sign-in link was already used or belongs to another tab. Sign in again.');
    const server = await this.metadata();
    let parameters: URLSearchParams;
    try {
      parameters = oauth.validateAuthResponse(server, this.client, callbackUrl, pending.state);
    } catch (error) {
      if (error instanceof oauth.AuthorizationResponseError) {
        // prompt=none without a session, or with one that needs a choice: simply not signed in.
        if (
          pending.silent &&
          ['login_required', 'consent_required', 'interaction_required', 'account_selection_required'].includes(
            error.error,
          )
        ) {
          return { kind: 'signed-out' };
        }
        if (error.error === 'access_denied') throw new SignInError('Sign-in was cancelled.');
        throw new SignInError(`Sign-in failed: ${error.error_description ?? error.error}.`);
      }
      throw new SignInError(`Sign-in failed: ${(error as Error).message}`);
    }
    const response = await oauth.authorizationCodeGrantRequest(
      server,
      this.client,
      oauth.None(),
      parameters,
      this.config.redirectUri,
      pending.codeVerifier,
      this.options,
    );
    try {
      this.store(await oauth.processAuthorizationCodeResponse(server, this.client, response));
    } catch (error) {
      throw new SignInError(`Sign-in failed at the token endpoint: ${describe(error)}`);
    }
    return { kind: 'signed-in', returnTo: pending.returnTo };
  }

  /** A valid access token, refreshed first when it is about to expire. */
  async accessToken(): Promise<string> {
    if (!this.tokens) throw new SignInError('You are signed out.');
    if (Date.now() < this.tokens.expiresAt) return this.tokens.accessToken;
    return this.refresh();
  }

  /**
   * Single-flight: refresh tokens rotate on every use and presenting a used one revokes the whole grant,
   * so concurrent callers must share one refresh request.
   */
  refresh(): Promise<string> {
    this.refreshing ??= this.doRefresh().finally(() => (this.refreshing = undefined));
    return this.refreshing;
  }

  private async doRefresh(): Promise<string> {
    const refreshToken = this.tokens?.refreshToken;
    if (!refreshToken) {
      this.tokens = undefined;
      throw new SignInError('Your session ended. Sign in again.');
    }
    const server = await this.metadata();
    const response = await oauth.refreshTokenGrantRequest(
      server,
      this.client,
      oauth.None(),
      refreshToken,
      this.options,
    );
    try {
      this.store(await oauth.processRefreshTokenResponse(server, this.client, response));
    } catch (error) {
      this.tokens = undefined;
      throw new SignInError(`Your session ended (${describe(error)}). Sign in again.`);
    }
    return this.tokens!.accessToken;
  }

  /** Revokes the refresh token (and with it the grant), forgets the tokens, then ends the AS session. */
  async signOut(): Promise<never> {
    const server = await this.metadata();
    const refreshToken = this.tokens?.refreshToken;
    this.tokens = undefined;
    if (refreshToken) {
      // Best effort: the session end below still signs the browser out if this fails.
      await oauth
        .revocationRequest(server, this.client, oauth.None(), refreshToken, this.options)
        .then((response) => oauth.processRevocationResponse(response))
        .catch(() => undefined);
    }
    const end = new URL(server.end_session_endpoint ?? new URL('/oauth/session/end', this.config.issuer).href);
    end.search = new URLSearchParams({
      client_id: CLIENT_ID,
      post_logout_redirect_uri: this.config.postLogoutRedirectUri,
      state: 'signed-out',
    }).toString();
    window.location.assign(end.href);
    return new Promise<never>(() => undefined);
  }

  private store(result: oauth.TokenEndpointResponse): void {
    this.tokens = {
      accessToken: result.access_token,
      refreshToken: result.refresh_token ?? this.tokens?.refreshToken,
      expiresAt: Date.now() + (result.expires_in ?? 60) * 1000 - EXPIRY_MARGIN_MS,
    };
  }
}

function describe(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) return error.error_description ?? error.error;
  return error instanceof Error ? error.message : String(error);
}
