// Error codes through the handlers and DynamoDB Local: an HTTP route's 403 / 404 / 409 bodies carry the
// code beside the spec's `error`, and a tool's failure carries the same code in `_meta.error` when the
// MCP SDK's own Client calls the gateway (in-process, through the route's handler). An unknown tool's
// JSON-RPC error is prefixed once by the SDK's Client, not twice.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult, CallToolResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { call, seedWorkspace } from './support/invoke.ts';

let key: string;
let readOnlyKey: string;

beforeAll(async () => {
  // The gateway names its own origin (the OAuth metadata); an in-process event has no domain name.
  vi.stubEnv('PUBLIC_APP_URL', 'http://gateway.test');
  key = (await seedWorkspace('Error codes')).apiKey;
  const narrow = await call('POST', '/api/mcp/api-keys/create', {
    key,
    body: { name: 'read only', scopes: ['read:canvases'] },
  });
  readOnlyKey = narrow.body.key;
});

async function newCanvas(): Promise<string> {
  const created = await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Codes' } });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

describe('HTTP error bodies', () => {
  it('answers 404 with { error, code: not_found }', async () => {
    // Act
    const missing = await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId: 'cnv_missing' } });

    // Assess
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: expect.stringContaining('cnv_missing'), code: 'not_found' });
  });

  it('answers 409 with version_conflict for a stale expectedVersion and conflict for an existing id', async () => {
    // Prepare
    const canvasId = await newCanvas();
    const first = await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId, id: 'n', type: 'text' } });

    // Act
    const duplicate = await call('POST', '/api/mcp/canvas/node/add', {
      key,
      body: { canvasId, id: 'n', type: 'text' },
    });
    const stale = await call('POST', '/api/mcp/canvas/node/move', {
      key,
      body: { canvasId, nodeId: 'n', position: { x: 1, y: 1 }, expectedVersion: first.body.canvasVersion - 1 },
    });

    // Assess
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toEqual({ error: 'Node n already exists on this canvas', code: 'conflict' });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ error: expect.stringMatching(/version/), code: 'version_conflict' });
  });

  it('answers 403 with missing_scope and the scope', async () => {
    // Act
    const refused = await call('POST', '/api/mcp/canvas/create', { key: readOnlyKey, body: { name: 'x' } });

    // Assess
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'Missing scope: write:canvas',
      code: 'missing_scope',
      scope: 'write:canvas',
    });
  });

  it('answers 401 with unauthenticated', async () => {
    // Act
    const anonymous = await call('GET', '/api/mcp/canvas/state', { query: { canvasId: 'cnv_missing' } });

    // Assess
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.code).toBe('unauthenticated');
  });
});

/** The SDK's Client, its HTTP requests answered by the gateway route's handler in this process. */
async function connect(bearer: string): Promise<Client> {
  const client = new Client({ name: 'error-codes-test', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL('http://gateway.test/api/mcp'), {
    fetch: async (_url, init) => {
      const headers = Object.fromEntries(new Headers(init?.headers).entries());
      const method = (init?.method ?? 'GET').toUpperCase();
      if (method !== 'POST') return new Response(null, { status: 405, headers: { allow: 'POST, OPTIONS' } });
      const answer = await call('ANY', '/api/mcp', {
        rawBody: String(init?.body ?? ''),
        headers: { ...headers, authorization: `Bearer ${bearer}` },
      });
      const body = answer.body === undefined ? null : JSON.stringify(answer.body);
      return new Response(answer.status === 202 || answer.status === 204 ? null : body, {
        status: answer.status,
        headers: answer.headers,
      });
    },
  });
  await client.connect(transport);
  return client;
}

describe('MCP tool errors through the SDK Client', () => {
  it('carries the code, the status and the bare message in _meta.error', async () => {
    // Prepare
    const client = await connect(key);
    const canvasId = await newCanvas();

    // Act
    const missing = (await client.callTool({
      name: 'get_canvas',
      arguments: { canvasId: 'cnv_missing' },
    })) as CallToolResult;
    await client.callTool({ name: 'add_node', arguments: { canvasId, id: 'n', type: 'text' } });
    const duplicate = (await client.callTool({
      name: 'add_node',
      arguments: { canvasId, id: 'n', type: 'text' },
    })) as CallToolResult;
    await client.close();

    // Assess
    expect(missing.isError).toBe(true);
    expect(missing._meta?.error).toEqual({
      error: expect.stringContaining('cnv_missing'),
      code: 'not_found',
      status: 404,
    });
    expect((missing.content[0] as { text: string }).text).toMatch(/Check the id: /);
    expect(duplicate._meta?.error).toEqual({
      error: 'Node n already exists on this canvas',
      code: 'conflict',
      status: 409,
    });
  });

  it('carries missing_scope and the scope for a tool the credential may not call', async () => {
    // Prepare
    const client = await connect(readOnlyKey);

    // Act
    const refused = (await client.callTool({ name: 'create_canvas', arguments: { name: 'x' } })) as CallToolResult;
    await client.close();

    // Assess
    expect(refused.isError).toBe(true);
    expect(refused._meta?.error).toEqual({
      error: 'Missing scope: write:canvas',
      code: 'missing_scope',
      status: 403,
      scope: 'write:canvas',
    });
  });

  it('prefixes the -32602 of tools/call params that do not fit once', async () => {
    // Prepare
    const client = await connect(key);

    // Act: the SDK Server's own tools/call check would have answered this, prefixed twice.
    const error = await client
      .request({ method: 'tools/call', params: { name: 42 } } as never, CallToolResultSchema)
      .then(
        () => undefined,
        (thrown: unknown) => thrown as Error & { code: number },
      );
    await client.close();

    // Assess
    expect(error?.code).toBe(-32602);
    expect(error?.message).toMatch(/^MCP error -32602: Invalid params for tools\/call: params\.name: /);
    expect(error?.message).not.toMatch(/MCP error .*MCP error/);
  });

  it('prefixes an unknown tool’s JSON-RPC error once', async () => {
    // Prepare
    const client = await connect(key);

    // Act
    const error = await client.callTool({ name: 'drop_database', arguments: {} }).then(
      () => undefined,
      (thrown: unknown) => thrown as Error & { code: number },
    );
    await client.close();

    // Assess
    expect(error?.code).toBe(-32602);
    expect(error?.message).toBe(
      'MCP error -32602: Unknown tool: drop_database. Call tools/list for the tools this credential may use.',
    );
  });
});
