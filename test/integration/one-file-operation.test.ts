// The promise of the catalogue: an operation added as one file (support/fixture-operation.ts) and one
// entry in a toolset list reaches every surface — the route table and its HTTP route (201 from its
// created outcome, authenticated and scoped like every route), the MCP tool list and call (through the
// gateway's own rendering), the OpenAPI document and docs/gateway.md's tool table.
import { randomUUID } from 'node:crypto';
import type { Context } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { createKey } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { TOOLSETS } from '#operations/catalogue';
import { answeredValue } from '#operations/outcome';
import { operationModuleOf, operationRoutes } from '#routes/operation-routes';
import { ROUTES } from '#routes/manifest';
import { renderToolTable, scopeOf, toolOf } from '#gateway/tool-index-source';
import { operationRoute } from '#http/operation-route';
import { buildOpenApiDocument } from '../../functions/openapi/document.ts';
import { operation as fixture } from './support/fixture-operation.ts';
import { proxyEvent, seedWorkspace } from './support/invoke.ts';

// The one list entry.
const toolsets = [...TOOLSETS, { name: 'fixture', description: 'A fixture toolset', operations: [fixture] }];
const operations = toolsets.flatMap((toolset) => toolset.operations);

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
    const routes = [...ROUTES.filter((route) => route.operation), ...operationRoutes([toolsets.at(-1)!])];
    const document = buildOpenApiDocument(routes, operations);
    const path = document.paths['/api/mcp/fixture/note'] as Record<string, { operationId: string }>;
    expect(path.post?.operationId).toBe('leave_fixture_note');
    expect(renderToolTable(operations)).toContain(
      '| `leave_fixture_note` | `POST /api/mcp/fixture/note` | read:canvases | |',
    );
  });
});
