// e2e: `npm start` driven over HTTP as a client would, then signalled as a developer would.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import {
  descendantsOf,
  isAlive,
  isLoopback,
  listenersOf,
  startLocalProcess,
  waitUntilReady,
  type LocalProcess,
} from '../support/local-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'local-mode-e2e-'));
const bootstrapApiKey = `workspace_${randomBytes(16).toString('hex')}`;
const running: LocalProcess[] = [];

async function start(env: Record<string, string>): Promise<LocalProcess> {
  const local = startLocalProcess(env);
  running.push(local);
  return local;
}

/** SIGTERM, as a process manager sends; returns the exit code and what was running beneath. */
async function terminate(local: LocalProcess) {
  const beneath = descendantsOf(local.child.pid!);
  local.child.kill('SIGTERM');
  const exitCode = await local.exited;
  // Children are stopped before the parent exits; give the kernel a moment to finish reaping.
  for (let i = 0; i < 50 && beneath.some((process) => isAlive(process.pid)); i++)
    await new Promise((r) => setTimeout(r, 100));
  return { exitCode, beneath, survivors: beneath.filter((process) => isAlive(process.pid)) };
}

afterEach(async () => {
  // A failed assertion must not leave a server (and its JVM) running.
  for (const local of running.splice(0)) {
    if (local.child.exitCode === null && local.child.signalCode === null) {
      local.child.kill('SIGTERM');
      await local.exited;
    }
  }
});

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('local mode: the start script (what npm start runs)', () => {
  let workspaceId: string;
  let ports: { APP_PORT: string; BASE_PORT: string };

  it('serves both hosts, creates the first workspace with BOOTSTRAP_API_KEY, and stops cleanly on SIGTERM', async () => {
    // Prepare
    ports = { APP_PORT: String(await freePort()), BASE_PORT: String(await freePort()) };
    const local = await start({ ...ports, DATA_DIR: dataDir, BOOTSTRAP_API_KEY: bootstrapApiKey });
    const ready = await waitUntilReady(local);

    // Act
    const verified = await fetch(`${ready.baseUrl}/api/verify-key`, {
      headers: { authorization: `Bearer ${bootstrapApiKey}` },
    });
    const anonymous = await fetch(`${ready.baseUrl}/api/verify-key`);
    const unknown = await fetch(`${ready.baseUrl}/api/does-not-exist`);
    const unknownOnApp = await fetch(`${ready.appUrl}/api/verify-key`);
    const wrongMethod = await fetch(`${ready.baseUrl}/api/verify-key`, { method: 'DELETE' });

    // Assess
    expect(ready.appUrl).toBe(`http://127.0.0.1:${ports.APP_PORT}`);
    expect(ready.baseUrl).toBe(`http://127.0.0.1:${ports.BASE_PORT}`);
    expect(ready.apiKey).toBe(bootstrapApiKey);
    expect(verified.status).toBe(200);
    const body = (await verified.json()) as { workspaceId: string; scopes: string[] };
    expect(body.workspaceId).toEqual(expect.any(String));
    expect(body.scopes).toContain('manage:integrations');
    workspaceId = body.workspaceId;
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: expect.any(String), code: 'unauthenticated' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.any(String), code: 'not_found' });
    expect(unknownOnApp.status).toBe(404); // verify-key lives on the base host only
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toBe('GET');
    expect(await wrongMethod.json()).toEqual({ error: expect.any(String), code: 'method_not_allowed' });

    const { exitCode, beneath, survivors } = await terminate(local);
    expect(exitCode).toBe(0);
    expect(beneath.some((process) => process.command.includes('DynamoDBLocal.jar'))).toBe(true);
    expect(survivors).toEqual([]);
  });

  it('keeps workspaces and keys across a restart over the same DATA_DIR and does not bootstrap twice', async () => {
    // Prepare: the first test ran over this DATA_DIR
    expect(workspaceId).toBeDefined();
    const local = await start({
      ...ports,
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: `workspace_${randomBytes(16).toString('hex')}`,
    });
    const ready = await waitUntilReady(local);

    // Act
    const verified = await fetch(`${ready.baseUrl}/api/verify-key`, {
      headers: { authorization: `Bearer ${bootstrapApiKey}` },
    });

    // Assess
    expect(ready.apiKey).toBeUndefined();
    expect(local.output()).not.toMatch(/API key:/);
    expect(verified.status).toBe(200);
    expect(((await verified.json()) as { workspaceId: string }).workspaceId).toBe(workspaceId);
    const { exitCode, survivors } = await terminate(local);
    expect(exitCode).toBe(0);
    expect(survivors).toEqual([]);
  });

  it('finishes starting while clients connect during start-up: one keeps an idle connection open, one asks /health', async () => {
    // Prepare: an empty store, so the only print of the bootstrap key is at stake
    const emptyDir = mkdtempSync(join(tmpdir(), 'local-mode-e2e-busy-'));
    const idle: Socket[] = [];
    try {
      const appPort = await freePort();
      const basePort = await freePort();
      const local = await start({ APP_PORT: String(appPort), BASE_PORT: String(basePort), DATA_DIR: emptyDir });

      // Act: both ports are held from the first moments of start-up; connect as soon as they accept
      const early = await connectOnceListening(appPort, local);
      idle.push(early.socket); // never written to, never closed by us
      const health = await fetchOnceListening(`http://127.0.0.1:${basePort}/health`, local);
      const bannerBefore = local.output().includes('app host:');
      const ready = await waitUntilReady(local);
      const healthAfter = await fetch(`${ready.baseUrl}/health`);

      // Assess
      expect(bannerBefore).toBe(false); // both clients came during start-up
      expect(health.status).toBe(503);
      expect(health.headers.get('retry-after')).toEqual(expect.any(String));
      expect(ready.apiKey).toMatch(/^workspace_/);
      expect(healthAfter.status).toBe(200);
      const { exitCode, survivors } = await terminate(local);
      expect(exitCode).toBe(0);
      expect(survivors).toEqual([]);
    } finally {
      for (const socket of idle) socket.destroy();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('listens on loopback only: every listening socket of the stack (fronts, stand-ins, DynamoDB Local) is on 127.0.0.1', async () => {
    // Prepare
    const emptyDir = mkdtempSync(join(tmpdir(), 'local-mode-e2e-loopback-'));
    try {
      const appPort = await freePort();
      const local = await start({
        APP_PORT: String(appPort),
        BASE_PORT: String(await freePort()),
        DATA_DIR: emptyDir,
      });
      await waitUntilReady(local);

      // Act
      const beneath = descendantsOf(local.child.pid!);
      const listeners = listenersOf([local.child.pid!, ...beneath.map((process) => process.pid)]);

      // Assess: the JVM's listener is among those read (the check is not vacuous), and none is on another address
      const java = beneath
        .filter((process) => process.command.includes('DynamoDBLocal.jar'))
        .map((process) => process.pid);
      expect(listeners.some((listener) => java.includes(listener.pid))).toBe(true);
      expect(listeners.some((listener) => listener.port === appPort)).toBe(true);
      expect(listeners.filter((listener) => !isLoopback(listener.address))).toEqual([]);
      expect((await terminate(local)).exitCode).toBe(0);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });

  it('exits 1 with a one-line message naming BASE_PORT when that port is taken', async () => {
    // Prepare
    const basePort = await freePort();
    const occupier: Server = createServer();
    await new Promise<void>((resolve) => occupier.listen(basePort, '127.0.0.1', resolve));
    try {
      // Act
      const local = await start({ APP_PORT: String(await freePort()), BASE_PORT: String(basePort), DATA_DIR: dataDir });
      const exitCode = await local.exited;

      // Assess
      expect(exitCode).toBe(1);
      expect(local.output()).toContain(`Port ${basePort} (BASE_PORT) is already in use`);
      expect(local.output()).not.toMatch(/\n\s+at /); // no stack trace
    } finally {
      occupier.close();
    }
  });

  it('exits 1 with a one-line message when BOOTSTRAP_API_KEY is not a workspace key, leaving no JVM behind', async () => {
    // Prepare: an empty store, so the bootstrap runs (after DynamoDB Local has started)
    const emptyDir = mkdtempSync(join(tmpdir(), 'local-mode-e2e-bad-key-'));
    try {
      const local = await start({
        APP_PORT: String(await freePort()),
        BASE_PORT: String(await freePort()),
        DATA_DIR: emptyDir,
        BOOTSTRAP_API_KEY: 'not-a-workspace-key',
      });
      const seen = new Map<number, string>();
      const watch = setInterval(() => {
        for (const process of descendantsOf(local.child.pid!)) seen.set(process.pid, process.command);
      }, 50);

      // Act
      const exitCode = await local.exited;
      clearInterval(watch);

      // Assess
      expect(exitCode).toBe(1);
      expect(local.output()).toMatch(/local mode: .*workspace_/);
      expect(local.output()).not.toMatch(/\n\s+at /);
      const leftovers = () => [...seen.keys()].filter((pid) => isAlive(pid));
      for (let i = 0; i < 50 && leftovers().length > 0; i++) await new Promise((r) => setTimeout(r, 100));
      expect(leftovers()).toEqual([]);
    } finally {
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});

/** Connects to `port` as soon as something listens there (retrying refusals while `local` runs). */
async function connectOnceListening(port: number, local: LocalProcess): Promise<{ socket: Socket }> {
  for (;;) {
    if (local.child.exitCode !== null) throw new Error(`local mode exited:\n${local.output()}`);
    const socket = await new Promise<Socket | undefined>((resolve) => {
      const attempt = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      attempt.once('connect', () => resolve(attempt));
      attempt.once('error', () => resolve(undefined));
    });
    if (socket) {
      socket.on('error', () => undefined);
      return { socket };
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The first answer to GET `url` once something listens (retrying refusals while `local` runs). */
async function fetchOnceListening(url: string, local: LocalProcess): Promise<Response> {
  for (;;) {
    if (local.child.exitCode !== null) throw new Error(`local mode exited:\n${local.output()}`);
    const answer = await fetch(url).catch((error: { cause?: { code?: string } }) => {
      if (error.cause?.code === 'ECONNREFUSED') return undefined;
      throw error;
    });
    if (answer) return answer;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
