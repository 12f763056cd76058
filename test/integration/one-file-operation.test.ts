// The promise of the catalogue: an operation added as one file (support/fixture-operation.ts) and one
// entry in a toolset list reaches every surface — the route table and its HTTP route (201 from its
// created outcome, authenticated and scoped like every route, through the local HTTP front), the MCP
// gateway (tools/list and tools/call over HTTP with the SDK's Client, through the real gateway handler),
// the OpenAPI document and docs/gateway.md's tool table.
//
// The one list entry is made in the catalogue module itself (vi.mock below: the real catalogue plus a
// fixture toolset). The gateway serves what `npm run tool-index` generates from the catalogue, so the
// three generated modules it reads are replaced by what the real renderers make of that catalogue: the
// state after running the generator, without writing the committed files.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '#core/clock';
import { createKey } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/composition/stores';
import { OPERATIONS, TOOLSETS } from '#operations/catalogue';
import { answeredValue } from '#operations/outcome';
import { operationModuleOf, operationRoutes } from '#route-table/operation-routes';
import { ROUTES, routeById } from '#route-table/manifest';
import { renderToolTable, scopeOf, toolOf } from '#gateway/tool-index-source';
import { operationRoute } from '#http/operation-route';
import { buildOpenApiDocument } from '../../functions/openapi/document.ts';
import { type HttpFront, startHttpFront } from '../../lib/local/http-front.ts';
import { importRouteHandler } from '../../lib/local/route-handlers.ts';
import { operation as fixture } from './support/fixture-operation.ts';
import { proxyEvent, seedWorkspace } from './support/invoke.ts';

// The one list entry.
vi.mock('#operations/catalogue', async (importActual) => {
  const actual = await importActual<typeof import('#operations/catalogue')>();
  const { operation } = await import('./support/fixture-operation.ts');
  const toolsets = [...actual.TOOLSETS, { name: 'fixture', description: 'A fixture toolset', operations: [operation] }];
  return { ...actual, TOOLSETS: toolsets, OPERATIONS: toolsets.flatMap((toolset) => toolset.operations) };
});
// What `npm run tool-index` would write from that catalogue (the real renderers), and the fixture's loader.
vi.mock('../../functions/gateway/tool-index.generated.json', async () => {
  const { renderToolIndex } = await import('#gateway/tool-index-source');
  return { default: JSON.parse(renderToolIndex()) };
});
vi.mock('../../functions/gateway/toolsets.generated.json', async () => {
  const { renderToolsets } = await import('#gateway/toolset-index-source');
  return { default: JSON.parse(renderToolsets()) };
});
vi.mock('../../functions/gateway/tool-loaders.generated.ts', async (importActual) => {
  const actual = await importActual<typeof import('../../functions/gateway/tool-loaders.generated.ts')>();
  return {
    ...actual,
    TOOL_LOADERS: { ...actual.TOOL_LOADERS, leave_fixture_note: () => import('./support/fixture-operation.ts') },
  };
});

const toolsets = TOOLSETS;
const operations = OPERATIONS;

describe('an operation added as one file and one list entry', () => {
  it('gets a route in the route table, from its own http facts', () => {
    const route = operationRoutes(toolsets).find((candidate) => candidate.id === 'fixture-note');
    expect(route).toEqual({
      id: 'fixture-note',
      method: 'POST',
      path: '/api/mcp/fixture/note',
      host: 'base',
      operation: 'fixture/leave-fixture-note',
      scope: 'read:canvases',
      access: { table: 'read' },
      area: 'workspace',
    });
    expect(operationModuleOf({ name: 'fixture' }, fixture)).toBe('fixture/leave-fixture-note');
  });

  it('answers over HTTP: 201 for its created outcome, 401 without a key, 403 without its scope', async () => {
    const owner = await seedWorkspace();
    const principal = { workspaceId: owner.workspaceId, keyId: owner.keyId, scopes: owner.scopes } as never;
    const runner = await createKey(
      principal,
      { name: 'runner', scopes: ['run:workflows'] },
      { apiKeys, clock: systemClock },
    );
    const route = operationRoutes(toolsets).find((candidate) => candidate.id === 'fixture-note')!;
    const handler = operationRoute(fixture);
    const context = { awsRequestId: randomUUID(), getRemainingTimeInMillis: () => 10_000 } as Context;
    const answer = await handler(proxyEvent(route, { key: owner.apiKey, body: { note: 'hello' } }), context);
    expect(answer.statusCode).toBe(201);
    expect(JSON.parse(answer.body)).toEqual({ workspaceId: owner.workspaceId, note: 'hello' });
    expect((await handler(proxyEvent(route, { body: { note: 'x' } }), context)).statusCode).toBe(401);
    expect((await handler(proxyEvent(route, { key: runner.key, body: { note: 'x' } }), context)).statusCode).toBe(403);
  });

  it('is an MCP tool: listed with its schemas, scope and hints, and called with the value of its outcome', async () => {
    const tool = toolOf(fixture);
    expect(tool).toMatchObject({ name: 'leave_fixture_note', title: 'Leave fixture note' });
    expect(tool.inputSchema.properties).toHaveProperty('note');
    expect(scopeOf(fixture)).toBe('read:canvases');
    const answer = await fixture.run(
      { note: 'hi' },
      {
        principal: { workspaceId: 'ws_x' } as never,
        surface: 'mcp',
        remainingMs: () => 10_000,
        header: () => undefined,
        publicBaseUrl: () => 'http://127.0.0.1',
      },
    );
    expect(answeredValue(answer)).toEqual({ workspaceId: 'ws_x', note: 'hi' });
  });

  it('has an OpenAPI path with its example, and a row in the tool table', () => {
    // The committed route table (ROUTES) is generated; the fixture's route comes from its own facts.
    const routes = [...ROUTES.filter((route) => route.operation), ...operationRoutes([toolsets.at(-1)!])];
    const document = buildOpenApiDocument(routes, operations);
    const path = document.paths['/api/mcp/fixture/note'] as Record<string, { operationId: string }>;
    expect(path.post?.operationId).toBe('leave_fixture_note');
    expect(renderToolTable(operations)).toContain(
      '| `leave_fixture_note` | `POST /api/mcp/fixture/note` | read:canvases | |',
    );
  });
});

