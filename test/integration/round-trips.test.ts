// DynamoDB round trips per request, counted by an SDK middleware on the handlers' own client.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { table } from '#adapters/dynamodb/client';
import { call, seedWorkspace } from './support/invoke.ts';

const commands: string[] = [];

beforeAll(() => {
  table().client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(String(context.commandName));
      return next(args);
    },
    { step: 'initialize', name: 'countRoundTrips' },
  );
});

describe('DynamoDB round trips per request', () => {
  let key: string;
  let canvasId: string;

  beforeAll(async () => {
    key = (await seedWorkspace()).apiKey;
    canvasId = (await call('POST', '/api/mcp/canvas/create', { key, body: { name: 'Counted' } })).body.id;
  });

  beforeEach(() => {
    commands.length = 0;
  });

  it('GET /api/verify-key costs one GetItem', async () => {
    await call('GET', '/api/verify-key', { key });
    expect(commands).toEqual(['GetItemCommand']);
  });

  it('an unauthenticated request costs nothing beyond the key lookup, a malformed key nothing at all', async () => {
    await call('GET', '/api/verify-key', { key: 'workspace_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' });
    expect(commands).toEqual(['GetItemCommand']);
    commands.length = 0;
    await call('GET', '/api/verify-key', { key: 'garbage' });
    expect(commands).toEqual([]);
  });

  it('GET /api/mcp/canvas/state costs the key lookup plus one GetItem', async () => {
    await call('GET', '/api/mcp/canvas/state', { key, query: { canvasId } });
    expect(commands).toEqual(['GetItemCommand', 'GetItemCommand']);
  });

  it('GET /api/canvases costs the key lookup plus one Query per page', async () => {
    await call('GET', '/api/canvases', { key });
    expect(commands).toEqual(['GetItemCommand', 'QueryCommand']);
  });

  it('a canvas edit costs the key lookup, one read and one conditional write (with its audit entry)', async () => {
    await call('POST', '/api/mcp/canvas/node/add', { key, body: { canvasId, type: 'text' } });
    // The write is a transaction of the canvas and its audit entry (docs/audit.md): still one round trip.
    expect(commands).toEqual(['GetItemCommand', 'GetItemCommand', 'TransactWriteItemsCommand']);
  });

  it('creating a key costs the key lookup plus one transaction', async () => {
    await call('POST', '/api/mcp/api-keys/create', { key, body: { name: 'counted' } });
    expect(commands).toEqual(['GetItemCommand', 'TransactWriteItemsCommand']);
  });

  it('a 403 for a missing scope costs only the key lookup', async () => {
    const narrow = (
      await call('POST', '/api/mcp/api-keys/create', { key, body: { name: 'reader', scopes: ['read:canvases'] } })
    ).body.key;
    commands.length = 0;
    await call('POST', '/api/mcp/canvas/create', { key: narrow, body: { name: 'nope' } });
    expect(commands).toEqual(['GetItemCommand']);
  });
});
