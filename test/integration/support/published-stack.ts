// test support (integration, published servers): local mode with the loopback ElevenLabs stand-in and 5,000
// credits granted, MCP clients of the gateway and of a published server (closed when the stack stops), a raw
// JSON-RPC POST for the HTTP answers an SDK client turns into exceptions, and the two canvases the tests
// publish: a greeting (instant) and a speaking one (its runs charge credits).
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';
import { systemClock } from '#core/clock';
import { grantCredits } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { startElevenLabsFake, type ElevenLabsFake } from '../../support/fakes/elevenlabs-server.ts';
import { Client, startRunsStack, type RunsStack } from './runs-stack.ts';

const SPEECH_KEY = 'sk_0123456789abcdef0123456789abcdef';
const ENV_NAMES = ['ELEVENLABS_API_KEY', 'SPEECH_BASE_URL', 'PUBLISHED_CALL_WAIT_MS'];

export class PublishedStack {
  private readonly opened: McpClient[] = [];

  private constructor(
    readonly speech: ElevenLabsFake,
    readonly stack: RunsStack,
    readonly client: Client,
  ) {}

  static async start(): Promise<PublishedStack> {
    const speech = await startElevenLabsFake({ key: SPEECH_KEY });
    const stack = await startRunsStack({ ELEVENLABS_API_KEY: SPEECH_KEY, SPEECH_BASE_URL: speech.url });
    await grantCredits(
      {
        workspaceId: stack.workspaceId,
        credits: 5000,
        reason: 'published tests',
        grantedBy: 'test',
        operationId: 'pub-grant',
      },
      { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() },
    );
    return new PublishedStack(speech, stack, new Client(stack.baseUrl, stack.key));
  }

  async stop(): Promise<void> {
    for (const mcp of this.opened) await mcp.close().catch(() => undefined);
    await this.stack.stop();
    await this.speech.close();
    clearPublishedEnv();
  }

  /** An MCP client of one endpoint on the app host, with the credential as a bearer token when there is one. */
  async open(path: string, name: string, credential?: string): Promise<McpClient> {
    const mcp = new McpClient({ name, version: '1.0.0' });
    await mcp.connect(
      new StreamableHTTPClientTransport(new URL(path, this.stack.local.appUrl), {
        requestInit: credential ? { headers: { authorization: `Bearer ${credential}` } } : {},
      }),
    );
    this.opened.push(mcp);
    return mcp;
  }

  /** The gateway as the workspace's owner uses it: publish and credentials are its tools. */
  gateway(): Promise<McpClient> {
    return this.open('/api/mcp', 'owner', this.stack.key);
  }

  /** A published server as an agent calls it. */
  connect(slug: string, credential?: string): Promise<McpClient> {
    return this.open(`/mcp/s/${slug}`, 'agent', credential);
  }

  /** A raw JSON-RPC POST, to read the HTTP status and headers an SDK client turns into an exception. */
  post(path: string, body: unknown, credential?: string): Promise<Response> {
    return fetch(new URL(path, this.stack.local.appUrl), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(credential ? { authorization: `Bearer ${credential}` } : {}),
      },
      body: JSON.stringify(body),
    });
  }

  /** greet (prompt) → tpl → out, and a second trigger the server does not expose. */
  async greetingCanvas(): Promise<string> {
    const { client } = this;
    const canvasId = await client.createCanvas('Greeter');
    await client.addNode(canvasId, { id: 'greet', type: 'prompt', data: { label: 'Greet', prompt: '' } });
    await client.addNode(canvasId, {
      id: 'tpl',
      type: 'text',
      data: { template: 'Hello {{input}} from {{inputs.city}}' },
    });
    await client.addNode(canvasId, { id: 'out', type: 'output', data: { label: 'Greeting' } });
    await client.addNode(canvasId, { id: 'other', type: 'prompt', data: { prompt: 'not exposed' } });
    await client.addEdge(canvasId, {
      source: 'greet',
      sourceHandle: 'prompt-out',
      target: 'tpl',
      targetHandle: 'text-in',
    });
    await client.addEdge(canvasId, {
      source: 'tpl',
      sourceHandle: 'text-out',
      target: 'out',
      targetHandle: 'value-in',
    });
    await client.addEdge(canvasId, {
      source: 'other',
      sourceHandle: 'prompt-out',
      target: 'tpl',
      targetHandle: 'text-in',
    });
    return canvasId;
  }

  /** line (prompt) → speak (text to speech) → out: its runs charge credits through the ElevenLabs stand-in. */
  async speakingCanvas(name: string, prompt: string): Promise<string> {
    const { client } = this;
    const canvasId = await client.createCanvas(name);
    await client.addNode(canvasId, { id: 'line', type: 'prompt', data: { label: name, prompt } });
    await client.addNode(canvasId, { id: 'speak', type: 'audio-generation', data: {} });
    await client.addNode(canvasId, { id: 'out', type: 'output', data: { label: 'Audio' } });
    await client.addEdge(canvasId, {
      source: 'line',
      sourceHandle: 'prompt-out',
      target: 'speak',
      targetHandle: 'text-in',
    });
    await client.addEdge(canvasId, {
      source: 'speak',
      sourceHandle: 'audio-out',
      target: 'out',
      targetHandle: 'value-in',
    });
    return canvasId;
  }
}

/** The variables a published stack sets (also when it failed to start). */
export function clearPublishedEnv(): void {
  for (const name of ENV_NAMES) delete process.env[name];
}

/** A tool's structured answer, failing the test on an error result. */
export async function tool(mcp: McpClient, name: string, args: Record<string, unknown>): Promise<any> {
  const answer = await mcp.callTool({ name, arguments: args });
  expect(answer.isError, JSON.stringify(answer.content)).toBeFalsy();
  return answer.structuredContent;
}

export const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };

export const greetTool = {
  triggerNodeId: 'greet',
  toolName: 'greet',
  description: 'Greets someone from a city',
  inputs: [{ name: 'city', type: 'string', description: 'Where they are from', required: true }],
};
