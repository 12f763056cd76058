// What must survive the redirect to the authorization server and back: the PKCE verifier, the state
// and where to return. sessionStorage (this tab only, gone when it closes) holds these one-time
// values — never a token — and the callback removes them at once.
const KEY = 'studio.pending-sign-in';

export interface PendingSignIn {
  readonly codeVerifier: string;
  readonly state: string;
  /** The path (and query) to show after sign-in. */
  readonly returnTo: string;
  /** prompt=none: a failure means "not signed in", not an error to show. */
  readonly silent: boolean;
}

export function savePending(pending: PendingSignIn): void {
  sessionStorage.setItem(KEY, JSON.stringify(pending));
}

export function takePending(): PendingSignIn | undefined {
  const raw = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as PendingSignIn;
  } catch {
    return undefined;
  }
}

/** Only same-origin paths: a crafted returnTo must not send the user elsewhere. */
export function safeReturnTo(path: string): string {
  return path.startsWith('/') && !path.startsWith('//') ? path : '/';
}
