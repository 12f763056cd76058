// test support (integration, MCP gateway): local mode for the gateway tests, and the SDK's own client of
// its gateway, with the checks every tool call makes (success with the same JSON as text, or a recoverable
// failure).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import { startRunsStack, type RunsStack } from './runs-stack.ts';

/** Local mode, and the URL of its gateway (app host, /api/mcp). */
export async function startGatewayStack(): Promise<{ stack: RunsStack; gatewayUrl: URL }> {
  const stack = await startRunsStack();
  return { stack, gatewayUrl: new URL('/api/mcp', stack.local.appUrl) };
}

/** A client of the gateway; `toolsets` goes in the URL (?toolsets=), as a user would paste it. */
export async function connect(gatewayUrl: URL, key: string, toolsets?: string): Promise<Client> {
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  const url = new URL(gatewayUrl);
  if (toolsets) url.searchParams.set('toolsets', toolsets);
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  return client;
}

/** Calls a tool that must succeed; returns its structuredContent. */
export async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  // The same JSON as text, for clients that do not read structuredContent.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** Calls a tool that must fail recoverably; returns the message an agent reads. */
export async function failure(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} should have failed`).toBe(true);
  return (result.content[0] as { text: string }).text;
}