describe('the fixture operation through the real gateway and its HTTP route (local HTTP fronts)', () => {
  const fixtureRoute = operationRoutes(toolsets).find((candidate) => candidate.id === 'fixture-note')!;
  let app: HttpFront;
  let base: HttpFront;
  let owner: Awaited<ReturnType<typeof seedWorkspace>>;

  beforeAll(async () => {
    owner = await seedWorkspace();
    // The gateway's own module (functions/routes/gateway/mcp.ts), loaded as the local front loads it.
    app = await startHttpFront({
      host: 'app',
      port: 0,
      routes: [routeById('gateway')],
      loadHandler: importRouteHandler,
    });
    // The fixture's route, served as the generic operation entry serves an operation (operationRoute).
    base = await startHttpFront({
      host: 'base',
      port: 0,
      routes: [fixtureRoute],
      loadHandler: async () => operationRoute(fixture),
    });
  });
  afterAll(async () => {
    await app?.stop();
    await base?.stop();
  });

  const connect = async (key: string, selection: string) => {
    const client = new Client({ name: 'one-file-operation-test', version: '1.0.0' });
    const url = new URL(`/api/mcp?toolsets=${selection}`, app.url);
    await client.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
    );
    return client;
  };

  it('is listed in its toolset and called over the gateway, with the value of its created outcome', async () => {
    const client = await connect(owner.apiKey, 'fixture');
    try {
      const { tools } = await client.listTools();
      const listed = tools.find((tool) => tool.name === 'leave_fixture_note');
      expect(listed).toMatchObject({ title: 'Leave fixture note', annotations: { title: 'Leave fixture note' } });
      expect(listed?.inputSchema.properties).toHaveProperty('note');
      const result = (await client.callTool({
        name: 'leave_fixture_note',
        arguments: { note: 'over mcp' },
      })) as CallToolResult;
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ workspaceId: owner.workspaceId, note: 'over mcp' });
    } finally {
      await client.close();
    }
  });

  it('is hidden from, and refused to, a key without its scope', async () => {
    const principal = { workspaceId: owner.workspaceId, keyId: owner.keyId, scopes: owner.scopes } as never;
    const runner = await createKey(
      principal,
      { name: 'runner', scopes: ['run:workflows'] },
      { apiKeys, clock: systemClock },
    );
    const client = await connect(runner.key, 'fixture');
    try {
      expect((await client.listTools()).tools.map((tool) => tool.name)).not.toContain('leave_fixture_note');
      const result = (await client.callTool({
        name: 'leave_fixture_note',
        arguments: { note: 'x' },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(JSON.stringify(result.content)).toContain('read:canvases');
    } finally {
      await client.close();
    }
  });

  it('answers its HTTP route: 201 with the same value, 401 without a key', async () => {
    const post = (headers: Record<string, string>) =>
      fetch(new URL(fixtureRoute.path, base.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ note: 'over http' }),
      });
    const answer = await post({ authorization: `Bearer ${owner.apiKey}` });
    expect(answer.status).toBe(201);
    expect(await answer.json()).toEqual({ workspaceId: owner.workspaceId, note: 'over http' });
    expect((await post({})).status).toBe(401);
  });
});
