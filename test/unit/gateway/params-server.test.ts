// unit: the gateway's MCP Server answers requests whose params do not fit their method's schema with
// -32602 Invalid params (the SDK alone answers -32603 Internal error), for the SDK's own methods
// (initialize) and ours alike; valid requests and faults inside handlers are unchanged.
// Raw JSON-RPC over the SDK's in-memory transport, so nothing but the server is involved. (Params that
// are not an object at all never reach a handler: the HTTP transport refuses such a message itself.)
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { ParamsCheckingServer } from '#gateway/params-server';

const INFO = { name: 'test', version: '1.0.0' };
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** Connects `server` and returns a function that sends one raw message and resolves with the answer. */
async function connect(server: Server): Promise<(message: Record<string, unknown>) => Promise<any>> {
  const [client, side] = InMemoryTransport.createLinkedPair();
  const waiting = new Map<unknown, (message: JSONRPCMessage) => void>();
  client.onmessage = (message) => waiting.get((message as { id?: unknown }).id)?.(message);
  await server.connect(side);
  await client.start();
  closers.push(() => server.close());
  return (message) =>
    new Promise((resolve) => {
      waiting.set(message.id, resolve);
      void client.send({ jsonrpc: '2.0', ...message } as JSONRPCMessage);
    });
}

function withTools(server: Server, fault?: Error): Server {
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    if (fault) throw fault;
    return { tools: [] };
  });
  return server;
}

const INITIALIZE = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'unit', version: '1' } };

describe('ParamsCheckingServer', () => {
  it('self-check: the SDK Server alone answers initialize without params -32603', async () => {
    const send = await connect(new Server(INFO, { capabilities: { tools: {} } }));
    expect((await send({ id: 1, method: 'initialize' })).error.code).toBe(-32603);
  });

  it("answers -32602 Invalid params, naming the method and the issue, for bad params of the SDK's initialize and of a method registered later", async () => {
    const send = await connect(withTools(new ParamsCheckingServer(INFO, { capabilities: { tools: {} } })));
    const cases = [
      { id: 1, method: 'initialize' },
      { id: 2, method: 'initialize', params: { protocolVersion: 7 } },
      { id: 4, method: 'tools/list', params: { cursor: 5 } },
    ];
    for (const request of cases) {
      const answer = await send(request);
      expect(answer, JSON.stringify(request)).toMatchObject({
        jsonrpc: '2.0',
        id: request.id,
        error: { code: -32602, message: expect.stringContaining(`Invalid params for ${request.method}`) },
      });
      expect(answer.error.message).toMatch(/params/);
    }
  });

  it('answers valid requests as the SDK does', async () => {
    const send = await connect(withTools(new ParamsCheckingServer(INFO, { capabilities: { tools: {} } })));
    expect((await send({ id: 1, method: 'initialize', params: INITIALIZE })).result).toMatchObject({
      serverInfo: INFO,
      capabilities: { tools: {} },
    });
    expect(await send({ id: 2, method: 'ping' })).toEqual({ jsonrpc: '2.0', id: 2, result: {} });
    expect(await send({ id: 3, method: 'tools/list', params: {} })).toEqual({
      jsonrpc: '2.0',
      id: 3,
      result: { tools: [] },
    });
    expect((await send({ id: 4, method: 'no/such/method' })).error.code).toBe(-32601);
  });

  it('answers -32602 for bad tools/call params, which the SDK checks itself (parsed once, not twice)', async () => {
    const server = new ParamsCheckingServer(INFO, { capabilities: { tools: {} } });
    server.setRequestHandler(CallToolRequestSchema, async (request) => ({
      content: [{ type: 'text', text: request.params.name }],
    }));
    const send = await connect(server);
    expect((await send({ id: 1, method: 'tools/call', params: { arguments: {} } })).error.code).toBe(-32602);
    expect((await send({ id: 2, method: 'tools/call', params: { name: 'echo' } })).result).toEqual({
      content: [{ type: 'text', text: 'echo' }],
    });
  });

  it("leaves a fault inside a handler an internal error (-32603): only bad params are the caller's fault", async () => {
    const send = await connect(
      withTools(new ParamsCheckingServer(INFO, { capabilities: { tools: {} } }), new Error('boom')),
    );
    expect((await send({ id: 1, method: 'tools/list' })).error).toMatchObject({ code: -32603, message: 'boom' });
  });
});
