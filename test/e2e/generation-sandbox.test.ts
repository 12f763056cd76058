// e2e: `npm start` with no provider account generates media end to end — the banner names each synthetic
// sandbox, credits come from `admin grant-credits --local` (found by its run file), and a Veo video, a fal
// video and a text-to-speech clip come back as durable assets through the routes a client would call.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-e2e-'));
const runDir = mkdtempSync(join(tmpdir(), 'sandbox-run-'));
const apiKey = `workspace_${randomBytes(16).toString('hex')}`;
let local: LocalProcess;
let baseUrl: string;

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

beforeAll(async () => {
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
  local = startLocalProcess({
    ...blank,
    APP_PORT: String(await freePort()),
    BASE_PORT: String(await freePort()),
    DATA_DIR: dataDir,
    LOCAL_RUN_DIR: runDir,
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
  rmSync(runDir, { recursive: true, force: true });
});

describe('npm start without provider accounts', () => {
  it('names a synthetic sandbox for each provider', () => {
    for (const line of [
      'provider one (Veo): no GEMINI_API_KEY set',
      'provider two (fal): no FAL_KEY set',
      'speech (ElevenLabs): no ELEVENLABS_API_KEY set',
    ])
      expect(local.output()).toContain(line);
  });

  it('generates a Veo video, a fal video and speech as assets once credits are granted', async () => {
    // Prepare: credits through the admin CLI, as docs/generation.md says
    const { workspaceId } = (await http('GET', '/api/verify-key')).body;
    const granted = await admin([
      'grant-credits',
      '--workspace',
      workspaceId,
      '--credits',
      '2000',
      '--reason',
      'sandbox',
      '--local',
    ]);
    expect(granted.code, granted.output).toBe(0);
    const canvasId = (await http('POST', '/api/mcp/canvas/create', { name: 'Sandbox' })).body.id;

    // Act
    const videos = [
      {
        path: '/api/generate-video',
        body: { canvasId, prompt: 'A synthetic lighthouse', modelParams: { duration: 4 } },
      },
      {
        path: '/api/fal/generate-video',
        body: {
          canvasId,
          prompt: 'A synthetic pier',
          endpointId: 'bytedance/seedance-2.0/fast/text-to-video',
          modelParams: { duration: 4 },
        },
      },
    ];
    const finished = [];
    for (const video of videos) {
      const submitted = await http('POST', video.path, video.body);
      expect(submitted.status, JSON.stringify(submitted.body)).toBe(202);
      let polled = submitted;
      for (
        let round = 0;
        round < 10 && polled.body.status !== 'succeeded' && polled.body.status !== 'failed';
        round++
      ) {
        polled = await http(
          'GET',
          `${video.path}?jobId=${submitted.body.jobId}&statusToken=${encodeURIComponent(submitted.body.statusToken)}`,
        );
      }
      finished.push(polled.body);
    }
    const speech = await http('POST', '/api/generate-audio', {
      canvasId,
      mode: 'tts',
      text: 'Hello from the sandbox.',
    });

    // Assess
    for (const job of finished)
      expect(job).toMatchObject({ status: 'succeeded', asset: { kind: 'video', contentType: 'video/mp4' } });
    expect(speech.status, JSON.stringify(speech.body)).toBe(201);
    expect(speech.body.asset).toMatchObject({ kind: 'audio', contentType: 'audio/mpeg' });
    const assets = (await http('GET', `/api/mcp/canvas/assets?canvasId=${canvasId}`)).body.items.map(
      (asset: { id: string }) => asset.id,
    );
    expect(assets).toEqual(
      expect.arrayContaining([finished[0].asset.assetId, finished[1].asset.assetId, speech.body.asset.assetId]),
    );
  });
});
