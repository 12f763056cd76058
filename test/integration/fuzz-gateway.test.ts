// Bad input, generated, at the MCP gateway (POST /api/mcp on the app host) over the local stack:
// - any JSON-RPC envelope (any method, params, id; batches; non-JSON; odd Accept, Content-Type, Origin,
//   Authorization): never a 5xx; a non-2xx answer is `{ "error": string }` or a JSON-RPC error object;
//   every JSON-RPC answer is a well-formed response (a result or an error with a code and a message);
// - tools/call of every tool with generated arguments (near-valid from the operation's example, any
//   JSON object): 200 with a result — a success or `isError` — never a JSON-RPC error; and a call
//   answered with isError leaves the whole store unchanged.
// A fixed number of cases per tool and a fixed seed (test/integration/support/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';
import { FuzzFixtures } from './support/fuzz-fixtures.ts';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { describeRequest, fc, fuzzParameters, send, type FuzzAnswer, type FuzzRequest } from './support/fuzz.ts';
import {
  anyString,
  authorizations,
  contentType,
  extraHeaders,
  jsonValue,
  nearValidJson,
  rawJsonValue,
} from './support/fuzz-arbitraries.ts';
import { StoreWatch } from './support/fuzz-store.ts';

/** Tool calls per tool: fewer than a route's cases, since every tool also has its route fuzzed. */
const CALLS_PER_TOOL = Math.max(1, Math.round(Number(process.env.FUZZ_RUNS ?? 25) / 3));
const ACCEPT = 'application/json, text/event-stream';

let stack: RunsStack;
let fixtures: FuzzFixtures;

beforeAll(async () => {
  stack = await startRunsStack();
  fixtures = await new FuzzFixtures(new Client(stack.baseUrl, stack.key)).start();
});
afterAll(async () => stack?.stop());

const gateway = (body: string | Buffer | undefined, headers: Record<string, string | string[]>): FuzzRequest => ({
  method: 'POST',
  path: '/api/mcp',
  headers,
  body: body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8'),
});

const isJsonRpcError = (value: any) =>
  value !== null &&
  typeof value === 'object' &&
  value.jsonrpc === '2.0' &&
  typeof value.error?.code === 'number' &&
  typeof value.error?.message === 'string';

/** Every JSON-RPC message of an answer (one, or a batch). */
const messagesOf = (answer: FuzzAnswer): any[] =>
  Array.isArray(answer.json) ? answer.json : answer.json === undefined ? [] : [answer.json];

function context(request: FuzzRequest, answer: FuzzAnswer): string {
  return `${describeRequest(request)}\n→ ${answer.status} ${answer.text.slice(0, 500)}`;
}

describe('generated JSON-RPC envelopes at the gateway', () => {
  const methods = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'initialize',
        'tools/list',
        'tools/call',
        'ping',
        'notifications/initialized',
        'resources/list',
        'prompts/list',
        'logging/setLevel',
        'completion/complete',
      ),
    },
    { weight: 1, arbitrary: anyString },
  );
  const ids = fc.oneof(fc.constant('1'), fc.constant('"a"'), rawJsonValue);
  const message = fc
    .record({
      method: methods,
      id: fc.option(ids),
      params: fc.option(
        fc.oneof(
          rawJsonValue,
          fc.constant('{"name":"get_workspace","arguments":{}}'),
          fc.constant('{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"fuzz","version":"1"}}'),
        ),
      ),
      jsonrpc: fc.oneof({ weight: 5, arbitrary: fc.constant('"2.0"') }, { weight: 1, arbitrary: rawJsonValue }),
    })
    .map(({ method, id, params, jsonrpc }) => {
      const parts = [`"jsonrpc":${jsonrpc}`, `"method":${JSON.stringify(method)}`];
      if (id !== null) parts.push(`"id":${id}`);
      if (params !== null) parts.push(`"params":${params}`);
      return `{${parts.join(',')}}`;
    });
  const bodies = fc.oneof(
    { weight: 6, arbitrary: message },
    { weight: 1, arbitrary: fc.array(message, { maxLength: 4 }).map((batch) => `[${batch.join(',')}]`) },
    { weight: 2, arbitrary: rawJsonValue },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  const accept = fc.oneof(
    { weight: 5, arbitrary: fc.constant(ACCEPT) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 'application/json', 'text/event-stream', '*/*', 'text/html') },
  );
  const origin = fc.oneof(
    { weight: 5, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constantFrom('https://evil.example', 'null', 'http://127.0.0.1:1', 'http://localhost') },
  );

  // "No internal error" holds too: the SDK alone answers a request whose params fail the method's schema
  // with -32603 (`{"jsonrpc":"2.0","method":"initialize","id":"a"}`); our gateway's server answers
  // -32602 Invalid params (functions/gateway/params-server.ts).
  it('never a 5xx or an internal error; refusals are { error } or JSON-RPC errors; answers are well-formed JSON-RPC', async () => {
    const requests = fc
      .record({
        body: bodies,
        type: contentType,
        accept,
        origin,
        auth: authorizations(stack.key),
        extras: extraHeaders,
      })
      .map(({ body, type, accept, origin, auth, extras }) => {
        const headers: Record<string, string | string[]> = Object.fromEntries(extras);
        if (auth !== undefined) headers.authorization = auth;
        if (type !== undefined) headers['content-type'] = type;
        if (accept !== undefined) headers.accept = accept;
        if (origin !== undefined) headers.origin = origin;
        return gateway(body, headers);
      });
    await fc.assert(
      fc.asyncProperty(requests, async (request) => {
        const answer = await send(stack.local.appUrl, request);
        const why = context(request, answer);
        expect(answer.status, why).toBeLessThan(500);
        if (answer.status >= 300) {
          const refusal = typeof answer.json?.error === 'string' || isJsonRpcError(answer.json);
          expect(refusal, why).toBe(true);
        }
        for (const reply of messagesOf(answer)) {
          if (reply?.jsonrpc === '2.0' && 'error' in reply) {
            expect(isJsonRpcError(reply), why).toBe(true);
            expect(reply.error.code, why).not.toBe(-32603);
          } else if (reply?.jsonrpc === '2.0') expect(reply, why).toHaveProperty('result');
        }
      }),
      fuzzParameters('gateway-envelopes'),
    );
  }, 90_000);
});

