// test support (integration, templates): the workspace the template tests run in, seeded once per file, and
// the calls they make as it — publish and use through the handlers, the stored items read from the table.
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, expect } from 'vitest';
import { table } from '#adapters/dynamodb/client';
import { keys } from '#adapters/dynamodb/table-design';
import { call, seedWorkspace } from './invoke.ts';

/** The seeded workspace: its all-scopes key and id, set before the file's first test. */
export const session = { key: '', workspaceId: '' };

/** Seeds the file's workspace (call once, at the top of a test file). */
export function seedTemplateWorkspace(): void {
  beforeAll(async () => {
    const workspace = await seedWorkspace('Template tests');
    session.key = workspace.apiKey;
    session.workspaceId = workspace.workspaceId;
  });
}

export const post = (path: string, body: unknown, as = session.key) => call('POST', path, { key: as, body });
export const get = (path: string, query: Record<string, string>, as = session.key) =>
  call('GET', path, { key: as, query });
export const snapshotOf = (templateId: string, as = session.key) =>
  get('/api/mcp/templates/snapshot', { templateId }, as);

export async function ok(answer: Promise<{ status: number; body: any }>, status = 200) {
  const { status: got, body } = await answer;
  expect(got, JSON.stringify(body).slice(0, 500)).toBe(status);
  return body;
}

/** prompt → tpl → out, a webhook-trigger node feeding tpl too, and documents on two nodes. */
export async function sampleCanvas(name = 'Greeter') {
  const canvas = await ok(post('/api/mcp/canvas/create', { name }), 201);
  const canvasId = canvas.id as string;
  await ok(
    post('/api/mcp/canvas/patch', {
      canvasId,
      operations: [
        {
          op: 'node/add',
          id: 'prompt',
          type: 'prompt',
          position: { x: 0, y: 0 },
          data: { prompt: 'Hello', label: 'Start' },
        },
        { op: 'node/add', id: 'hook', type: 'webhook-trigger', position: { x: 0, y: 300 } },
        {
          op: 'node/add',
          id: 'tpl',
          type: 'text',
          position: { x: 400, y: 0 },
          size: { width: 300, height: 180 },
          data: { template: 'You said: {{input}}' },
        },
        { op: 'node/add', id: 'out', type: 'output', position: { x: 800, y: 0 } },
        { op: 'node/document-write', nodeId: 'tpl', content: '# Notes\nKeep it short.', format: 'markdown' },
        { op: 'node/document-write', nodeId: 'out', content: '{"shape":"text"}', format: 'json' },
        {
          op: 'edge/add',
          id: 'e1',
          source: 'prompt',
          sourceHandle: 'prompt-out',
          target: 'tpl',
          targetHandle: 'text-in',
        },
        { op: 'edge/add', id: 'e2', source: 'hook', sourceHandle: 'body-out', target: 'tpl', targetHandle: 'text-in' },
        { op: 'edge/add', id: 'e3', source: 'tpl', sourceHandle: 'text-out', target: 'out', targetHandle: 'value-in' },
        { op: 'fit-viewport' },
      ],
    }),
  );
  return canvasId;
}

/** Every item of a template in the table: its metadata and its parts. */
export async function storedItems(templateId: string, inWorkspace = session.workspaceId) {
  const { client, tableName } = table();
  const query = (prefix: string) =>
    client.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
        ExpressionAttributeValues: { ':pk': keys.workspacePartition(inWorkspace), ':prefix': prefix },
        ConsistentRead: true,
      }),
    );
  const [metadata, parts] = await Promise.all([
    query(`TEMPLATE#${templateId}`),
    query(keys.templatePartPrefix(templateId)),
  ]);
  return { metadata: metadata.Items ?? [], parts: parts.Items ?? [] };
}
