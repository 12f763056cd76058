// integration: a canvas published as an MCP server of its own (docs/published-servers.md), through the
// whole local stack, called as agents call it: the MCP SDK's own Client over streamable HTTP, raw fetch
// for the HTTP answers (401, 429 + Retry-After), and the Inspector CLI — protected servers (credentials)
// and public ones (limits). Long runs, media and money: published-servers-credits.test.ts.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearPublishedEnv, greetTool, listTools, PublishedStack, tool } from './support/published-stack.ts';
import { type Client, type RunsStack, waitUntil } from './support/runs-stack.ts';

const execute = promisify(execFile);
const inspectorCli = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector/cli/build/index.js');

let published: PublishedStack;
let stack: RunsStack;
let client: Client;

beforeAll(async () => {
  published = await PublishedStack.start();
  ({ stack, client } = published);
});

afterAll(async () => (published ? published.stop() : clearPublishedEnv()));

const gateway = () => published.gateway();
const connect = (slug: string, credential?: string) => published.connect(slug, credential);
const post = (path: string, body: unknown, credential?: string) => published.post(path, body, credential);
const greetingCanvas = () => published.greetingCanvas();

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
