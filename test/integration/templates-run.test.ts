// Templates over local mode, as clients use them: a canvas published and used over HTTP runs through
// POST /api/run under its new node ids, and the same round trip through the MCP gateway's tools
// (the SDK client checks every answer against the tool's outputSchema).
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let client: Client;

beforeAll(async () => {
  stack = await startRunsStack();
  client = new Client(stack.baseUrl, stack.key);
});
afterAll(async () => stack?.stop());

describe('a canvas made from a template', () => {
  it('runs under its new ids, with the prompt the template froze, while the source canvas has moved on', async () => {
    // Prepare: prompt → tpl → out, published, then the source edited
    const source = await client.linearCanvas('Template says: {{input}}', 'frozen prompt');
    const published = await client.post('/api/mcp/templates/publish', { canvasId: source, name: 'Runnable' });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const edited = await client.post('/api/mcp/canvas/node/update', {
      canvasId: source,
      nodeId: 'tpl',
      data: { template: 'Edited: {{input}}' },
    });
    expect(edited.status).toBe(200);

    // Act
    const used = await client.post('/api/mcp/templates/use', { templateId: published.body.id });
    expect(used.status, JSON.stringify(used.body)).toBe(201);
    const { nodeIds } = used.body;
    const answer = await client.run({
      canvasId: used.body.id,
      triggerNodeId: nodeIds.prompt,
      sync: true,
      timeoutSeconds: 20,
    });
    const stale = await client.run({ canvasId: used.body.id, triggerNodeId: 'prompt' });

    // Assess
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({
      canvasId: used.body.id,
      triggerNodeId: nodeIds.prompt,
      status: 'succeeded',
      result: { [nodeIds.out]: 'Template says: frozen prompt' },
    });
    for (const id of Object.values(nodeIds))
      expect(answer.body.nodes[id as string]).toMatchObject({ status: 'succeeded' });
    // The template's own node ids are not the new canvas's
    expect(stale.status).toBe(400);
    // The source canvas runs its edited version
    const sourceRun = await client.run({ canvasId: source, triggerNodeId: 'prompt', sync: true, timeoutSeconds: 20 });
    expect(sourceRun.body.result).toEqual({ out: 'Edited: frozen prompt' });
  });
});

describe('MCP gateway: template tools', () => {
  async function connect(): Promise<McpClient> {
    const mcp = new McpClient({ name: 'templates-test', version: '1.0.0' });
    const url = new URL('/api/mcp', stack.local.appUrl);
    await mcp.connect(
      new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${stack.key}` } } }),
    );
    return mcp;
  }

  async function tool(mcp: McpClient, name: string, args: Record<string, unknown>): Promise<any> {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
    return result.structuredContent;
  }

  it('publishes, lists, reads, uses, runs and deletes through the tools', async () => {
    // Prepare
    const mcp = await connect();
    const source = await client.linearCanvas('Via tools: {{input}}', 'tool prompt');

    // Act
    const published = await tool(mcp, 'publish_template', { canvasId: source, description: 'made by an agent' });
    const listed = await tool(mcp, 'list_templates', { limit: 200 });
    const snapshot = await tool(mcp, 'get_template_snapshot', { templateId: published.id });
    const used = await tool(mcp, 'use_template', { templateId: published.id, name: 'Agent copy' });
    const run = await tool(mcp, 'run_workflow', {
      canvasId: used.id,
      triggerNodeId: used.nodeIds.prompt,
      sync: true,
      timeoutSeconds: 20,
    });
    const deleted = await tool(mcp, 'delete_template', { templateId: published.id });
    const gone = (await mcp.callTool({
      name: 'get_template_snapshot',
      arguments: { templateId: published.id },
    })) as CallToolResult;

    // Assess
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(published.id);
    expect(snapshot).toMatchObject({ id: published.id, description: 'made by an agent', nodeCount: 3, edgeCount: 2 });
    expect(used).toMatchObject({ name: 'Agent copy', templateId: published.id, version: 1 });
    expect(run).toMatchObject({ status: 'succeeded', result: { [used.nodeIds.out]: 'Via tools: tool prompt' } });
    expect(deleted).toEqual({ deleted: true, id: published.id });
    expect(gone.isError).toBe(true);
    expect((gone.content[0] as { text: string }).text).toMatch(/not found/);
    await mcp.close();
  });
});
