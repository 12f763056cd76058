// route helper: the index page at `/` — what runs on this host, where its machine description is, and
// which documents describe it. Static HTML: no script, no style, no external resource.
import type { Host, RouteDefinition } from '#route-table/manifest';

const WHAT_RUNS: Record<Host, string> = {
  base: 'The base host: the REST API (keys, canvases, runs, webhooks) called with workspace keys, and the webhook trigger.',
  app: 'The app host: the MCP gateway (POST /api/mcp, every operation as a tool) and its OAuth 2.1 authorization server.',
};

const DOCS = [
  ['docs/api.md', 'every route, the canvas model, errors and conventions'],
  ['docs/gateway.md', 'the MCP gateway: connecting, tools, credentials'],
  ['docs/runs.md', 'runs: starting one, the engine, reading it'],
  ['docs/callbacks.md', 'result callbacks and their signatures'],
  ['docs/webhooks.md', 'webhook triggers'],
] as const;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The page for `host` at `origin`, listing that host's routes from the manifest. */
export function indexPage(host: Host, origin: string, routes: readonly RouteDefinition[]): string {
  const link = (path: string) => `<a href="${escapeHtml(origin + path)}">${escapeHtml(path)}</a>`;
  const rows = routes
    .filter((route) => route.host === host)
    .map(
      (route) =>
        `<li><code>${escapeHtml(route.method)} ${escapeHtml(route.path)}</code> (${escapeHtml(route.area)})</li>`,
    )
    .join('\n');
  const docs = DOCS.map(([path, what]) => `<code>${path}</code> (${escapeHtml(what)})`).join(', ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Workspace automation service: ${host} host</title></head>
<body>
<h1>Workspace automation service: ${host} host</h1>
<p>${escapeHtml(WHAT_RUNS[host])}</p>
<ul>
<li>${link('/openapi.json')}: the OpenAPI 3.1 document of this host's routes</li>
<li>${link('/health')}: liveness, <code>{"status":"ok"}</code></li>
</ul>
<p>Documentation ships with the source: ${docs}.</p>
<h2>Routes on this host</h2>
<ul>
${rows}
</ul>
</body>
</html>
`;
}
