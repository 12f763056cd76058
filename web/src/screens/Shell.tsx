// The signed-in frame: who and where you are (workspace), the way out (sign out, switch workspace),
// and the current route. The workspace is fixed by the sign-in (the token's account is a user in one
// workspace), so switching is signing in again and choosing on the authorization server's page.
import { useEffect, useMemo, useState, type JSX } from 'react';
import { SignInError } from '../auth/session.ts';
import { consolePath, parseRoute, usePathname } from '../app/router.ts';
import { ConsolePage } from '../console/ConsolePage.tsx';
import { SECTIONS } from '../console/sections.ts';
import { StudioContext, type Studio } from '../app/session-context.ts';
import type { ToolClient } from '../mcp/tools.ts';
import { describeError } from '../ui/describe-error.ts';
import { Link } from '../app/Link.tsx';
import { CanvasList } from './CanvasList.tsx';
import { CanvasPage } from './CanvasPage.tsx';

interface Workspace {
  id: string;
  name: string;
}

export function Shell(props: {
  tools: ToolClient;
  accessToken: () => Promise<string>;
  onSignOut: () => void;
  onSwitchWorkspace: () => void;
  onSessionEnded: (reason: string) => void;
}): JSX.Element {
  const { tools, accessToken, onSessionEnded } = props;
  const [workspace, setWorkspace] = useState<Workspace | { error: string } | undefined>();
  const studio = useMemo<Studio>(
    () => ({ tools, sessionEnded: onSessionEnded, accessToken }),
    [tools, onSessionEnded, accessToken],
  );
  const route = parseRoute(usePathname());

  useEffect(() => {
    tools.call('get_workspace', {}).then(setWorkspace, (error: unknown) => {
      if (error instanceof SignInError) onSessionEnded(error.message);
      else setWorkspace({ error: describeError(error) });
    });
  }, [tools, onSessionEnded]);

  return (
    <StudioContext.Provider value={studio}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <Link to="/" className="brand">
          Studio
        </Link>
        <p className="workspace" data-testid="workspace">
          {workspace === undefined ? 'Workspace…' : 'error' in workspace ? 'Workspace unavailable' : workspace.name}
        </p>
        <nav aria-label="Workspace" className="sections">
          <Link to="/" current={route.name === 'canvases' || route.name === 'canvas'}>
            Canvases
          </Link>
          {SECTIONS.map((section) => (
            <Link
              key={section.id}
              to={consolePath(section.id)}
              current={route.name === 'console' && route.sectionId === section.id}
            >
              {section.title}
            </Link>
          ))}
        </nav>
        <nav aria-label="Account" className="account">
          <button type="button" onClick={props.onSwitchWorkspace}>
            Switch workspace
          </button>
          <button type="button" onClick={props.onSignOut}>
            Sign out
          </button>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className={route.name === 'canvas' ? 'main main-canvas' : 'main'}>
        {route.name === 'canvas' ? (
          <CanvasPage canvasId={route.canvasId} />
        ) : route.name === 'console' ? (
          <ConsolePage sectionId={route.sectionId} />
        ) : route.name === 'not-found' ? (
          <section data-state="ready">
            <h1>Page not found</h1>
            <p>
              Nothing lives at <code>{route.path}</code>. <Link to="/">Back to the canvases</Link>
            </p>
          </section>
        ) : (
          <CanvasList />
        )}
      </main>
    </StudioContext.Provider>
  );
}
