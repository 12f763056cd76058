// integration: what `npm start` prints while it runs (lib/local/activity-log.ts), over the whole local
// stack — one line per request with method, path, status, time and the request id the client also
// gets, one per run state change and per callback outcome; and never a credential: not the API key,
// not a webhook secret, not a query string, not a callback URL's path or query.
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallbackReceiver, Client, startRunsStack, waitUntil, type RunsStack } from './support/runs-stack.ts';

const lines: string[] = [];
let stack: RunsStack;
let client: Client;
let receiver: CallbackReceiver;
let canvasId: string;

const CALLBACK_TOKEN = 'cbtoken-7f3a9d';
const QUERY_SECRET = 'querysecret-5e1b22';

beforeAll(async () => {
  receiver = await new CallbackReceiver().start();
  stack = await startRunsStack(
    { OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` },
    { activityLog: (line) => lines.push(line) },
  );
  client = new Client(stack.baseUrl, stack.key);
  canvasId = await client.linearCanvas('You said: {{input}}', 'hello');
});

afterAll(async () => {
  await stack?.stop();
  await receiver?.stop();
});

const linesFor = (executionId: string) => lines.filter((line) => line.includes(executionId));
const waitForLine = (pattern: RegExp) =>
  waitUntil(() => lines.some((line) => pattern.test(line)), { what: `a line matching ${pattern}`, timeoutMs: 20_000 });

describe('the local activity log', () => {
  it('prints one line per request: host, method, path (no query), status, ms and the request id the client got', async () => {
    // Act
    const answer = await fetch(`${stack.baseUrl}/api/verify-key?token=${QUERY_SECRET}`, {
      headers: { authorization: `Bearer ${stack.key}` },
    });
    const missing = await fetch(`${stack.baseUrl}/api/nothing-here`);
    await answer.text();
    await missing.text();
    const requestId = answer.headers.get('x-amzn-requestid')!;
    await waitForLine(new RegExp(`req=${missing.headers.get('x-amzn-requestid')}`));

    // Assess
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines).toContainEqual(
      expect.stringMatching(
        new RegExp(`^\\d\\d:\\d\\d:\\d\\d\\.\\d{3} \\[base\\] GET /api/verify-key 200 \\d+ ms req=${requestId}$`),
      ),
    );
    expect(lines).toContainEqual(expect.stringMatching(/\[base\] GET \/api\/nothing-here 404 \d+ ms req=/));
  });

  it('prints the state changes of a run and its delivered callback, naming the callback by its origin only', async () => {
    // Act
    const callbackUrl = `${receiver.origin}/ok/${CALLBACK_TOKEN}?sig=${CALLBACK_TOKEN}`;
    const accepted = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'log me' },
      callbackUrl,
    });
    const { executionId } = accepted.body;
    // An instant run's callback goes out through the run outbox: sweep now rather than wait for local mode's sweeper.
    const { sweep } = await import('../../functions/workers/sweep-runs.ts');
    await sweep(0, 0);
    await waitForLine(new RegExp(`callback ${executionId} delivered`));

    // Assess: in order, each once
    expect(linesFor(executionId).map((line) => line.replace(/^\S+ /, '').replace(/ \d+ ms req=\S+$/, ''))).toEqual([
      `run ${executionId} queued`,
      `run ${executionId} started`,
      `run ${executionId} succeeded`,
      `callback ${executionId} delivered to ${receiver.origin} (HTTP 200)`,
    ]);
    expect(lines).toContainEqual(expect.stringMatching(/\[base\] POST \/api\/run 202 \d+ ms req=/));
  });

  it('prints a failed callback', async () => {
    // Prepare: a run whose callback answers 500
    const failing = await client.run({
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'fail me' },
      callbackUrl: `${receiver.origin}/fail/${CALLBACK_TOKEN}`,
    });

    // Act: the callback goes out through the run outbox; sweep now rather than wait for local mode's sweeper
    const { sweep } = await import('../../functions/workers/sweep-runs.ts');
    await sweep(0, 0);
    await waitForLine(new RegExp(`callback ${failing.body.executionId} failed`));

    // Assess
    expect(linesFor(failing.body.executionId).at(-1)).toMatch(
      new RegExp(`callback ${failing.body.executionId} failed to ${receiver.origin} \\(.+\\)$`),
    );
  });

  it('never prints a credential', async () => {
    // Prepare: a webhook secret sent in a header, a key in Authorization, secrets in query strings
    const hooked = await client.createCanvas('Hooked');
    await client.addNode(hooked, { id: 'hook', type: 'webhook-trigger' });
    const hook = await client.post('/api/mcp/webhooks/register', { canvasId: hooked, triggerNodeId: 'hook' });
    const secret = hook.body?.webhookSecret as string | undefined;
    expect(secret).toMatch(/^whsec_/);
    await fetch(`${stack.baseUrl}/webhook/trigger?secret=${QUERY_SECRET}`, {
      method: 'POST',
      headers: { 'x-webhook-secret': secret ?? 'whsec_none' },
      body: '{}',
    });
    await fetch(`${stack.baseUrl}/api/verify-key`, { headers: { authorization: `Bearer ${stack.key}` } });
    await waitForLine(/POST \/webhook\/trigger/);

    // Assess
    const printed = lines.join('\n');
    for (const credential of [stack.key, QUERY_SECRET, CALLBACK_TOKEN, ...(secret ? [secret] : [])])
      expect(printed).not.toContain(credential);
    expect(printed).not.toMatch(/authorization|bearer/i);
  });

  describe('every run, whoever started it and whether or not anyone asks about it', () => {
    /** The state-change lines of a run, without their time. */
    const stateLines = (executionId: string) =>
      linesFor(executionId)
        .filter((line) => / run exec_/.test(line))
        .map((line) => line.replace(/^\S+ /, ''));
    const finished = (executionId: string) =>
      waitForLine(new RegExp(`run ${executionId} (succeeded|failed|cancelled)`));

    it('a run started by POST /api/run that nobody polls', async () => {
      // Act
      const accepted = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'unpolled' } });
      expect(accepted.status).toBe(202);
      await finished(accepted.body.executionId);

      // Assess
      expect(stateLines(accepted.body.executionId)).toEqual([
        `run ${accepted.body.executionId} queued`,
        `run ${accepted.body.executionId} started`,
        `run ${accepted.body.executionId} succeeded`,
      ]);
    });

    it('a run started by a webhook call', async () => {
      // Prepare: hook → tpl → out, registered
      const hooked = await client.createCanvas('Hooked run');
      await client.addNode(hooked, { id: 'hook', type: 'webhook-trigger' });
      await client.addNode(hooked, { id: 'tpl', type: 'text', data: { template: 'Got: {{input}}' } });
      await client.addNode(hooked, { id: 'out', type: 'output' });
      await client.addEdge(hooked, {
        id: 'e1',
        source: 'hook',
        sourceHandle: 'body-out',
        target: 'tpl',
        targetHandle: 'text-in',
      });
      await client.addEdge(hooked, {
        id: 'e2',
        source: 'tpl',
        sourceHandle: 'text-out',
        target: 'out',
        targetHandle: 'value-in',
      });
      const hook = await client.post('/api/mcp/webhooks/register', { canvasId: hooked, triggerNodeId: 'hook' });
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);

      // Act
      const called = await fetch(`${stack.baseUrl}/webhook/trigger`, {
        method: 'POST',
        headers: { 'x-webhook-secret': hook.body.webhookSecret, 'content-type': 'application/json' },
        body: '{"order":1}',
      });
      const { executionId } = (await called.json()) as { executionId: string };
      expect(called.status).toBe(202);
      await finished(executionId);

      // Assess
      expect(stateLines(executionId)).toEqual([
        `run ${executionId} queued`,
        `run ${executionId} started`,
        `run ${executionId} succeeded`,
      ]);
    });

    it('a run started by the MCP run_workflow tool', async () => {
      // Prepare
      const mcp = new McpClient({ name: 'activity-log-test', version: '1.0.0' });
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL('/api/mcp', stack.local.appUrl), {
          requestInit: { headers: { authorization: `Bearer ${stack.key}` } },
        }),
      );
      try {
        // Act
        const result = await mcp.callTool({
          name: 'run_workflow',
          arguments: { canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'from an agent' } },
        });
        const { executionId } = result.structuredContent as { executionId: string };
        await finished(executionId);

        // Assess
        expect(stateLines(executionId)).toEqual([
          `run ${executionId} queued`,
          `run ${executionId} started`,
          `run ${executionId} succeeded`,
        ]);
      } finally {
        await mcp.close();
      }
    });
  });
});
