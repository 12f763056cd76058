// e2e: a provider's job outlives our crash. `npm start` with no provider account runs the synthetic
// stand-ins (fal, Veo, ElevenLabs); video jobs are submitted through the routes and through runs (each
// run also speaks a line), the whole process group is killed with SIGKILL while every video is still
// being made at the "provider", and the stack restarts on the same DATA_DIR. As in AWS, where fal and
// Google keep running a job whatever happens to us, every job must then finish: its asset stored once,
// its credits charged once, nothing left held.
//
// The kill waits until each run's speech call has been answered: a speech call is synchronous, and one
// cut by the crash is by design failed, never repeated (docs/generation-audio.md). What the crash may
// not do is charge that speech again when the resumed run steps over it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { waitUntil } from '../support/wait-until.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const folder = tempFolders('provider-crash-e2e');
const dataDir = folder();
const runDir = folder();
const apiKey = `workspace_${randomBytes(16).toString('hex')}`;
/**
 * How long each synthetic job runs at its stand-in: long enough that none can finish before the kill
 * (set up, submit, kill: a few seconds), short enough that they finish soon after the restart.
 */
const JOB_SECONDS = 20;
const GRANTED = 2000;
const FAL_ENDPOINT = 'bytedance/seedance-2.0/fast/text-to-video';
const TERMINAL = ['succeeded', 'failed', 'cancelled'];

const processes: LocalProcess[] = [];
let baseUrl = '';

async function start(): Promise<void> {
  // No provider account: every key and base URL blank, whatever the test environment holds.
  const blank = Object.fromEntries(
    [
      'GEMINI_API_KEY',
      'FAL_KEY',
      'ELEVENLABS_API_KEY',
      'PROVIDER_ONE_BASE_URL',
      'PROVIDER_TWO_BASE_URL',
      'SPEECH_BASE_URL',
      'OUTBOUND_ALLOW_HOSTS',
    ].map((name) => [name, '']),
  );
  const local = startLocalProcess(
    {
      ...blank,
      APP_PORT: String(await freePort()),
      BASE_PORT: String(await freePort()),
      DATA_DIR: dataDir,
      LOCAL_RUN_DIR: runDir,
      BOOTSTRAP_API_KEY: apiKey,
      SANDBOX_JOB_SECONDS: String(JOB_SECONDS),
    },
    { detached: true },
  );
  processes.push(local);
  baseUrl = (await waitUntilReady(local)).baseUrl;
}

function killGroup(local: LocalProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-local.child.pid!, signal);
  } catch {
    // already gone
  }
}

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

