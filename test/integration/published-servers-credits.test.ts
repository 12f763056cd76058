// integration: a published server's money (docs/published-servers.md) through the whole local stack: a
// speech canvas runs on the local state machine against the loopback ElevenLabs stand-in, so its calls
// charge credits — runs that outlast the call, media as links, billing and the FOCUS export, and the
// server's credits per day under concurrent calls. Credentials and limits: published-servers.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ElevenLabsFake } from '../support/fakes/elevenlabs-server.ts';
import { clearPublishedEnv, PublishedStack, tool } from './support/published-stack.ts';
import { type Client, type RunsStack, waitUntil } from './support/runs-stack.ts';

let published: PublishedStack;
let stack: RunsStack;
let client: Client;
let speech: ElevenLabsFake;

beforeAll(async () => {
  published = await PublishedStack.start();
  ({ stack, client, speech } = published);
});

afterAll(async () => (published ? published.stop() : clearPublishedEnv()));

const gateway = () => published.gateway();
const connect = (slug: string, credential?: string) => published.connect(slug, credential);
const post = (path: string, body: unknown, credential?: string) => published.post(path, body, credential);
const speakingCanvas = (name: string, prompt: string) => published.speakingCanvas(name, prompt);

describe('a published speech canvas: long runs, media, money', () => {
  let canvasId: string;
  let serverId: string;
  let credential: string;

  beforeAll(async () => {
    canvasId = await speakingCanvas('Narrator', '');
    const owner = await gateway();
    const server = await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'narrator',
      name: 'Narrator',
      description: 'Reads a line aloud',
      version: 'pinned',
      tools: [{ triggerNodeId: 'line', toolName: 'narrate' }],
      // One call's worth: a line of under 1000 characters is 6 credits of speech.
      limits: { creditsPerDay: 6 },
    });
    serverId = server.id;
    expect(server.pinnedCanvasVersion).toEqual(expect.any(Number));
    credential = (await tool(owner, 'create_mcp_server_credential', { serverId, name: 'agent', expiresInDays: 7 }))
      .credential;
  });

  it('answers a run that outlasts the call with a handle that get_run_result resolves, media as links', async () => {
    // Prepare: the call may not wait at all, so the run (a provider job on the state machine) outlasts it
    process.env.PUBLISHED_CALL_WAIT_MS = '0';
    const agent = await connect('narrator', credential);

    // Act
    const started = await agent.callTool({ name: 'narrate', arguments: { prompt: 'The tide came in.' } });
    delete process.env.PUBLISHED_CALL_WAIT_MS;
    const handle = started.structuredContent as { runId: string; status: string };
    const finished = await waitUntil(
      async () => {
        const answer = await agent.callTool({ name: 'get_run_result', arguments: { runId: handle.runId } });
        return (answer.structuredContent as { status: string }).status === 'queued' ||
          (answer.structuredContent as { status: string }).status === 'running'
          ? undefined
          : answer;
      },
      { what: 'the published run to finish', timeoutMs: 60_000, intervalMs: 250 },
    );

    // Assess
    expect(['queued', 'running']).toContain(handle.status);
    expect(JSON.stringify(started.content)).toContain('get_run_result');
    expect(finished.isError, JSON.stringify(finished.content)).toBeFalsy();
    expect((finished.structuredContent as { status: string }).status).toBe('succeeded');
    const link = (finished.content as { type: string; uri?: string; mimeType?: string }[]).find(
      (block) => block.type === 'resource_link',
    );
    expect(link?.mimeType).toMatch(/^audio\//);
    expect((await fetch(link!.uri!)).status).toBe(200);
  }, 90_000);

  it('bills the run to the workspace, naming the server in the transactions and the FOCUS export', async () => {
    const transactions = (await client.request('GET', '/api/mcp/credits/transactions', { query: { limit: '50' } })).body
      .items as { type: string; credits: number; resource?: Record<string, string> }[];
    const ofServer = transactions.filter((entry) => entry.resource?.publishedServerId === serverId);
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const focusUrl = new URL('/api/billing/focus-export', stack.baseUrl);
    focusUrl.search = new URLSearchParams({
      from: day(Date.now() - 86_400_000),
      to: day(Date.now() + 86_400_000),
    }).toString();
    const jsonl = await (await fetch(focusUrl, { headers: { authorization: `Bearer ${stack.key}` } })).text();
    const rows = jsonl
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as Record<string, unknown>);

    expect(ofServer).toHaveLength(1);
    expect(ofServer[0]).toMatchObject({ type: 'usage', resource: { canvasId, nodeId: 'speak' } });
    expect(ofServer[0]!.credits).toBeLessThan(0);
    const tagged = rows.filter((row) => row.x_PublishedServerId === serverId);
    expect(tagged).toHaveLength(1);
    expect(tagged[0]).toMatchObject({ ChargeCategory: 'Usage', ResourceId: `${canvasId}/speak` });
  });

  it('answers 429 without starting a run once its daily credits are spent', async () => {
    const before = await client.listExecutions(canvasId);
    const refused = await post(
      '/mcp/s/narrator',
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'narrate', arguments: { prompt: 'Again' } } },
      credential,
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(JSON.stringify(await refused.json())).toMatch(/credits for today/);
    expect(await client.listExecutions(canvasId)).toHaveLength(before.length);
  });
});

