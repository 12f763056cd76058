// operations: how published servers and their credentials are shown (HTTP bodies and tool results alike).
import * as z from '#core/schema';
import { ENV } from '#adapters/env';
import { VERSIONS, VISIBILITIES, publishedPath, type PublishedServer } from '#core/published/model';

const text = (description: string) => z.string().check(z.describe(description));

/** The server's public URL when the app origin is configured (PUBLIC_APP_URL); its path always. */
function urlOf(slug: string): string | null {
  const app = process.env[ENV.publicAppUrl];
  return app ? `${app.replace(/\/+$/, '')}${publishedPath(slug)}` : null;
}

export function serverView(server: PublishedServer) {
  return {
    id: server.id,
    slug: server.slug,
    path: publishedPath(server.slug),
    url: urlOf(server.slug),
    name: server.name,
    description: server.description,
    canvasId: server.canvasId,
    visibility: server.visibility,
    version: server.version,
    pinnedCanvasVersion: server.pinned?.canvasVersion ?? null,
    tools: server.tools,
    limits: server.limits,
    createdAt: server.createdAt,
    updatedAt: server.updatedAt,
  };
}

export const ServerView = z.looseObject({
  id: text('Published server id (psv_…)'),
  slug: text('URL name'),
  path: text('Path on the app host: /mcp/s/<slug>'),
  url: z
    .nullable(z.string())
    .check(z.describe('Full URL to give MCP clients (null when the app origin is not configured)')),
  name: text('Server name'),
  description: text('What the server is for (its MCP instructions)'),
  canvasId: text('The canvas it serves'),
  visibility: z.enum(VISIBILITIES).check(z.describe('protected: umcp_ credential required; public: none')),
  version: z.enum(VERSIONS).check(z.describe('latest: the canvas as it is; pinned: as it was pinned')),
  pinnedCanvasVersion: z.nullable(z.number()).check(z.describe('Canvas version served, when pinned')),
  tools: z
    .array(z.looseObject({ triggerNodeId: z.string(), toolName: z.string(), description: z.string() }))
    .check(z.describe('Exposed trigger nodes: triggerNodeId, toolName, inputs')),
  limits: z
    .looseObject({ callsPerMinute: z.number(), creditsPerDay: z.number() })
    .check(z.describe('callsPerMinute and creditsPerDay')),
  createdAt: text('ISO 8601'),
  updatedAt: text('ISO 8601'),
});

export const CredentialView = z.looseObject({
  id: text('Credential id (pck_…)'),
  serverId: text('The server it opens'),
  name: text('Its name'),
  prefix: text('First characters, to recognise it (umcp_…)'),
  createdAt: text('ISO 8601'),
  expiresAt: z.nullable(z.string()).check(z.describe('Expiry, ISO 8601, or null for none')),
  revokedAt: z.nullable(z.string()).check(z.describe('When revoked, ISO 8601, or null while live')),
  status: z.enum(['active', 'expired', 'revoked']).check(z.describe('active, expired or revoked')),
});

export const ServerIdInput = z.strictObject({
  serverId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Published server id (psv_…)')),
});

/** The facts every published-server route shares (the area of the gateway they extend). */
export const route = (method: 'GET' | 'POST', suffix: string, scope: 'manage:integrations' | 'read:canvases') => ({
  method,
  path: `/api/mcp/published-servers/${suffix}`,
  scope,
  access: { table: method === 'GET' ? ('read' as const) : ('readWrite' as const) },
  area: 'gateway' as const,
});