function admin(args: string[]): Promise<{ code: number | null; output: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, LOCAL_RUN_DIR: runDir };
  delete env.DATA_DIR;
  return new Promise((resolve) => {
    const child = spawn(join(ROOT, 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', ...args], { cwd: ROOT, env });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

/** A canvas whose run makes one video (on `provider`) and one spoken line from the same prompt. */
async function videoAndSpeechCanvas(name: string, video: Record<string, unknown>): Promise<string> {
  const canvasId = (await http('POST', '/api/mcp/canvas/create', { name })).body.id as string;
  for (const node of [
    { id: 'prompt', type: 'prompt', data: { prompt: `A synthetic ${name}` } },
    { id: 'video', type: 'video-generation', data: video },
    { id: 'speak', type: 'audio-generation', data: {} },
    { id: 'out', type: 'output' },
  ]) {
    const added = await http('POST', '/api/mcp/canvas/node/add', { canvasId, ...node });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  for (const edge of [
    { source: 'prompt', sourceHandle: 'prompt-out', target: 'video', targetHandle: 'prompt-in' },
    { source: 'prompt', sourceHandle: 'prompt-out', target: 'speak', targetHandle: 'text-in' },
    { source: 'video', sourceHandle: 'video-out', target: 'out', targetHandle: 'value-in' },
    { source: 'speak', sourceHandle: 'audio-out', target: 'out', targetHandle: 'value-in' },
  ]) {
    const added = await http('POST', '/api/mcp/canvas/edge/add', { canvasId, ...edge });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }
  return canvasId;
}

async function allTransactions(): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const page = await http(
      'GET',
      `/api/mcp/credits/transactions?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor;
  } while (cursor);
  return items;
}

const assetIdsOf = async (canvasId: string): Promise<string[]> =>
  (await http('GET', `/api/mcp/canvas/assets?canvasId=${canvasId}`)).body.items.map(
    (asset: { id: string }) => asset.id,
  );

afterAll(async () => {
  for (const local of processes) {
    if (local.child.exitCode === null && local.child.signalCode === null) {
      killGroup(local, 'SIGTERM');
      await local.exited;
    }
  }
});

describe('kill -9 of npm start while the providers are making videos', () => {
  it('finishes every job after the restart, each stored once and charged once, nothing held', async () => {
    // Prepare: credits, a canvas for the routes' jobs and one per provider for the runs.
    await start();
    const { workspaceId } = (await http('GET', '/api/verify-key')).body;
    const granted = await admin([
      'grant-credits',
      '--workspace',
      workspaceId,
      '--credits',
      String(GRANTED),
      '--reason',
      'provider crash',
      '--local',
    ]);
    expect(granted.code, granted.output).toBe(0);
    const routesCanvas = (await http('POST', '/api/mcp/canvas/create', { name: 'Routes' })).body.id as string;
    const falCanvas = await videoAndSpeechCanvas('pier', {
      provider: 'provider-two',
      endpointId: FAL_ENDPOINT,
      modelParams: { duration: 4 },
    });
    const veoCanvas = await videoAndSpeechCanvas('lighthouse', {
      provider: 'provider-one',
      modelParams: { duration: 4 },
    });

    // Act: two video jobs through the routes, a spoken line through its route, two runs.
    const routeJobs = [
      {
        path: '/api/fal/generate-video',
        body: {
          canvasId: routesCanvas,
          prompt: 'A synthetic pier',
          endpointId: FAL_ENDPOINT,
          modelParams: { duration: 4 },
        },
      },
      {
        path: '/api/generate-video',
        body: { canvasId: routesCanvas, prompt: 'A synthetic lighthouse', modelParams: { duration: 4 } },
      },
    ];
    const submitted = [];
    const firstSubmitAt = Date.now();
    for (const job of routeJobs) {
      const answer = await http('POST', job.path, job.body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      submitted.push({ ...job, jobId: answer.body.jobId as string, statusToken: answer.body.statusToken as string });
    }
    const speech = await http('POST', '/api/generate-audio', {
      canvasId: routesCanvas,
      mode: 'tts',
      text: 'Spoken before the crash.',
    });
    expect(speech.status, JSON.stringify(speech.body)).toBe(201);
    const runs = [];
    for (const canvasId of [falCanvas, veoCanvas]) {
      const answer = await http('POST', '/api/run', { canvasId, triggerNodeId: 'prompt' });
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      runs.push({ canvasId, executionId: answer.body.executionId as string });
    }
    // Each run has submitted its video and had its line spoken (node waiting or done), no more.
    for (const run of runs) {
      await waitUntil(
        async () => {
          const { nodes } = (await http('GET', `/api/executions?executionId=${run.executionId}`)).body;
          return nodes?.video?.status === 'waiting' && ['waiting', 'succeeded'].includes(nodes?.speak?.status);
        },
        { what: `run ${run.executionId} waiting on its video`, timeoutMs: 30_000, intervalMs: 200 },
      );
    }
    for (const job of submitted) {
      const polled = await http(
        'GET',
        `${job.path}?jobId=${job.jobId}&statusToken=${encodeURIComponent(job.statusToken)}`,
      );
      expect(polled.body.status, `${job.path} job before the kill`).toBe('running');
    }
    const killedAt = Date.now();
    killGroup(processes[0]!, 'SIGKILL');
    await processes[0]!.exited;
    await start();
    const readyAt = Date.now();

    // Assess: every job reaches its end on the restarted stack, with no client's help but polling.
    const routeOutcomes = [];
    for (const job of submitted) {
      routeOutcomes.push(
        await waitUntil(
          async () => {
            const polled = await http(
              'GET',
              `${job.path}?jobId=${job.jobId}&statusToken=${encodeURIComponent(job.statusToken)}`,
            );
            return TERMINAL.includes(polled.body?.status) ? polled.body : undefined;
          },
          { what: `${job.path} job ${job.jobId} finished`, timeoutMs: 90_000, intervalMs: 1_000 },
        ),
      );
    }
    const runOutcomes = [];
    for (const run of runs) {
      runOutcomes.push(
        await waitUntil(
          async () => {
            const { body } = await http('GET', `/api/executions?executionId=${run.executionId}`);
            return TERMINAL.includes(body?.status) ? body : undefined;
          },
          { what: `run ${run.executionId} finished`, timeoutMs: 90_000, intervalMs: 1_000 },
        ),
      );
    }
    console.log(
      `provider-crash: killed ${killedAt - firstSubmitAt} ms after the first submit; ready again ${readyAt - killedAt} ms later; all finished ` +
        `${Date.now() - readyAt} ms after that`,
    );
    for (const outcome of routeOutcomes)
      expect(outcome, JSON.stringify(outcome)).toMatchObject({
        status: 'succeeded',
        asset: { kind: 'video', contentType: 'video/mp4' },
      });
    for (const outcome of runOutcomes)
      expect(outcome.status, JSON.stringify(outcome.error ?? outcome.nodes)).toBe('succeeded');

    // Each asset exists once: on its canvas, and nothing else there.
    expect((await assetIdsOf(routesCanvas)).sort()).toEqual(
      [...routeOutcomes.map((outcome) => outcome.asset.assetId), speech.body.asset.assetId].sort(),
    );
    for (const [index, run] of runs.entries()) {
      const outputs = runOutcomes[index].outputs;
      expect((await assetIdsOf(run.canvasId)).sort()).toEqual(
        [outputs.video['video-out'].assetId, outputs.speak['audio-out'].assetId].sort(),
      );
    }

    // Each job is charged once, under its own operation; nothing else was charged, nothing is held.
    const expected = [
      ...submitted.map((job) => `video:${job.jobId}`),
      speech.body.operationId,
      ...runs.flatMap((run) => [`run:${run.executionId}:video:1`, `run:${run.executionId}:speak:1`]),
    ];
    const usage = (await allTransactions()).filter((entry) => entry.type === 'usage');
    expect(usage.map((entry) => entry.operationId).sort()).toEqual(expected.sort());
    const balance = (await http('GET', '/api/mcp/credits/balance')).body;
    const spent = usage.reduce((sum, entry) => sum - entry.credits, 0);
    expect(spent).toBeGreaterThan(0);
    expect(balance).toMatchObject({ held: 0, balance: GRANTED - spent, available: GRANTED - spent });
  }, 300_000);
});