describe('a published server’s credits per day under concurrent calls', () => {
  it('admits calls only while their most possible cost fits the day; each run ends holding its charge', async () => {
    // Prepare: each run speaks the stored prompt's 900 characters, 6 credits; 20 a day fit three runs
    const canvasId = await speakingCanvas('Announcer', 'a'.repeat(900));
    const owner = await gateway();
    const server = await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'announcer',
      name: 'Announcer',
      description: 'Announces',
      visibility: 'public',
      tools: [{ triggerNodeId: 'line', toolName: 'announce' }],
      limits: { creditsPerDay: 20, callsPerMinute: 60 },
    });
    process.env.PUBLISHED_CALL_WAIT_MS = '0';
    const call = (id: number) =>
      post('/mcp/s/announcer', {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'announce', arguments: {} },
      });

    // Act: eight calls at once
    const answers = await Promise.all(Array.from({ length: 8 }, (_, index) => call(index)));
    delete process.env.PUBLISHED_CALL_WAIT_MS;

    // Assess: three admitted (18 credits), five refused; no run beyond the limit
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    const runs = await client.listExecutions(canvasId);
    expect(runs).toHaveLength(3);
    // Each run, once ended, holds its charge instead of its reservation.
    const { daySpend: spend } = await import('#adapters/composition/stores');
    for (const run of runs as { executionId: string }[]) {
      await waitUntil(async () => (await spend.reservationOf(stack.workspaceId, run.executionId)) === undefined, {
        what: `run ${run.executionId} to end and settle`,
        timeoutMs: 60_000,
        intervalMs: 250,
      });
    }
    const again = await call(9);
    expect(again.status).toBe(429);
    expect(server.id).toMatch(/^psv_/);
  }, 90_000);

  it('gives a failed run’s reservation back: once it ends, the day has room for the next call', async () => {
    // Prepare: a day of 6 credits, one call's worth; the provider refuses the first call's speech
    const canvasId = await speakingCanvas('Unlucky announcer', 'b'.repeat(900));
    const owner = await gateway();
    await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'unlucky-announcer',
      name: 'Unlucky announcer',
      description: 'Announces, eventually',
      visibility: 'public',
      tools: [{ triggerNodeId: 'line', toolName: 'announce' }],
      limits: { creditsPerDay: 6 },
    });
    speech.faults.inject({ action: 'tts', status: 400 });
    const agent = await connect('unlucky-announcer');
    const call = () => agent.callTool({ name: 'announce', arguments: {} });

    // Act
    const first = (await call()).structuredContent as { runId: string };
    await waitUntil(async () => (await client.execution(first.runId)).body.status === 'failed', {
      what: 'the refused speech to fail its run',
      timeoutMs: 60_000,
      intervalMs: 250,
    });
    const { daySpend } = await import('#adapters/composition/stores');
    await waitUntil(async () => (await daySpend.reservationOf(stack.workspaceId, first.runId)) === undefined, {
      what: 'the failed run to give its reservation back',
      timeoutMs: 30_000,
      intervalMs: 250,
    });
    const second = await call();

    // Assess: the failed run charged nothing, so the second call fits the day and runs
    expect(second.isError, JSON.stringify(second.content)).toBeFalsy();
    expect((second.structuredContent as { status: string }).status).toBe('succeeded');
    expect(await client.listExecutions(canvasId)).toHaveLength(2);
  }, 90_000);
});