describe('the case the fuzzing found', () => {
  it('answers initialize without params, and tools/call with params of the wrong shape, -32602 Invalid params', async () => {
    const headers = { authorization: `Bearer ${stack.key}`, 'content-type': 'application/json', accept: ACCEPT };
    for (const body of [
      '{"jsonrpc":"2.0","method":"initialize","id":"a"}',
      '{"jsonrpc":"2.0","method":"tools/call","id":2,"params":{"name":5}}',
    ]) {
      const request = gateway(body, headers);
      const answer = await send(stack.local.appUrl, request);
      expect(answer.status, context(request, answer)).toBe(200);
      expect(answer.json, context(request, answer)).toMatchObject({
        jsonrpc: '2.0',
        error: { code: -32602, message: expect.stringMatching(/Invalid/) },
      });
    }
  });
});

describe('tools/call with generated arguments', () => {
  it.each(OPERATIONS.map((operation) => [operation.name, operation] as const))(
    '%s: 200 with a result or isError, never a JSON-RPC error; isError writes nothing',
    async (_name, operation) => {
      // Prepare
      const { seed, keys } = await fixtures.seedOf(operation);
      const writes = !operation.annotations.readOnlyHint;
      const watch = new StoreWatch({ bucket: writes });
      if (writes) await watch.reset();
      const argumentTexts = fc.oneof(
        { weight: 6, arbitrary: nearValidJson(seed, keys) },
        {
          weight: 1,
          arbitrary: fc.dictionary(anyString, jsonValue(3), { maxKeys: 4 }).map((value) => JSON.stringify(value)),
        },
      );
      const headers = { authorization: `Bearer ${stack.key}`, 'content-type': 'application/json', accept: ACCEPT };
      // Act + Assess, per generated case
      await fc.assert(
        fc.asyncProperty(argumentTexts, async (args) => {
          const request = gateway(
            `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":${JSON.stringify(operation.name)},"arguments":${args}}}`,
            headers,
          );
          const answer = await send(stack.local.appUrl, request);
          const why = context(request, answer);
          expect(answer.status, why).toBe(200);
          expect(answer.json?.error, why).toBeUndefined();
          const result = answer.json?.result;
          expect(result, why).toBeTypeOf('object');
          expect(Array.isArray(result.content), why).toBe(true);
          if (result.isError) expect(typeof result.content[0]?.text, why).toBe('string');
          if (!writes) return;
          // The StoreWatch rule, with isError as the refusal.
          const verdict = { ...answer, status: result.isError ? 400 : 200 };
          await watch.afterAnswer(request, verdict, () => fixtures.settle(result.structuredContent));
        }),
        fuzzParameters(`tool-${operation.name}`, CALLS_PER_TOOL),
      );
    },
    90_000,
  );
});
