// test support (integration, runs): the whole local stack in this test file's process —
// startLocalMode() on free ports over a temporary DATA_DIR — and a small HTTP client that talks to it
// with plain fetch, as a client of the service would. One stack per test FILE (a JVM costs seconds).
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { freePort, listenOnLoopback, portOf } from '../../../lib/local/ports.ts';
import { startLocalMode, type LocalMode } from '../../../lib/local/local-mode.ts';
import { waitUntil } from '../../support/wait-until.ts';

export { waitUntil };

export interface HttpAnswer {
  status: number;
  body: any;
  headers: Headers;
}

export interface RunsStack {
  readonly local: LocalMode;
  readonly baseUrl: string;
  /** The bootstrap workspace's all-scopes key. */
  readonly key: string;
  readonly workspaceId: string;
  stop(): Promise<void>;
}

/**
 * Starts local mode with `env` added to process.env first (handlers read their configuration when
 * first imported, which happens inside startLocalMode or on the first request).
 */
export async function startRunsStack(
  env: Record<string, string> = {},
  options: { activityLog?: (line: string) => void } = {},
): Promise<RunsStack> {
  Object.assign(process.env, env);
  const dataDir = mkdtempSync(join(tmpdir(), 'runs-it-'));
  const bootstrapApiKey = `workspace_${randomBytes(16).toString('hex')}`;
  const local = await startLocalMode({
    appPort: await freePort(),
    basePort: await freePort(),
    dataDir,
    bootstrapApiKey,
    ...options,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  if (!local.bootstrap.created) throw new Error('expected a fresh store to bootstrap a workspace');
  return {
    local,
    baseUrl: local.baseUrl,
    key: bootstrapApiKey,
    workspaceId: local.bootstrap.workspaceId,
    async stop() {
      await local.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A second workspace with its own all-scopes key, through the real provisioning use case. */
export async function otherWorkspace(): Promise<{ workspaceId: string; apiKey: string }> {
  // Imported only now: the adapters must see the environment startLocalMode set.
  const { seedWorkspace } = await import('./invoke.ts');
  return seedWorkspace('Another workspace');
}

export class Client {
  constructor(
    readonly baseUrl: string,
    readonly key: string,
  ) {}

  async request(
    method: string,
    path: string,
    options: { body?: unknown; query?: Record<string, string>; headers?: Record<string, string>; key?: string } = {},
  ): Promise<HttpAnswer> {
    const url = new URL(path, this.baseUrl);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const headers: Record<string, string> = { authorization: `Bearer ${options.key ?? this.key}`, ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers };
  }

  post = (path: string, body: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, { body, headers });
  get = (path: string, query: Record<string, string>) => this.request('GET', path, { query });

  run = (body: Record<string, unknown>, headers?: Record<string, string>) => this.post('/api/run', body, headers);
  execution = (executionId: string) => this.get('/api/executions', { executionId });

  async createCanvas(name = 'Run canvas'): Promise<string> {
    const created = await this.post('/api/mcp/canvas/create', { name });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  }

  async addNode(canvasId: string, node: Record<string, unknown>): Promise<void> {
    const added = await this.post('/api/mcp/canvas/node/add', { canvasId, ...node });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }

  async addEdge(canvasId: string, edge: Record<string, unknown>): Promise<void> {
    const added = await this.post('/api/mcp/canvas/edge/add', { canvasId, ...edge });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
  }

  /** Uploads bytes through the canvas upload lifecycle (reserve, presigned PUT, finalize) onto a node. */
  async uploadOnto(
    canvasId: string,
    nodeId: string,
    file: { name: string; contentType: string; bytes: Buffer },
  ): Promise<string> {
    const sha256 = createHash('sha256').update(file.bytes).digest('base64');
    const reserved = await this.post('/api/mcp/canvas/r2-upload/reserve', {
      canvasId,
      name: file.name,
      contentType: file.contentType,
      size: file.bytes.length,
      sha256,
    });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(201);
    const { 'Content-Length': _length, ...headers } = reserved.body.upload.headers as Record<string, string>;
    expect((await fetch(reserved.body.upload.url, { method: 'PUT', headers, body: file.bytes })).status).toBe(200);
    const finalized = await this.post('/api/mcp/canvas/r2-upload/finalize', {
      uploadId: reserved.body.uploadId,
      nodeId,
    });
    expect(finalized.status, JSON.stringify(finalized.body)).toBe(201);
    return finalized.body.id;
  }

  /** prompt → tpl (text) → out (output), through the canvas routes. */
  async linearCanvas(template = 'You said: {{input}}', prompt = 'hello'): Promise<string> {
    const canvasId = await this.createCanvas();
    await this.addNode(canvasId, { id: 'prompt', type: 'prompt', data: { prompt } });
    await this.addNode(canvasId, { id: 'tpl', type: 'text', data: { template } });
    await this.addNode(canvasId, { id: 'out', type: 'output' });
    await this.addEdge(canvasId, {
      id: 'e1',
      source: 'prompt',
      sourceHandle: 'prompt-out',
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

  /** Polls GET /api/executions until `accept(snapshot)` holds; returns that snapshot. Bounded. */
  async waitFor(
    executionId: string,
    accept: (snapshot: any) => boolean,
    what = 'the expected state',
    timeoutMs = 15_000,
  ): Promise<any> {
    let last: any;
    try {
      return await waitUntil(
        async () => {
          const answer = await this.execution(executionId);
          expect(answer.status).toBe(200);
          last = answer.body;
          return accept(answer.body) ? answer.body : undefined;
        },
        { what: `${executionId}: ${what}`, timeoutMs, intervalMs: 50 },
      );
    } catch (error) {
      throw new Error(`${(error as Error).message}; last snapshot: ${JSON.stringify(last)}`);
    }
  }

  waitForStatus = (executionId: string, ...statuses: string[]) =>
    this.waitFor(executionId, (snapshot) => statuses.includes(snapshot.status), `status ${statuses.join('|')}`);

  /** Every execution of a canvas, following nextCursor. */
  async listExecutions(canvasId: string, limit = 200): Promise<any[]> {
    const items: any[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 50; pages++) {
      const page = await this.get('/api/mcp/canvas/executions', {
        canvasId,
        limit: String(limit),
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      items.push(...page.body.items);
      cursor = page.body.nextCursor ?? undefined;
      if (!cursor) break;
    }
    return items;
  }
}

export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
}

/**
 * A callback receiver on 127.0.0.1. Paths choose its answer: `/ok…` → 200, `/fail…` → 500,
 * `/hold…` → waits until release() is called, then 200.
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  private server?: Server;
  private held: (() => void)[] = [];
  private holding = true;
  port = 0;

  async start(): Promise<this> {
    this.server = createServer((request, response) => void this.handle(request, response));
    await listenOnLoopback(this.server, 0);
    this.port = portOf(this.server);
    return this;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Callbacks received for one execution (matched on the body's executionId). */
  for(executionId: string): ReceivedCallback[] {
    return this.received.filter((callback) => callback.body?.executionId === executionId);
  }

  /** Answers every held request, and every later `/hold` request at once. */
  release(): void {
    this.holding = false;
    for (const answer of this.held.splice(0)) answer();
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    const path = request.url ?? '/';
    this.received.push({ path, headers: request.headers, rawBody, body });
    const answer = (status: number) => () => {
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 200 ? 'ok' : 'nope');
    };
    if (path.startsWith('/fail')) return answer(500)();
    if (path.startsWith('/hold') && this.holding) {
      this.held.push(answer(200));
      return;
    }
    answer(200)();
  }

  async stop(): Promise<void> {
    this.release();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
