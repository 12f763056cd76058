// e2e: the admin CLI against a running local stack — it provisions a workspace and prints its
// all-scopes key once; the key then works over HTTP like any other.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('admin CLI: create-workspace --local', () => {
  let local: LocalProcess | undefined;
  let dataDir: string;
  let baseUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'admin-e2e-'));
    const [appPort, basePort] = [await freePort(), await freePort()];
    local = startLocalProcess({
      APP_PORT: String(appPort),
      BASE_PORT: String(basePort),
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: '',
    });
    baseUrl = (await waitUntilReady(local)).baseUrl;
  });

  afterAll(async () => {
    if (local && local.child.exitCode === null) {
      local.child.kill('SIGTERM');
      await local.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('prints a new workspace and its key once; the key verifies with every scope', async () => {
    // Act
    const result = await run(
      ['scripts/admin.ts', 'create-workspace', '--name', 'Acme', '--owner-email', 'ops@acme.example', '--local'],
      { DATA_DIR: dataDir },
    );

    // Assess
    expect(result.code, result.stderr).toBe(0);
    const key = /apiKey:\s+(workspace_\S+)/.exec(result.stdout)?.[1];
    const workspaceId = /workspaceId:\s+(ws_\S+)/.exec(result.stdout)?.[1];
    expect(key).toBeDefined();
    const verified = await fetch(`${baseUrl}/api/verify-key`, { headers: { authorization: `Bearer ${key}` } });
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as { workspaceId: string; scopes: string[] };
    expect(body.workspaceId).toBe(workspaceId);
    expect(body.scopes).toHaveLength(9);
    const info = await fetch(`${baseUrl}/api/mcp/workspace/info`, { headers: { authorization: `Bearer ${key}` } });
    expect(((await info.json()) as { name: string }).name).toBe('Acme');
  });

  it('grants credits once per operation id; the balance route shows them', async () => {
    // Prepare
    const created = await run(
      ['scripts/admin.ts', 'create-workspace', '--name', 'Credits', '--owner-email', 'cfo@acme.example', '--local'],
      { DATA_DIR: dataDir },
    );
    const key = /apiKey:\s+(workspace_\S+)/.exec(created.stdout)![1]!;
    const workspaceId = /workspaceId:\s+(ws_\S+)/.exec(created.stdout)![1]!;
    const grant = [
      'scripts/admin.ts',
      'grant-credits',
      '--workspace',
      workspaceId,
      '--credits',
      '250',
      '--reason',
      'pilot',
      '--local',
    ];
    // Act
    const first = await run(grant, { DATA_DIR: dataDir });
    const operationId = /operationId:\s+(\S+)/.exec(first.stdout)?.[1];
    const retried = await run([...grant, '--operation-id', operationId!], { DATA_DIR: dataDir });
    const unknown = await run(
      [
        'scripts/admin.ts',
        'grant-credits',
        '--workspace',
        'ws_0000000000000000000000zzzz',
        '--credits',
        '5',
        '--reason',
        'x',
        '--local',
      ],
      { DATA_DIR: dataDir },
    );
    const bad = await run(
      ['scripts/admin.ts', 'grant-credits', '--workspace', workspaceId, '--credits', '0', '--reason', 'x', '--local'],
      { DATA_DIR: dataDir },
    );
    // Assess
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/granted:\s+250 credits/);
    expect(retried.code, retried.stderr).toBe(0);
    expect(retried.stdout).toMatch(/already granted/);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Workspace not found/);
    expect(bad.code).toBe(2);
    const balance = await fetch(`${baseUrl}/api/mcp/credits/balance`, { headers: { authorization: `Bearer ${key}` } });
    expect(await balance.json()).toMatchObject({ workspaceId, balance: 250, available: 250 });
  });

  it('refuses bad arguments with exit code 2 and the usage', async () => {
    const result = await run(
      ['scripts/admin.ts', 'create-workspace', '--name', 'Acme', '--owner-email', 'not-an-email', '--local'],
      { DATA_DIR: dataDir },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('owner-email');
  });

  it('says clearly when no local stack is running for that DATA_DIR', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'admin-none-'));
    try {
      const result = await run(
        ['scripts/admin.ts', 'create-workspace', '--name', 'X', '--owner-email', 'x@example.com', '--local'],
        { DATA_DIR: empty },
      );
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/No running local stack found/);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
