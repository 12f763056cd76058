// Path routing without a library: the studio has a handful of routes. The servers answer index.html
// for every extension-less path outside /api, /oauth and /.well-known, so deep links and reloads work.
import { useSyncExternalStore } from 'react';

export type Route =
  | { name: 'canvases' }
  | { name: 'canvas'; canvasId: string }
  | { name: 'console'; sectionId: string }
  | { name: 'callback' }
  | { name: 'not-found'; path: string };

export function parseRoute(pathname: string): Route {
  if (pathname === '/' || pathname === '/canvases') return { name: 'canvases' };
  if (pathname === '/auth/callback') return { name: 'callback' };
  const canvas = /^\/canvases\/([A-Za-z0-9_-]{1,64})$/.exec(pathname);
  if (canvas) return { name: 'canvas', canvasId: canvas[1]! };
  const console = /^\/console\/([a-z][a-z0-9-]{0,40})$/.exec(pathname);
  if (console) return { name: 'console', sectionId: console[1]! };
  return { name: 'not-found', path: pathname };
}

export const canvasPath = (canvasId: string) => `/canvases/${encodeURIComponent(canvasId)}`;
export const consolePath = (sectionId: string) => `/console/${sectionId}`;

const NAVIGATE = 'studio:navigate';

/** `state` travels with the history entry (and survives a reload), e.g. a canvas's name for its title. */
export function navigate(path: string, options: { replace?: boolean; state?: Record<string, unknown> } = {}): void {
  if (options.replace) window.history.replaceState(options.state ?? null, '', path);
  else window.history.pushState(options.state ?? null, '', path);
  window.dispatchEvent(new Event(NAVIGATE));
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE, onChange);
  };
}

export function usePathname(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname);
}
