// The studio's top level: sign-in state, then the shell and the route. Every state renders something
// a person can read — there is no blank screen, even when the service is down.
import { useEffect, useMemo, useState, type JSX } from 'react';
import { authConfig } from '../auth/config.ts';
import { AuthSession, SignInError } from '../auth/session.ts';
import { GatewayClient } from '../mcp/client.ts';
import { SignedOut } from '../screens/SignedOut.tsx';
import { Shell } from '../screens/Shell.tsx';
import { Busy } from '../ui/Busy.tsx';
import { navigate, parseRoute } from './router.ts';

type Phase =
  | { kind: 'starting'; message: string }
  | { kind: 'signed-out'; notice?: string; error?: string }
  | { kind: 'ready' };

const auth = new AuthSession(authConfig());
const accessToken = () => auth.accessToken();
// Boot runs once per page load; React may mount twice in development.
let booted = false;

export function App(): JSX.Element {
  const [phase, setPhase] = useState<Phase>({ kind: 'starting', message: 'Signing in…' });
  const tools = useMemo(() => new GatewayClient(new URL('/api/mcp', window.location.origin), auth), []);

  useEffect(() => {
    if (booted) return;
    booted = true;
    void boot().then(setPhase);
  }, []);

  const signIn = (prompt?: 'login') => {
    setPhase({ kind: 'starting', message: 'Opening the sign-in page…' });
    const here =
      window.location.pathname === '/auth/callback' ? '/' : window.location.pathname + window.location.search;
    void auth
      .redirectToSignIn({ returnTo: here, ...(prompt ? { prompt } : {}) })
      .catch((error: unknown) => setPhase(unreachable(error)));
  };
  const signOut = () => {
    setPhase({ kind: 'starting', message: 'Signing out…' });
    void tools.close();
    void auth.signOut().catch((error: unknown) => setPhase(unreachable(error)));
  };

  switch (phase.kind) {
    case 'starting':
      return <Busy label={phase.message} />;
    case 'signed-out':
      return <SignedOut notice={phase.notice} error={phase.error} onSignIn={() => signIn()} />;
    case 'ready':
      return (
        <Shell
          tools={tools}
          accessToken={accessToken}
          onSignOut={signOut}
          onSwitchWorkspace={() => signIn('login')}
          onSessionEnded={(reason) => setPhase({ kind: 'signed-out', error: reason })}
        />
      );
  }
}

async function boot(): Promise<Phase> {
  const url = new URL(window.location.href);
  const route = parseRoute(url.pathname);
  if (route.name === 'callback') {
    try {
      const outcome = await auth.completeSignIn(url);
      if (outcome.kind === 'signed-out') {
        navigate('/', { replace: true });
        return { kind: 'signed-out' };
      }
      navigate(outcome.returnTo, { replace: true });
      return { kind: 'ready' };
    } catch (error) {
      navigate('/', { replace: true });
      if (error instanceof SignInError) return { kind: 'signed-out', error: error.message };
      return unreachable(error);
    }
  }
  // Back from the authorization server's sign-out (post_logout_redirect_uri carries our state).
  if (url.searchParams.get('state') === 'signed-out') {
    navigate('/', { replace: true });
    return { kind: 'signed-out', notice: 'You are signed out.' };
  }
  // A reload or a new tab: tokens are only in memory, so ask the authorization server, without a page
  // of its own, whether this browser is still signed in.
  try {
    await auth.redirectToSignIn({ prompt: 'none', returnTo: url.pathname + url.search });
  } catch (error) {
    return unreachable(error);
  }
  return { kind: 'starting', message: 'Signing in…' };
}

function unreachable(error: unknown): Phase {
  const detail = error instanceof Error ? error.message : String(error);
  return {
    kind: 'signed-out',
    error: `The sign-in service could not be reached (${detail}). Check that the service is running, then try again.`,
  };
}
