// e2e: "a 202 is a promise" across a crash. Eight clients post runs and webhook calls at the start
// script; mid-load the whole process group (node and DynamoDB Local's java) is killed with SIGKILL;
// the stack restarts on the same DATA_DIR; every run that had been answered 202 must reach a terminal
// state without any client's help (no retry, no replay).
//
// Both canvases are instant-only, so every run is run inline by the accepting route
// (INLINE_INSTANT_RUNS, pinned on below) and written once, finished, before its 202: the kill lands
// between a key's claim and that write as well as anywhere else, and such a run was never answered
// (its retry takes the claim over after the lease: runs-one-write.test.ts). Runs on the state machine
// are covered by the outbox and the Step Functions journal (test/integration/local-sfn-journal.test.ts,
// runs-outbox.test.ts).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'crash-e2e-'));
const apiKey = `workspace_${randomBytes(16).toString('hex')}`;
const TERMINAL = ['succeeded', 'failed', 'cancelled'];
/** Load before the kill: enough accepted runs to be in every stage, bounded in time for the suite. */
const LOAD_RUNS = 80;
const LOAD_MAX_MS = 6_000;
/** How long the restarted stack may take to finish everything accepted before the crash. */
const RECOVERY_MS = 60_000;

const processes: LocalProcess[] = [];

async function start(): Promise<string> {
  const env = {
    APP_PORT: String(await freePort()),
    BASE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    BOOTSTRAP_API_KEY: apiKey,
    WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000',
    INLINE_INSTANT_RUNS: 'on',
  };
  const local = startLocalProcess(env, { detached: true });
  processes.push(local);
  return (await waitUntilReady(local)).baseUrl;
}

function killGroup(local: LocalProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-local.child.pid!, signal);
  } catch {
    // already gone
  }
}

async function call(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

afterAll(async () => {
  for (const local of processes) {
    if (local.child.exitCode === null && local.child.signalCode === null) {
      killGroup(local, 'SIGTERM');
      await local.exited;
    }
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('kill -9 of npm start mid-load', () => {
  it('drives every run answered 202 (API and webhook) to a terminal state after a restart', async () => {
    // Prepare: a canvas with a prompt path and a webhook path, and the webhook's secret.
    let baseUrl = await start();
    const canvasId = (await call(baseUrl, 'POST', '/api/mcp/canvas/create', { name: 'crash' })).body.id as string;
    for (const node of [
      { id: 'prompt', type: 'prompt', data: { prompt: 'p' } },
      { id: 'hook', type: 'webhook-trigger' },
      { id: 'tpl', type: 'text', data: { template: '<{{input}}>' } },
      { id: 'out', type: 'output' },
    ]) {
      expect((await call(baseUrl, 'POST', '/api/mcp/canvas/node/add', { canvasId, ...node })).status).toBe(201);
    }
    for (const edge of [
      { source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
      { source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' },
    ]) {
      expect((await call(baseUrl, 'POST', '/api/mcp/canvas/edge/add', { canvasId, ...edge })).status).toBe(201);
    }
    const hook = await call(baseUrl, 'POST', '/api/mcp/webhooks/register', { canvasId, triggerNodeId: 'hook' });
    expect(hook.status).toBe(201);
    const secret = hook.body.webhookSecret as string;
    // Warm up: the first call of each handler loads its module; the load should measure runs, not imports.
    expect((await call(baseUrl, 'POST', '/api/run', { canvasId, triggerNodeId: 'prompt', sync: true })).status).toBe(
      200,
    );
    expect(
      (await call(baseUrl, 'POST', '/webhook/trigger', { warm: true }, { authorization: `Bearer ${secret}` })).status,
    ).toBe(202);

    // Act: 6 API clients and 2 webhook senders until the kill; only 202 answers count as accepted.
    const accepted: string[] = [];
    let crashed = false;
    const client = async (kind: 'api' | 'webhook') => {
      while (!crashed) {
        try {
          const answer =
            kind === 'api'
              ? await call(
                  baseUrl,
                  'POST',
                  '/api/run',
                  { canvasId, triggerNodeId: 'prompt', inputs: { prompt: randomUUID() } },
                  { 'idempotency-key': randomUUID() },
                )
              : await call(
                  baseUrl,
                  'POST',
                  '/webhook/trigger',
                  { n: randomUUID() },
                  { authorization: `Bearer ${secret}` },
                );
          if (answer.status === 202) accepted.push(answer.body.executionId);
        } catch {
          // The connection died with the stack: that request was never answered, so promised nothing.
        }
      }
    };
    const clients = [...Array.from({ length: 6 }, () => client('api')), client('webhook'), client('webhook')];
    const loadUntil = Date.now() + LOAD_MAX_MS;
    while (accepted.length < LOAD_RUNS && Date.now() < loadUntil)
      await new Promise((resolve) => setTimeout(resolve, 20));
    killGroup(processes[0]!, 'SIGKILL');
    crashed = true;
    await Promise.all(clients);
    await processes[0]!.exited;
    expect(accepted.length).toBeGreaterThan(20);

    const restartAt = Date.now();
    baseUrl = await start();
    const readyAt = Date.now();
    const pending = new Set(accepted);
    const statuses = new Map<string, string>();
    const deadline = Date.now() + RECOVERY_MS;
    while (pending.size > 0 && Date.now() < deadline) {
      for (const executionId of [...pending]) {
        const { body } = await call(baseUrl, 'GET', `/api/executions?executionId=${executionId}`);
        statuses.set(executionId, body?.status ?? 'missing');
        if (TERMINAL.includes(body?.status)) pending.delete(executionId);
      }
      if (pending.size > 0) await new Promise((resolve) => setTimeout(resolve, 500));
    }

    console.log(
      `crash-recovery: ${accepted.length} accepted before the kill; restart ${readyAt - restartAt} ms; all terminal ` +
        `${pending.size === 0 ? `${Date.now() - readyAt} ms after ready` : 'never'}`,
    );

    // Assess: nothing accepted is left behind, and nothing was lost on the way.
    const stuck = [...pending].map((id) => `${id}: ${statuses.get(id)}`);
    expect(stuck, `${stuck.length} of ${accepted.length} accepted runs not terminal`).toEqual([]);
    expect([...statuses.values()].every((status) => status === 'succeeded')).toBe(true);
  }, 180_000);
});
