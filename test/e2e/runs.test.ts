// e2e: the start script (what `npm start` runs) as a child process, driven over HTTP as a client
// would: author a canvas, start an async run and poll it, then a sync run.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'runs-e2e-'));
const apiKey = `workspace_${randomBytes(16).toString('hex')}`;
let local: LocalProcess;
let baseUrl: string;

/** One JSON request, as curl would send it. */
async function http(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

beforeAll(async () => {
  local = startLocalProcess({
    APP_PORT: String(await freePort()),
    BASE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    BOOTSTRAP_API_KEY: apiKey,
  });
  baseUrl = (await waitUntilReady(local)).baseUrl;
});

afterAll(async () => {
  if (local && local.child.exitCode === null && local.child.signalCode === null) {
    local.child.kill('SIGTERM');
    await local.exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('runs through the start script', () => {
  let canvasId: string;

  beforeAll(async () => {
    const created = await http('POST', '/api/mcp/canvas/create', { name: 'e2e run' });
    expect(created.status).toBe(201);
    canvasId = created.body.id;
    for (const node of [
      { id: 'prompt', type: 'prompt', data: { prompt: 'stored prompt' } },
      { id: 'tpl', type: 'text', data: { template: '<{{input}}>' } },
      { id: 'out', type: 'output' },
    ]) {
      expect((await http('POST', '/api/mcp/canvas/node/add', { canvasId, ...node })).status).toBe(201);
    }
    for (const edge of [
      { source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
      { source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' },
    ]) {
      expect((await http('POST', '/api/mcp/canvas/edge/add', { canvasId, ...edge })).status).toBe(201);
    }
  });

  it('accepts an async run with 202 and runs it to succeeded', async () => {
    // Act
    const accepted = await http('POST', '/api/run', { canvasId, triggerNodeId: 'prompt' });

    // Assess
    expect(accepted.status).toBe(202);
    expect(accepted.body).toEqual({
      ok: true,
      executionId: expect.stringMatching(/^exec_[0-9a-z]{26}$/),
      message: expect.any(String),
    });
    let snapshot: any;
    for (let polls = 0; polls < 200; polls++) {
      snapshot = (await http('GET', `/api/executions?executionId=${accepted.body.executionId}`)).body;
      if (['succeeded', 'failed', 'cancelled'].includes(snapshot.status)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(snapshot).toMatchObject({
      executionId: accepted.body.executionId,
      status: 'succeeded',
      result: { out: '<stored prompt>' },
    });
  });

  it('answers a sync run with 200 and the terminal snapshot', async () => {
    // Act
    const answer = await http('POST', '/api/run', {
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'sync' },
      sync: true,
      timeoutSeconds: 30,
    });

    // Assess
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 'succeeded', result: { out: '<sync>' }, inputs: { prompt: 'sync' } });
    const history = await http('GET', `/api/mcp/canvas/executions?canvasId=${canvasId}`);
    expect(history.body.items.map((item: { executionId: string }) => item.executionId)).toEqual([
      answer.body.executionId,
      expect.any(String),
    ]);
  });
});
