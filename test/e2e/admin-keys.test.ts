// e2e: the way back in after losing a key — `admin create-key --local` finds the running `npm start`
// by its run file (no DATA_DIR given), mints a key for an existing workspace, and the key works over
// HTTP; `npm start` says out loud when BOOTSTRAP_API_KEY is ignored because the store has data.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess, type Ready } from '../support/local-process.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

const dataDir = mkdtempSync(join(tmpdir(), 'admin-keys-e2e-'));
/** Run files of this test's servers only: other tests start servers of their own at the same time. */
const runDir = mkdtempSync(join(tmpdir(), 'admin-keys-run-'));
const firstKey = `workspace_${randomBytes(16).toString('hex')}`;
const running: LocalProcess[] = [];

/** The admin CLI as a user runs it: from the repository, with no DATA_DIR. */
function admin(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_RUN_DIR: runDir };
  delete env.DATA_DIR;
  return new Promise((resolve) => {
    const child = spawn(TSX, ['scripts/admin.ts', ...args], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function start(bootstrapApiKey: string): Promise<{ local: LocalProcess; ready: Ready }> {
  const local = startLocalProcess({
    APP_PORT: String(await freePort()),
    BASE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOCAL_RUN_DIR: runDir,
    BOOTSTRAP_API_KEY: bootstrapApiKey,
  });
  running.push(local);
  return { local, ready: await waitUntilReady(local) };
}

async function stop(local: LocalProcess): Promise<void> {
  if (local.child.exitCode !== null || local.child.signalCode !== null) return;
  local.child.kill('SIGTERM');
  await local.exited;
}

const verify = async (baseUrl: string, key: string) => {
  const answer = await fetch(`${baseUrl}/api/verify-key`, { headers: { authorization: `Bearer ${key}` } });
  return { status: answer.status, body: (await answer.json()) as { workspaceId: string; scopes: string[] } };
};

afterAll(async () => {
  for (const local of running.splice(0)) await stop(local);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(runDir, { recursive: true, force: true });
});

describe('admin create-key --local', () => {
  let ready: Ready;
  let local: LocalProcess;
  let workspaceId: string;

  beforeAll(async () => {
    ({ local, ready } = await start(firstKey));
    workspaceId = (await verify(ready.baseUrl, firstKey)).body.workspaceId;
  });

  it('announces the running server in a run file naming its DATA_DIR and URLs', () => {
    // Act
    const files = readdirSync(runDir);

    // Assess: one file, named by the pid of the node process under tsx
    expect(files).toHaveLength(1);
    const content = JSON.parse(readFileSync(join(runDir, files[0]!), 'utf8'));
    expect(content).toMatchObject({ dataDir, baseUrl: ready.baseUrl, appUrl: ready.appUrl });
    expect(files[0]).toBe(`${content.pid}.json`);
  });

  it('mints a key with the asked scopes and name for an existing workspace, found without DATA_DIR', async () => {
    // Act
    const result = await admin([
      'create-key',
      '--workspace',
      workspaceId,
      '--scopes',
      'read:canvases,run:workflows',
      '--name',
      'ci',
      '--local',
    ]);

    // Assess: printed once, and it works
    expect(result.code, result.stderr).toBe(0);
    const key = /apiKey:\s+(workspace_\S+)/.exec(result.stdout)?.[1];
    expect(key).toBeDefined();
    expect(result.stdout).toContain(`workspaceId: ${workspaceId}`);
    const verified = await verify(ready.baseUrl, key!);
    expect(verified).toEqual({
      status: 200,
      body: expect.objectContaining({ workspaceId, scopes: ['read:canvases', 'run:workflows'] }),
    });
    const listed = await fetch(`${ready.baseUrl}/api/mcp/api-keys/list`, {
      headers: { authorization: `Bearer ${firstKey}` },
    });
    const keys = ((await listed.json()) as { items: { name: string; scopes: string[] }[] }).items;
    expect(keys).toContainEqual(expect.objectContaining({ name: 'ci', scopes: ['read:canvases', 'run:workflows'] }));
  });

  it('gives every scope when none are named', async () => {
    // Act
    const result = await admin(['create-key', '--workspace', workspaceId, '--local']);

    // Assess
    expect(result.code, result.stderr).toBe(0);
    const key = /apiKey:\s+(workspace_\S+)/.exec(result.stdout)![1]!;
    expect((await verify(ready.baseUrl, key)).body.scopes).toHaveLength(9);
  });

  it('refuses an unknown workspace (exit 1) and an unknown scope (exit 2) without minting anything', async () => {
    // Act
    const unknown = await admin(['create-key', '--workspace', 'ws_00000000000000000000000000', '--local']);
    const badScope = await admin([
      'create-key',
      '--workspace',
      workspaceId,
      '--scopes',
      'read:canvases,root',
      '--local',
    ]);

    // Assess
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/Workspace ws_0+ not found/);
    expect(unknown.stdout).not.toMatch(/apiKey/);
    expect(badScope.code).toBe(2);
    expect(badScope.stderr).toContain('--scopes');
  });

  it('removes the run file on exit, and then --local finds nothing running', async () => {
    // Act
    await stop(local);
    const after = await admin(['create-key', '--workspace', workspaceId, '--local']);

    // Assess
    expect(readdirSync(runDir)).toEqual([]);
    expect(after.code).toBe(1);
    expect(after.stderr).toMatch(/No running local stack found/);
  });
});

describe('npm start with BOOTSTRAP_API_KEY on a store that has data', () => {
  afterEach(async () => {
    for (const local of running.splice(0)) await stop(local);
  });

  it('stays quiet when the key is the one the store was seeded with', async () => {
    // Act
    const { local } = await start(firstKey);

    // Assess
    expect(local.output()).not.toMatch(/BOOTSTRAP_API_KEY is ignored/);
  });

  it('warns that another key is ignored and names the command that makes one', async () => {
    // Prepare
    const otherKey = `workspace_${randomBytes(16).toString('hex')}`;

    // Act
    const { local, ready } = await start(otherKey);

    // Assess: the warning with the workspace to pass; the ignored key does not work
    expect(local.output()).toMatch(/Warning: BOOTSTRAP_API_KEY is ignored/);
    expect(local.output()).toMatch(/npm run admin -- create-key --workspace ws_\S+ --local/);
    expect((await verify(ready.baseUrl, otherKey)).status).toBe(401);
    expect(readdirSync(runDir)).toHaveLength(1);
    expect(local.child.exitCode).toBeNull();
  });
});
