// test support (integration, webhooks): webhook calls over HTTP against the local stack started by
// startRunsStack (one per test FILE). /webhook/trigger is called with plain fetch, as a provider
// would; TRACE (which fetch refuses to send) goes through node:http.
import { request as httpRequest } from 'node:http';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { LOCAL_TABLE_NAME } from '../../../lib/local/local-mode.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION } from '../../../lib/local/provision.ts';
import { Client, startRunsStack, waitUntil, type HttpAnswer, type RunsStack } from './runs-stack.ts';

export * from './runs-stack.ts';

export interface Registration {
  webhookUrl: string;
  webhookSecret: string;
  webhookAuthorizationHeader: string;
  triggerNodeId: string;
  created: boolean;
}

/** A webhook call's answer, with its body text kept (to look for leaked secrets). */
export interface WebhookAnswer extends HttpAnswer {
  text: string;
}

export interface WebhookCallOptions {
  method?: string;
  /** Added to the URL as given (e.g. `?source=crm`). */
  search?: string;
  headers?: Record<string, string>;
  /** A string or bytes is sent as is; anything else as JSON with Content-Type: application/json. */
  body?: unknown;
  /** The trigger's secret sent as `Authorization: Bearer`; `null` sends none. */
  secret?: string | null;
}

export class WebhookClient extends Client {
  async register(canvasId: string, triggerNodeId = 'hook', key?: string): Promise<HttpAnswer> {
    return this.request('POST', '/api/mcp/webhooks/register', { body: { canvasId, triggerNodeId }, key });
  }

  /** Registers and expects success; returns the registration. */
  async registered(canvasId: string, triggerNodeId = 'hook'): Promise<Registration> {
    const answer = await this.register(canvasId, triggerNodeId);
    expect([200, 201], JSON.stringify(answer.body)).toContain(answer.status);
    return answer.body as Registration;
  }

  revoke = (canvasId: string, triggerNodeId = 'hook') =>
    this.post('/api/mcp/webhooks/revoke', { canvasId, triggerNodeId });

  /** Calls /webhook/trigger on this stack's base URL. */
  async callWebhook(options: WebhookCallOptions = {}): Promise<WebhookAnswer> {
    const headers: Record<string, string> = {
      ...(options.secret ? { authorization: `Bearer ${options.secret}` } : {}),
      ...options.headers,
    };
    let body: string | Buffer | undefined;
    if (typeof options.body === 'string' || Buffer.isBuffer(options.body)) body = options.body;
    else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(new URL(`/webhook/trigger${options.search ?? ''}`, this.baseUrl), {
      method: options.method ?? 'POST',
      headers,
      body,
    });
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, body: parsed, headers: response.headers, text };
  }

  /**
   * Waits (bounded) until the run is terminal and returns its snapshot. Unlike waitForStatus, a
   * timeout reports only the run's status and node statuses (a snapshot may carry a large body).
   */
  async settled(executionId: string, timeoutMs = 15_000): Promise<any> {
    let last: any;
    try {
      return await waitUntil(
        async () => {
          last = (await this.execution(executionId)).body;
          return ['succeeded', 'failed', 'cancelled'].includes(last?.status) ? last : undefined;
        },
        { what: `${executionId} terminal`, timeoutMs, intervalMs: 50 },
      );
    } catch (error) {
      const nodes = Object.fromEntries(
        Object.entries(last?.nodes ?? {}).map(([id, node]) => [id, (node as { status: string }).status]),
      );
      throw new Error(`${(error as Error).message}; still ${last?.status}, nodes ${JSON.stringify(nodes)}`);
    }
  }

  /** The webhook status row of a node in GET /api/mcp/canvas/state. */
  async statusRow(canvasId: string, nodeId = 'hook'): Promise<any> {
    const state = await this.get('/api/mcp/canvas/state', { canvasId });
    expect(state.status).toBe(200);
    const node = state.body.nodes.find((candidate: { id: string }) => candidate.id === nodeId);
    expect(node, `node ${nodeId} in the canvas state`).toBeDefined();
    return node.webhook;
  }

  /**
   * hook (webhook-trigger) ─body-out─► tpl (text) ─► out (output). `template` renders the run inputs
   * (`{{inputs.name}}`) and the body (`{{input}}`).
   */
  async webhookCanvas(template = 'Got: {{input}}', name = 'Webhook canvas'): Promise<string> {
    const canvasId = await this.createCanvas(name);
    await this.addNode(canvasId, { id: 'hook', type: 'webhook-trigger' });
    await this.addNode(canvasId, { id: 'tpl', type: 'text', data: { template } });
    await this.addNode(canvasId, { id: 'out', type: 'output' });
    await this.addEdge(canvasId, {
      id: 'e1',
      source: 'hook',
      sourceHandle: 'body-out',
      target: 'tpl',
      targetHandle: 'text-in',
    });
    await this.addEdge(canvasId, {
      id: 'e2',
      source: 'tpl',
      sourceHandle: 'text-out',
      target: 'out',
      targetHandle: 'value-in',
    });
    return canvasId;
  }

  /** A canvas with a registered webhook: its id and the registration. */
  async registeredCanvas(template?: string): Promise<{ canvasId: string; registration: Registration }> {
    const canvasId = await this.webhookCanvas(template);
    const answer = await this.register(canvasId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return { canvasId, registration: answer.body as Registration };
  }

  /** Everything a workspace key can read about one execution, as text: snapshot, outputs, timeline. */
  async everythingStoredAbout(executionId: string, canvasId: string): Promise<string> {
    const reads = [
      await this.get('/api/executions', { executionId }),
      await this.get('/api/mcp/executions/outputs', { executionId }),
      await this.get('/api/mcp/executions/timeline', { executionId }),
      await this.get('/api/mcp/canvas/executions', { canvasId }),
      await this.get('/api/mcp/canvas/state', { canvasId }),
    ];
    for (const read of reads) expect(read.status).toBe(200);
    return reads.map((read) => JSON.stringify(read.body) + JSON.stringify([...read.headers])).join('\n');
  }
}

/** Sends a request with a method fetch refuses (TRACE, CONNECT…) through node:http. */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** Unique per call, for delivery ids and idempotency keys. */
let counter = 0;
export const unique = (prefix: string) =>
  `${prefix}-${process.pid}-${++counter}-${Math.random().toString(36).slice(2, 10)}`;

/** Every item of the local stack's table, as one JSON text (to look for a stored secret). */
export async function wholeTable(dynamodbEndpoint: string): Promise<string> {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: dynamodbEndpoint, region: LOCAL_REGION, credentials: LOCAL_CREDENTIALS }),
  );
  const items: unknown[] = [];
  let start: Record<string, unknown> | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const page = await client.send(new ScanCommand({ TableName: LOCAL_TABLE_NAME, ExclusiveStartKey: start }));
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
    if (!start) break;
  }
  client.destroy();
  return JSON.stringify(items);
}

/**
 * Local mode whose webhook triggers take `limit` calls a minute (WEBHOOK_RATE_LIMIT_PER_MINUTE, read once
 * per cold start, so set before the stack starts), and a webhook client of its workspace.
 */
export async function startLimitedWebhookStack(limit: number): Promise<{ stack: RunsStack; client: WebhookClient }> {
  const stack = await startRunsStack({ WEBHOOK_RATE_LIMIT_PER_MINUTE: String(limit) });
  return { stack, client: new WebhookClient(stack.baseUrl, stack.key) };
}
