// The gateway as bundled for Lambda (code-split: lib/constructs/bundling.ts splitBundle) answers
// tools/list from its tool index and runs tool calls whose operation chunks it loads only then
// (functions/gateway/tools.ts): against DynamoDB Local, with a real workspace key, the bundle lists
// every tool and creates and reads a canvas.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TOOLSETS, TOOLSETS_HEADER } from '#gateway/toolsets';
import { OPERATIONS, TOOLSETS } from '#operations/catalogue';
import { routeById } from '#route-table/manifest';
import { SPLIT_ENTRY_FILE, splitBundle } from '../../lib/constructs/bundling.ts';
import { routeEntryPath } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { seedWorkspace } from './support/invoke.ts';

const folder = tempFolders('gateway-bundle-calls');

type Handler = (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number; body: string }>;
let handler: Handler;
let key: string;

beforeAll(async () => {
  const outdir = folder();
  splitBundle(routeEntryPath(routeById('gateway')), outdir);
  ({ handler } = (await import(pathToFileURL(path.join(outdir, SPLIT_ENTRY_FILE)).href)) as { handler: Handler });
  key = (await seedWorkspace('Bundled gateway')).apiKey;
}, 120_000);

let nextId = 1;
async function rpc(method: string, params: Record<string, unknown>, toolsets?: string): Promise<any> {
  const event = {
    httpMethod: 'POST',
    path: '/api/mcp',
    headers: {
      ...(toolsets ? { [TOOLSETS_HEADER]: toolsets } : {}),
      authorization: `Bearer ${key}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    queryStringParameters: null,
    body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
    isBase64Encoded: false,
    requestContext: { requestId: `r${nextId}`, domainName: 'app.example.com', path: '/api/mcp' },
  } as unknown as APIGatewayProxyEvent;
  const answer = await handler(event, {
    awsRequestId: `r${nextId}`,
    getRemainingTimeInMillis: () => 29_000,
  } as unknown as Context);
  expect(answer.statusCode, answer.body).toBe(200);
  const message = JSON.parse(answer.body);
  expect(message.error, answer.body).toBeUndefined();
  return message.result;
}

describe('the bundled gateway', { timeout: 60_000 }, () => {
  it('lists every tool of the catalogue from its index when asked for all toolsets', async () => {
    // Act
    const { tools } = await rpc('tools/list', {}, 'all');
    // Assess
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(OPERATIONS.map((operation) => operation.name));
  });

  it('lists the default toolsets when the client chooses none', async () => {
    // Arrange
    const defaults = TOOLSETS.filter((toolset) => DEFAULT_TOOLSETS.includes(toolset.name));
    // Act
    const { tools } = await rpc('tools/list', {});
    // Assess
    expect(tools.map((tool: { name: string }) => tool.name)).toEqual(
      defaults.flatMap((toolset) => toolset.operations.map((operation) => operation.name)),
    );
  });

  it('creates a canvas and reads it back, loading each operation at its first call', async () => {
    // Act
    const created = await rpc('tools/call', { name: 'create_canvas', arguments: { name: 'From the bundle' } });
    const read = await rpc('tools/call', { name: 'get_canvas', arguments: { canvasId: created.structuredContent.id } });
    const refused = await rpc('tools/call', { name: 'create_canvas', arguments: { name: '' } });
    // Assess
    expect(created.isError, JSON.stringify(created.content)).toBeFalsy();
    expect(read.structuredContent).toMatchObject({
      id: created.structuredContent.id,
      name: 'From the bundle',
      nodes: [],
      edges: [],
    });
    expect(refused.isError).toBe(true);
    expect(refused.content[0].text).toMatch(/name/);
  });
});
