// integration: a canvas published as an MCP server of its own (docs/published-servers.md), through the
// whole local stack, called as agents call it: the MCP SDK's own Client over streamable HTTP, raw fetch
// for the HTTP answers (401, 429 + Retry-After), and the Inspector CLI. The speech canvas runs on the
// local state machine against the loopback ElevenLabs stand-in, so its calls charge credits.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { grantCredits } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { startElevenLabsFake, type ElevenLabsFake } from '../support/fakes/elevenlabs-server.ts';
import { Client, startRunsStack, waitUntil, type RunsStack } from './support/runs-stack.ts';

const SPEECH_KEY = 'sk_0123456789abcdef0123456789abcdef';
const ENV_NAMES = ['ELEVENLABS_API_KEY', 'SPEECH_BASE_URL', 'PUBLISHED_CALL_WAIT_MS'];
const execute = promisify(execFile);
const inspectorCli = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/cli/build/index.js');

let speech: ElevenLabsFake;
let stack: RunsStack;
let client: Client;
const opened: McpClient[] = [];

beforeAll(async () => {
  speech = await startElevenLabsFake({ key: SPEECH_KEY });
  stack = await startRunsStack({ ELEVENLABS_API_KEY: SPEECH_KEY, SPEECH_BASE_URL: speech.url });
  client = new Client(stack.baseUrl, stack.key);
  await grantCredits(
    {
      workspaceId: stack.workspaceId,
      credits: 5000,
      reason: 'published tests',
      grantedBy: 'test',
      operationId: 'pub-grant',
    },
    { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
  );
});

afterAll(async () => {
  for (const mcp of opened) await mcp.close().catch(() => undefined);
  await stack?.stop();
  await speech?.close();
  for (const name of ENV_NAMES) delete process.env[name];
});

async function tool(mcp: McpClient, name: string, args: Record<string, unknown>): Promise<any> {
  const answer = await mcp.callTool({ name, arguments: args });
  expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
  return answer.structuredContent;
}

/** An MCP client of one endpoint on the app host, with the credential as a bearer token when there is one. */
async function open(path: string, name: string, credential?: string): Promise<McpClient> {
  const mcp = new McpClient({ name, version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(path, stack.local.appUrl), {
      requestInit: credential ? { headers: { authorization: `Bearer ${credential}` } } : {},
    }),
  );
  opened.push(mcp);
  return mcp;
}

/** The gateway as the workspace's owner uses it: publish and credentials are its tools. */
const gateway = () => open('/api/mcp', 'owner', stack.key);

/** A published server as an agent calls it. */
const connect = (slug: string, credential?: string) => open(`/mcp/s/${slug}`, 'agent', credential);

/** A raw JSON-RPC POST, to read the HTTP status and headers an SDK client turns into an exception. */
function post(path: string, body: unknown, credential?: string): Promise<Response> {
  return fetch(new URL(path, stack.local.appUrl), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(credential ? { authorization: `Bearer ${credential}` } : {}),
    },
    body: JSON.stringify(body),
  });
}
const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

