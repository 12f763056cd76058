// Every manifest route, through its real handler and DynamoDB Local: 401 without a valid workspace key,
// 403 naming the scope when the key lacks it; a scope pair ("read:assets or read:canvases") lets either in.
import { beforeAll, describe, expect, it } from 'vitest';
import { acceptedScopes, describeRequirement, SCOPES } from '#core/scopes';
import { ROUTES } from '#route-table/manifest';
import { call, seedWorkspace } from './support/invoke.ts';

/** Routes authenticated by a workspace key (webhook-secret routes have their own tests). */
const keyRoutes = ROUTES.filter((route) => (route.auth ?? 'workspace-key') === 'workspace-key');
const scopedRoutes = keyRoutes.filter((route) => route.scope !== null);
/** Routes any one of several scopes opens, with each accepted scope on its own. */
const pairedRoutes = scopedRoutes.flatMap((route) =>
  acceptedScopes(route.scope).length > 1 ? acceptedScopes(route.scope).map((scope) => [route, scope] as const) : [],
);

describe('route authentication', () => {
  let ownerKey: string;

  beforeAll(async () => {
    ownerKey = (await seedWorkspace()).apiKey;
  });

  const badCredentials: Array<[string, Record<string, string>]> = [
    ['no Authorization header', {}],
    ['Basic auth', { Authorization: 'Basic dXNlcjpwYXNz' }],
    ['a umcp_ published-server credential', { Authorization: 'Bearer umcp_0123456789abcdefghijklmnopqrstuv' }],
    ['a webhook secret', { Authorization: 'Bearer whsec_0123456789abcdefghijklmnopqrstuv' }],
    ['garbage', { Authorization: 'Bearer not-a-key' }],
    ['an unknown workspace key', { Authorization: 'Bearer workspace_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }],
  ];

  it('covers every workspace-key route of the manifest; the others name their own credential (tested in their own files)', () => {
    const others = ROUTES.filter((route) => !keyRoutes.includes(route));
    for (const route of others)
      expect(
        ['webhook-secret', 'gateway', 'public', 'key-or-session', 'session-or-service', 'published-server'],
        route.path,
      ).toContain(route.auth);
    // A published server takes only its own umcp_ credential: test/integration/published-servers.test.ts.
    expect(others.filter((route) => route.auth === 'published-server').map((route) => route.path)).toEqual([
      '/mcp/s/{slug}',
    ]);
    // The relay refuses workspace keys and takes sessions or the service token:
    // test/integration/webhook-relay.test.ts.
    expect(others.filter((route) => route.auth === 'session-or-service').map((route) => route.path)).toEqual([
      '/api/webhook-relay',
    ]);
    expect(others.filter((route) => route.auth === 'webhook-secret').map((route) => route.path)).toEqual([
      '/webhook/trigger',
    ]);
    // The gateway checks workspace keys and OAuth tokens itself: test/integration/gateway.test.ts.
    expect(others.filter((route) => route.auth === 'gateway').map((route) => route.path)).toEqual(['/api/mcp']);
    // The FOCUS billing routes take a key or a member's session, on both hosts:
    // test/integration/focus-routes.test.ts.
    expect(
      new Set(others.filter((route) => route.auth === 'key-or-session').map((route) => `${route.host} ${route.path}`)),
    ).toEqual(
      new Set([
        'base /api/billing/focus-export',
        'base /api/billing/focus-metadata',
        'app /api/billing/focus-export',
        'app /api/billing/focus-metadata',
      ]),
    );
  });

  describe.each(keyRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))('%s', (_name, route) => {
    it.each(badCredentials)('answers 401 with %s', async (_label, headers) => {
      // Act
      const response = await call(route.method, route.path, {
        headers,
        body: route.method === 'POST' ? {} : undefined,
      });
      // Assess
      expect(response.status).toBe(401);
      expect(typeof response.body.error).toBe('string');
      expect(response.headers['www-authenticate']).toBe('Bearer');
    });
  });

  it.each(scopedRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s answers 403 naming its scope (each of a pair) to a key holding every other scope',
    async (_name, route) => {
      // Prepare
      const accepted = acceptedScopes(route.scope);
      const otherScopes = SCOPES.filter((scope) => !accepted.includes(scope));
      const created = await call('POST', '/api/mcp/api-keys/create', {
        key: ownerKey,
        body: { name: `without ${describeRequirement(route.scope)}`, scopes: otherScopes },
      });
      expect(created.status).toBe(201);
      // Act
      const response = await call(route.method, route.path, {
        key: created.body.key,
        body: route.method === 'POST' ? {} : undefined,
      });
      // Assess
      expect(response.status).toBe(403);
      expect(response.body.error).toBe(`Missing scope: ${describeRequirement(route.scope)}`);
    },
  );

  it.each(pairedRoutes.map(([route, scope]) => [`${route.method} ${route.path}`, scope, route] as const))(
    '%s lets a key holding only %s past authorization',
    async (_name, scope, route) => {
      // Prepare
      const created = await call('POST', '/api/mcp/api-keys/create', {
        key: ownerKey,
        body: { name: `only ${scope}`, scopes: [scope] },
      });
      expect(created.status).toBe(201);
      // Act: an empty body or query fails validation (400), names nothing (404) or lists an empty
      // library (200) — each an answer given after authorization.
      const response = await call(route.method, route.path, {
        key: created.body.key,
        body: route.method === 'POST' ? {} : undefined,
      });
      // Assess
      expect([200, 400, 404], JSON.stringify(response.body)).toContain(response.status);
    },
  );

  it('lets a key with only the route scope past authorization (then validation answers 400 for an empty body)', async () => {
    // Prepare
    const created = await call('POST', '/api/mcp/api-keys/create', {
      key: ownerKey,
      body: { name: 'writer', scopes: ['write:canvas'] },
    });
    // Act
    const response = await call('POST', '/api/mcp/canvas/node/add', { key: created.body.key, body: {} });
    // Assess
    expect(response.status).toBe(400);
    expect(response.body.error).toMatch(/canvasId/);
  });
});
