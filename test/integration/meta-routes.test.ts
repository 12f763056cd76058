// integration: GET /, /health and /openapi.json on both hosts, through the local HTTP front and the real
// meta handlers — no credential, and each host describes only the routes it serves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTES, type Host } from '#route-table/manifest';
import { startHttpFront, type HttpFront } from '../../lib/local/http-front.ts';

const fronts = new Map<Host, HttpFront>();
const saved = { base: process.env.PUBLIC_BASE_URL, app: process.env.PUBLIC_APP_URL };

beforeAll(async () => {
  const routes = ROUTES.filter((route) => route.area === 'meta');
  for (const host of ['base', 'app'] as const) fronts.set(host, await startHttpFront({ host, port: 0, routes }));
  // Read once, at the handlers' first request (cold start), as local mode sets them.
  process.env.PUBLIC_BASE_URL = fronts.get('base')!.url;
  process.env.PUBLIC_APP_URL = fronts.get('app')!.url;
});

afterAll(async () => {
  for (const front of fronts.values()) await front.stop();
  for (const [host, name] of [
    ['base', 'PUBLIC_BASE_URL'],
    ['app', 'PUBLIC_APP_URL'],
  ] as const) {
    if (saved[host] === undefined) delete process.env[name];
    else process.env[name] = saved[host];
  }
});

describe.each(['base', 'app'] as const)('the %s host', (host) => {
  const url = (path: string) => `${fronts.get(host)!.url}${path}`;

  it('answers GET /health with 200 {"status":"ok"} and no credential', async () => {
    // Act
    const response = await fetch(url('/health'));
    // Assess
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves a static index at / that links to the document and lists this host’s routes', async () => {
    // Act
    const response = await fetch(url('/'));
    const page = await response.text();
    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(page).toContain(`href="${url('/openapi.json')}"`);
    expect(page).toContain(`href="${url('/health')}"`);
    expect(page).not.toContain('<script');
    for (const route of ROUTES) {
      const line = `<code>${route.method} ${route.path}</code>`;
      if (route.host === host) expect(page).toContain(line);
      else if (!ROUTES.some((other) => other.host === host && other.path === route.path))
        expect(page).not.toContain(line);
    }
  });

  it('serves the OpenAPI document of this host’s paths with its own origin as the server', async () => {
    // Act
    const response = await fetch(url('/openapi.json'));
    const document = (await response.json()) as {
      openapi: string;
      servers: { url: string }[];
      paths: Record<string, { servers?: unknown }>;
    };
    // Assess
    expect(response.status).toBe(200);
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers.map((server) => server.url)).toEqual([fronts.get(host)!.url]);
    expect(Object.values(document.paths).every((item) => item.servers === undefined)).toBe(true);
    const paths = Object.keys(document.paths);
    expect(paths).toEqual(expect.arrayContaining(['/', '/health', '/openapi.json']));
    if (host === 'base') {
      expect(paths).toContain('/api/run');
      expect(paths).not.toContain('/api/mcp');
    } else {
      expect(paths).toContain('/api/mcp');
      expect(paths).toContain('/oauth/token');
      expect(paths).not.toContain('/api/run');
    }
  });
});