/** greet (prompt) → tpl → out, and a second trigger the server does not expose. */
async function greetingCanvas(): Promise<string> {
  const canvasId = await client.createCanvas('Greeter');
  await client.addNode(canvasId, { id: 'greet', type: 'prompt', data: { label: 'Greet', prompt: '' } });
  await client.addNode(canvasId, {
    id: 'tpl',
    type: 'text',
    data: { template: 'Hello {{input}} from {{inputs.city}}' },
  });
  await client.addNode(canvasId, { id: 'out', type: 'output', data: { label: 'Greeting' } });
  await client.addNode(canvasId, { id: 'other', type: 'prompt', data: { prompt: 'not exposed' } });
  await client.addEdge(canvasId, {
    source: 'greet',
    sourceHandle: 'prompt-out',
    target: 'tpl',
    targetHandle: 'text-in',
  });
  await client.addEdge(canvasId, { source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' });
  await client.addEdge(canvasId, {
    source: 'other',
    sourceHandle: 'prompt-out',
    target: 'tpl',
    targetHandle: 'text-in',
  });
  return canvasId;
}

/** line (prompt) → speak (text to speech) → out: its runs charge credits through the ElevenLabs stand-in. */
async function speakingCanvas(name: string, prompt: string): Promise<string> {
  const canvasId = await client.createCanvas(name);
  await client.addNode(canvasId, { id: 'line', type: 'prompt', data: { label: name, prompt } });
  await client.addNode(canvasId, { id: 'speak', type: 'audio-generation', data: {} });
  await client.addNode(canvasId, { id: 'out', type: 'output', data: { label: 'Audio' } });
  await client.addEdge(canvasId, {
    source: 'line',
    sourceHandle: 'prompt-out',
    target: 'speak',
    targetHandle: 'text-in',
  });
  await client.addEdge(canvasId, {
    source: 'speak',
    sourceHandle: 'audio-out',
    target: 'out',
    targetHandle: 'value-in',
  });
  return canvasId;
}

const greetTool = {
  triggerNodeId: 'greet',
  toolName: 'greet',
  description: 'Greets someone from a city',
  inputs: [{ name: 'city', type: 'string', description: 'Where they are from', required: true }],
};

describe('a protected published server', () => {
  let canvasId: string;
  let serverId: string;
  let credential: string;
  let credentialId: string;

  beforeAll(async () => {
    canvasId = await greetingCanvas();
    const owner = await gateway();
    const server = await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'greeter',
      name: 'Greeter',
      description: 'Greets people',
      tools: [greetTool],
    });
    serverId = server.id;
    const minted = await tool(owner, 'create_mcp_server_credential', { serverId, name: 'agent' });
    credential = minted.credential;
    credentialId = minted.id;
    expect(credential).toMatch(/^umcp_/);
    expect(server.path).toBe('/mcp/s/greeter');
  });

  it("lists exactly the canvas's exposed tools and runs one, answering the run's output", async () => {
    // Act
    const agent = await connect('greeter', credential);
    const { tools } = await agent.listTools();
    const answer = await agent.callTool({ name: 'greet', arguments: { prompt: 'Ada', city: 'Paris' } });

    // Assess
    expect(tools.map((entry) => entry.name)).toEqual(['greet', 'get_run_result']);
    const greet = tools[0]!;
    expect(greet.inputSchema).toMatchObject({
      properties: { prompt: { type: 'string' }, city: { type: 'string', description: 'Where they are from' } },
      required: ['prompt', 'city'],
    });
    expect(Object.keys((greet.outputSchema as any).properties.result.properties)).toEqual(['out']);
    expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
    const structured = answer.structuredContent as { runId: string; status: string; result: Record<string, unknown> };
    expect(structured.status).toBe('succeeded');
    expect(JSON.stringify(structured.result.out)).toContain('Hello Ada from Paris');
    const run = await client.execution(structured.runId);
    expect(run.body.trigger).toEqual({ kind: 'published', serverId });
  });

  it('lists its credentials by prefix, never the credential', async () => {
    const owner = await gateway();
    const listed = await tool(owner, 'list_mcp_server_credentials', { serverId });
    expect(listed.items).toHaveLength(1);
    expect(listed.items[0]).toMatchObject({ id: credentialId, prefix: credential.slice(0, 11), status: 'active' });
    expect(JSON.stringify(listed)).not.toContain(credential);
  });

  it('refuses its umcp_ credential on /api/mcp, and a workspace key on the published server', async () => {
    const onGateway = await post('/api/mcp', listTools, credential);
    const withKey = await post('/mcp/s/greeter', listTools, stack.key);
    const withNothing = await post('/mcp/s/greeter', listTools);

    expect(onGateway.status).toBe(401);
    expect(withKey.status).toBe(401);
    expect(withNothing.status).toBe(401);
    // The challenge names this server, never the workspace's OAuth metadata.
    expect(withKey.headers.get('www-authenticate')).not.toContain('resource_metadata');
    await expect(connect('greeter', stack.key)).rejects.toThrow(/401|Unauthorized|credential/i);
  });

  it('refuses a credential of another server', async () => {
    const owner = await gateway();
    const second = await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'greeter-two',
      name: 'Greeter two',
      description: 'Greets people too',
      tools: [greetTool],
    });
    const otherCredential = (await tool(owner, 'create_mcp_server_credential', { serverId: second.id, name: 'x' }))
      .credential;
    expect((await post('/mcp/s/greeter', listTools, otherCredential)).status).toBe(401);
    expect((await post('/mcp/s/greeter-two', listTools, otherCredential)).status).toBe(200);
  });

  it('lists and calls its tools from the Inspector CLI', async () => {
    const url = new URL('/mcp/s/greeter', stack.local.appUrl).href;
    const base = [inspectorCli, url, '--transport', 'http', '--header', `Authorization: Bearer ${credential}`];
    const listed = await execute(process.execPath, [...base, '--method', 'tools/list'], { timeout: 60_000 });
    const called = await execute(
      process.execPath,
      [
        ...base,
        '--method',
        'tools/call',
        '--tool-name',
        'greet',
        '--tool-arg',
        'prompt=Grace',
        '--tool-arg',
        'city=Oslo',
      ],
      { timeout: 60_000 },
    );
    expect((JSON.parse(listed.stdout).tools as { name: string }[]).map((entry) => entry.name)).toEqual([
      'greet',
      'get_run_result',
    ]);
    expect(JSON.stringify(JSON.parse(called.stdout).structuredContent.result)).toContain('Hello Grace from Oslo');
  });

  it('refuses a revoked credential at once', async () => {
    const owner = await gateway();
    expect((await post('/mcp/s/greeter', listTools, credential)).status).toBe(200);
    const revoked = await tool(owner, 'revoke_mcp_server_credential', { serverId, credentialId });
    const after = await post('/mcp/s/greeter', listTools, credential);
    expect(revoked.status).toBe('revoked');
    expect(after.status).toBe(401);
  });
});

