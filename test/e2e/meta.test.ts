// e2e: the URLs `npm start` prints answer — an index at /, GET /health and /openapi.json on both hosts,
// with no credential — and the banner says which host serves what.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'local-mode-meta-'));
let local: LocalProcess | undefined;

afterAll(async () => {
  if (local && local.child.exitCode === null && local.child.signalCode === null) {
    local.child.kill('SIGTERM');
    await local.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('local mode: what the printed URLs serve', () => {
  it('answers /, /health and /openapi.json on both hosts and names what each host serves', async () => {
    // Prepare
    // Empty public URLs: the hosts' own origins (a full run's global setup leaves PUBLIC_BASE_URL in the environment).
    const ports = { APP_PORT: String(await freePort()), BASE_PORT: String(await freePort()) };
    local = startLocalProcess({ ...ports, DATA_DIR: dataDir, PUBLIC_BASE_URL: '', PUBLIC_APP_URL: '' });
    const ready = await waitUntilReady(local);

    for (const [host, origin] of [
      ['app', ready.appUrl],
      ['base', ready.baseUrl],
    ] as const) {
      // Act
      const [index, health, openapi] = await Promise.all([
        fetch(`${origin}/`),
        fetch(`${origin}/health`),
        fetch(`${origin}/openapi.json`),
      ]);
      // Assess
      expect(index.status, host).toBe(200);
      expect(await index.text()).toContain(`${host} host`);
      expect(health.status, host).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(openapi.status, host).toBe(200);
      const document = (await openapi.json()) as { servers: { url: string }[]; paths: Record<string, unknown> };
      expect(document.servers).toEqual([expect.objectContaining({ url: origin })]);
      expect(Object.keys(document.paths)).toContain(host === 'app' ? '/api/mcp' : '/api/run');
    }
    expect(local.output()).toMatch(/app host:\s+\S+\s+MCP gateway/);
    expect(local.output()).toMatch(/base host:\s+\S+\s+REST API/);
    expect(local.output()).toMatch(/both:\s+\/ .*\/health.*\/openapi\.json/);
  });
});