describe('a public published server', () => {
  it('works without a credential and answers 429 with Retry-After past its limit, starting no run', async () => {
    // Prepare
    const canvasId = await greetingCanvas();
    const owner = await gateway();
    await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'greeter-public',
      name: 'Public greeter',
      description: 'Greets anyone',
      visibility: 'public',
      tools: [greetTool],
      limits: { callsPerMinute: 2 },
    });
    const agent = await connect('greeter-public');
    const call = { name: 'greet', arguments: { prompt: 'Bo', city: 'Rome' } };

    // Act: two calls inside the limit (unless the minute turns between them), a third past it
    await waitUntil(async () => new Date().getUTCSeconds() < 50, { what: 'a minute with room', timeoutMs: 15_000 });
    const first = await agent.callTool(call);
    const second = await agent.callTool(call);
    const third = await post('/mcp/s/greeter-public', { jsonrpc: '2.0', id: 3, method: 'tools/call', params: call });

    // Assess
    expect((first.structuredContent as { status: string }).status).toBe('succeeded');
    expect((second.structuredContent as { status: string }).status).toBe('succeeded');
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await client.listExecutions(canvasId)).toHaveLength(2);
    await expect(agent.callTool(call)).rejects.toMatchObject({ code: 429, message: /2 calls a minute/ });
    // Listing costs nothing and is not limited.
    expect((await agent.listTools()).tools.map((entry) => entry.name)).toEqual(['greet', 'get_run_result']);
  });

  /** A JSON-RPC batch of `count` calls of greet, as one raw POST (what the SDK transport runs call by call). */
  const batchOf = (count: number) =>
    Array.from({ length: count }, (_, index) => ({
      jsonrpc: '2.0',
      id: index + 1,
      method: 'tools/call',
      params: { name: 'greet', arguments: { prompt: `Batch ${index}`, city: 'Lima' } },
    }));
  type Answer = {
    id: number;
    result?: { isError?: boolean; content: unknown; _meta?: { retryAfterSeconds?: number } };
  };

  it('admits each call of a batch on its own: with no credits for the day, none of them starts a run', async () => {
    // Prepare
    const canvasId = await greetingCanvas();
    const owner = await gateway();
    await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'greeter-broke',
      name: 'Broke greeter',
      description: 'Has no credits',
      visibility: 'public',
      tools: [greetTool],
      limits: { creditsPerDay: 0 },
    });

    // Act
    const answer = await post('/mcp/s/greeter-broke', [
      ...batchOf(5),
      { jsonrpc: '2.0', id: 99, method: 'tools/call', params: { name: 'nope', arguments: {} } },
    ]);

    // Assess: one answer per call, each refused with its reason and when to retry; no run started
    expect(answer.status).toBe(200);
    const answers = (await answer.json()) as Answer[];
    const refused = answers.filter((entry) => entry.id !== 99);
    expect(refused).toHaveLength(5);
    for (const entry of refused) {
      expect(entry.result?.isError).toBe(true);
      expect(JSON.stringify(entry.result?.content)).toMatch(/credits for today.*Retry after \d+ s/);
      expect(entry.result?._meta?.retryAfterSeconds).toBeGreaterThan(0);
    }
    expect(JSON.stringify(answers.find((entry) => entry.id === 99))).toMatch(/Unknown tool/);
    expect(await client.listExecutions(canvasId)).toHaveLength(0);
  });

  it('counts every call of a batch against the calls per minute; unknown tools count as nothing', async () => {
    // Prepare
    const canvasId = await greetingCanvas();
    const owner = await gateway();
    await tool(owner, 'publish_mcp_server', {
      canvasId,
      slug: 'greeter-batched',
      name: 'Batched greeter',
      description: 'Two calls a minute',
      visibility: 'public',
      tools: [greetTool],
      limits: { callsPerMinute: 2 },
    });
    const unknown = { jsonrpc: '2.0', id: 0, method: 'tools/call', params: { name: 'nope', arguments: {} } };
    await waitUntil(async () => new Date().getUTCSeconds() < 50, { what: 'a minute with room', timeoutMs: 15_000 });

    // Act: three unknown tools first (they must not use up the minute), then five calls
    const answer = await post('/mcp/s/greeter-batched', [unknown, unknown, unknown, ...batchOf(5)]);

    // Assess: two runs; the three calls past the limit each answered refused
    const answers = ((await answer.json()) as Answer[]).filter((entry) => entry.id !== 0);
    const refused = answers.filter((entry) => entry.result?.isError);
    expect(answers).toHaveLength(5);
    expect(refused).toHaveLength(3);
    for (const entry of refused) expect(JSON.stringify(entry.result?.content)).toMatch(/2 calls a minute/);
    expect(await client.listExecutions(canvasId)).toHaveLength(2);
  });

  it('is refused as public beyond the public ceilings', async () => {
    const canvasId = await greetingCanvas();
    const owner = await gateway();
    const answer = await owner.callTool({
      name: 'publish_mcp_server',
      arguments: {
        canvasId,
        slug: 'too-generous',
        name: 'Too generous',
        description: 'x',
        visibility: 'public',
        tools: [greetTool],
        limits: { callsPerMinute: 1000 },
      },
    });
    expect(answer.isError).toBe(true);
    expect(JSON.stringify(answer.content)).toMatch(/at most 60/);
  });
});

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
