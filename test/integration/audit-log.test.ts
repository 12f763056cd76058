// integration: the audit log (docs/audit.md) through the whole local stack — changes made over the
// routes, the gateway (the MCP SDK's own Client) and a published server, each leaving one entry in its
// own transaction; a failed change leaving none; the query's filters, pages and scope; no secret stored.
import { Client as McpClient } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { systemClock } from '#core/clock';
import { createOperatorKey } from '#core/keys/use-cases';
import { createUser } from '#core/users/use-cases';
import { acceptInvite } from '#core/workspaces/members';
import { table } from '#adapters/dynamodb/client';
import { putItem } from '#adapters/dynamodb/entities';
import { runOperation } from '#operations/run-operation';
import { operation as listAudit } from '#operations/workspace/list-audit-entries';
import { apiKeys, memberships, users, workspaces } from '#adapters/composition/stores';
import { WebhookClient, startRunsStack, type RunsStack } from './support/webhooks-stack.ts';

let stack: RunsStack;
let client: WebhookClient;
const opened: McpClient[] = [];

async function open(path: string, credential: string): Promise<McpClient> {
  const mcp = new McpClient({ name: 'audit-test', version: '1.0.0' });
  await mcp.connect(
    new StreamableHTTPClientTransport(new URL(path, stack.local.appUrl), {
      requestInit: { headers: { authorization: `Bearer ${credential}` } },
    }),
  );
  opened.push(mcp);
  return mcp;
}

async function tool(mcp: McpClient, name: string, args: Record<string, unknown>): Promise<any> {
  const answer = await mcp.callTool({ name, arguments: args });
  expect(answer.isError, `${name}: ${JSON.stringify(answer.content)}`).toBeFalsy();
  return answer.structuredContent;
}

/** Every entry the route answers for `query`, page after page. */
async function entries(query: Record<string, string> = {}): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | undefined;
  for (let pages = 0; pages < 50; pages++) {
    const page = await client.get('/api/mcp/audit/list', { limit: '200', ...query, ...(cursor ? { cursor } : {}) });
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    items.push(...page.body.items);
    cursor = page.body.nextCursor ?? undefined;
    if (!cursor) return items;
  }
  throw new Error('too many pages');
}

/** The stored audit items of the workspace, as DynamoDB holds them. */
async function storedItems(): Promise<Record<string, unknown>[]> {
  const { client: dynamo, tableName } = table();
  const { Items = [] } = await dynamo.send(
    new QueryCommand({
      TableName: tableName,
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :audit)',
      ExpressionAttributeValues: { ':pk': `WS#${stack.workspaceId}`, ':audit': 'AUDIT#' },
    }),
  );
  return Items;
}

const secrets: string[] = [];
let canvasId: string;
let doomedCanvasId: string;
let keyId: string;
let serverId: string;
let credentialId: string;
let publishedRunId: string;

beforeAll(async () => {
  stack = await startRunsStack();
  client = new WebhookClient(stack.baseUrl, stack.key);
  // Prepare: one of each kind of change, through the surface a client would use.
  canvasId = await client.linearCanvas();
  expect((await client.post('/api/mcp/canvas/rename', { canvasId, name: 'Greeter' })).status).toBe(200);
  const run = await client.run({ canvasId, triggerNodeId: 'prompt', inputs: { prompt: 'hi' } });
  expect([200, 202]).toContain(run.status);
  doomedCanvasId = await client.createCanvas('Scratch');
  expect((await client.post('/api/mcp/canvas/delete', { canvasId: doomedCanvasId })).status).toBe(200);

  const owner = await open('/api/mcp', stack.key);
  const key = await tool(owner, 'create_api_key', { name: 'ci', scopes: ['read:canvases'] });
  keyId = key.id;
  secrets.push(key.key);
  await tool(owner, 'revoke_api_key', { id: keyId });
  const callback = await tool(owner, 'set_callback_signing_secret', { action: 'rotate' });
  expect(callback.secret).toEqual(expect.any(String));
  secrets.push(callback.secret);
  await tool(owner, 'update_integration_policy', { allowedProviders: ['speech'], monthlyCreditCap: 500 });
  await tool(owner, 'invite_member', { email: 'dana@example.test', role: 'editor' });

  const server = await tool(owner, 'publish_mcp_server', {
    canvasId,
    slug: 'audit-greeter',
    name: 'Greeter server',
    description: 'Says hello',
    tools: [{ triggerNodeId: 'prompt', toolName: 'say', description: 'Says it', inputs: [] }],
  });
  serverId = server.id;
  const credential = await tool(owner, 'create_mcp_server_credential', { serverId, name: 'agent' });
  credentialId = credential.id;
  secrets.push(credential.credential);
  const agent = await open('/mcp/s/audit-greeter', credential.credential);
  publishedRunId = (await tool(agent, 'say', { prompt: 'Ada' })).runId;
  await tool(owner, 'update_mcp_server', { serverId, version: 'pinned' });
  await tool(owner, 'revoke_mcp_server_credential', { serverId, credentialId });
  await tool(owner, 'unpublish_mcp_server', { serverId });

  const now = Date.now();
  const exported = await client.get('/api/billing/focus-export', {
    from: new Date(now - 86_400_000).toISOString(),
    to: new Date(now + 60_000).toISOString(),
  });
  expect(exported.status).toBe(200);
}, 120_000);

afterAll(async () => {
  for (const mcp of opened) await mcp.close().catch(() => undefined);
  await stack?.stop();
});

describe('the audit log', () => {
  it('records each change with who did it, on which resource, in the change’s own transaction', async () => {
    // Act
    const log = await entries();

    // Assess
    const keyActor = { kind: 'key', keyId: expect.any(String) };
    const expected = [
      { action: 'canvas.create', resource: { kind: 'canvas', id: canvasId }, actor: keyActor },
      { action: 'canvas.update', resource: { kind: 'canvas', id: canvasId, name: 'Greeter' } },
      { action: 'run.start', resource: { kind: 'run' }, actor: keyActor },
      { action: 'canvas.delete', resource: { kind: 'canvas', id: doomedCanvasId } },
      { action: 'api-key.create', resource: { kind: 'api-key', id: keyId, name: 'ci' } },
      { action: 'api-key.revoke', resource: { kind: 'api-key', id: keyId } },
      { action: 'callback-secret.set', resource: { kind: 'callback-secret', id: stack.workspaceId } },
      { action: 'integration-policy.update', resource: { kind: 'integration-policy' } },
      { action: 'member.invite', resource: { kind: 'invite' } },
      { action: 'published-server.publish', resource: { kind: 'published-server', id: serverId } },
      { action: 'published-server.update', resource: { kind: 'published-server', id: serverId } },
      { action: 'published-credential.create', resource: { kind: 'published-credential', id: credentialId } },
      { action: 'published-credential.revoke', resource: { kind: 'published-credential', id: credentialId } },
      { action: 'published-server.unpublish', resource: { kind: 'published-server', id: serverId } },
      // A published server's tool call runs as the server and the umcp_ credential that called, not as a key.
      {
        action: 'run.start',
        resource: { kind: 'run', id: publishedRunId },
        actor: { kind: 'published-server', serverId, credentialId },
      },
    ];
    for (const { resource, ...entry } of expected) {
      expect(log, JSON.stringify({ resource, ...entry })).toContainEqual(
        expect.objectContaining({ ...entry, resource: expect.objectContaining(resource), written: 'with-change' }),
      );
    }
    // An export changes no item: it is recorded before it is answered.
    expect(log).toContainEqual(
      expect.objectContaining({ action: 'usage.export', resource: expect.objectContaining({ kind: 'usage-export' }) }),
    );
    // Every change above joined its own write: the fallback after the change never ran.
    expect(log.filter((entry) => entry.written !== 'with-change').map((entry) => entry.action)).toEqual([
      'usage.export',
    ]);
    // Newest first.
    const times = log.map((entry) => entry.at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('records settings, webhooks and their calls, connections, templates and archiving the same way', async () => {
    // Prepare
    const owner = await open('/api/mcp', stack.key);
    const hooked = await client.registeredCanvas();
    const connection = { provider: 'provider-two', credential: { apiKey: 'a1b2c3d4-5e6f:audit0secret0123456789Zq' } };

    // Act
    await tool(owner, 'rename_workspace', { name: 'Audited' });
    const call = await client.callWebhook({ secret: hooked.registration.webhookSecret, body: { hello: 'world' } });
    await tool(owner, 'revoke_webhook', { canvasId: hooked.canvasId, triggerNodeId: 'hook' });
    await tool(owner, 'upsert_connection', connection);
    await tool(owner, 'revoke_connection', { provider: 'provider-two' });
    const template = await tool(owner, 'publish_template', { canvasId, name: 'Greeter template' });
    await tool(owner, 'delete_template', { templateId: template.id });
    await tool(owner, 'archive_canvas', { canvasId: doomedCanvasId }).catch(() => undefined);
    await tool(owner, 'archive_canvas', { canvasId });
    await tool(owner, 'restore_canvas', { canvasId });
    const invite = await tool(owner, 'invite_member', { email: 'erin@example.test', role: 'viewer' });
    await tool(owner, 'revoke_invite', { id: invite.id });
    const memberDeps = { users, memberships, clock: systemClock };
    const joiner = await createUser({ email: 'fay@example.test', password: 'fay password 1' }, memberDeps);
    const joining = await tool(owner, 'invite_member', { email: joiner.email, role: 'editor' });
    await acceptInvite(joining.inviteUrl.split('/').pop(), joiner, memberDeps);
    const operatorKey = await createOperatorKey(
      stack.workspaceId,
      { name: 'break-glass' },
      { apiKeys, workspaces, clock: systemClock },
    );
    const log = await entries();

    // Assess
    expect(call.status, call.text).toBeLessThan(300);
    const hook = { kind: 'webhook', canvasId: hooked.canvasId, nodeId: 'hook' };
    const expected = [
      { action: 'workspace.rename', resource: { kind: 'workspace', id: stack.workspaceId } },
      { action: 'webhook.register', resource: { kind: 'webhook', id: `${hooked.canvasId}/hook` } },
      { action: 'run.start', resource: { kind: 'run' }, actor: hook },
      { action: 'webhook.revoke', resource: { kind: 'webhook', id: `${hooked.canvasId}/hook` } },
      { action: 'connection.upsert', resource: { kind: 'connection', id: 'provider-two' } },
      { action: 'connection.revoke', resource: { kind: 'connection', id: 'provider-two' } },
      { action: 'template.publish', resource: { kind: 'template', id: template.id, name: 'Greeter template' } },
      { action: 'template.delete', resource: { kind: 'template', id: template.id } },
      { action: 'canvas.archive', resource: { kind: 'canvas', id: canvasId } },
      { action: 'canvas.restore', resource: { kind: 'canvas', id: canvasId } },
      { action: 'member.invite-revoke', resource: { kind: 'invite', id: invite.id } },
      // The person joining, on the invite page: no OAuth client involved.
      {
        action: 'member.join',
        resource: { kind: 'member', id: joiner.id },
        actor: { kind: 'user', userId: joiner.id },
      },
      // The admin CLI's key: the service's.
      {
        action: 'api-key.create',
        resource: { kind: 'api-key', id: operatorKey.id, name: 'break-glass' },
        actor: { kind: 'service' },
      },
    ];
    for (const { resource, ...entry } of expected) {
      expect(log, JSON.stringify({ resource, ...entry })).toContainEqual(
        expect.objectContaining({ ...entry, resource: expect.objectContaining(resource), written: 'with-change' }),
      );
    }
    secrets.push(connection.credential.apiKey, hooked.registration.webhookSecret, operatorKey.key);
  });

  it('records nothing for a call that changes nothing, and falls back after a change no write carried', async () => {
    // Prepare: an operation whose only write is of an item its action does not name.
    const owner = await open('/api/mcp', stack.key);
    const before = await entries({ action: 'api-key.revoke' });
    const misfit = {
      ...listAudit,
      name: 'misfit',
      audit: 'canvas.update' as const,
      run: async () => {
        await putItem({ PK: `WS#${stack.workspaceId}`, SK: `MISFIT#${randomUUID()}` });
        return { id: 'cnv_misfit' };
      },
    };
    const principal = { workspaceId: stack.workspaceId, keyId: 'key_test', scopes: [] };
    const context = {
      principal,
      surface: 'mcp' as const,
      remainingMs: () => 10_000,
      header: () => undefined,
      publicBaseUrl: () => stack.baseUrl,
    };

    // Act
    await tool(owner, 'revoke_api_key', { id: keyId });
    await runOperation(misfit, {}, context);

    // Assess: the repeated revoke wrote nothing and left no entry; the misfit's entry came after its change.
    expect(await entries({ action: 'api-key.revoke' })).toEqual(before);
    const [fallback] = await entries({ action: 'canvas.update', resource: 'canvas' }).then((log) =>
      log.filter((entry) => entry.resource.id === 'cnv_misfit'),
    );
    expect(fallback).toMatchObject({ written: 'after-change', actor: { kind: 'key', keyId: 'key_test' } });
  });

  it('keeps entries 90 days by TTL and never stores a key, a credential or a secret', async () => {
    // Act
    const items = await storedItems();

    // Assess
    expect(items.length).toBeGreaterThan(10);
    for (const item of items) {
      const at = Date.parse(item.at as string) / 1000;
      expect(item.ttl).toBe(Math.floor(at) + 90 * 86_400);
    }
    const stored = JSON.stringify(items);
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    for (const secret of secrets) expect(stored).not.toContain(secret);
  });

  it('writes no entry for a change that fails', async () => {
    // Prepare
    const before = await entries({ resource: 'canvas' });

    // Act: a rename conditioned on a version the canvas has left.
    const stale = await client.post('/api/mcp/canvas/rename', { canvasId, name: 'Never', expectedVersion: 1 });

    // Assess
    expect(stale.status).toBe(409);
    expect(await entries({ resource: 'canvas' })).toEqual(before);
  });

  it('filters by resource, action and time range, and pages with a cursor', async () => {
    // Act
    const keysOnly = await entries({ resource: 'api-key' });
    const revokes = await entries({ action: 'api-key.revoke' });
    const all = await entries();
    const oldest = all.at(-1)!.at as string;
    const beforeAny = await entries({ to: oldest });
    const fromOldest = await entries({ from: oldest });
    const pages: any[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.get('/api/mcp/audit/list', { limit: '3', ...(cursor ? { cursor } : {}) });
      pages.push(...page.body.items);
      cursor = page.body.nextCursor ?? undefined;
    } while (cursor);

    // Assess
    expect(keysOnly.map((entry) => entry.resource.kind)).toEqual(keysOnly.map(() => 'api-key'));
    expect(keysOnly).toEqual(all.filter((entry) => entry.resource.kind === 'api-key'));
    expect(new Set(keysOnly.map((entry) => entry.action))).toEqual(new Set(['api-key.create', 'api-key.revoke']));
    expect(revokes).toEqual(all.filter((entry) => entry.action === 'api-key.revoke'));
    expect(revokes).toHaveLength(1);
    expect(beforeAny).toEqual([]);
    expect(fromOldest).toEqual(all);
    expect(pages.map((entry) => entry.id)).toEqual(all.map((entry) => entry.id));
  });

  it('answers owners only (manage:integrations), and refuses a range that ends before it starts', async () => {
    // Prepare
    const created = await client.post('/api/mcp/api-keys/create', { name: 'reader', scopes: ['read:canvases'] });

    // Act
    const refused = await client.request('GET', '/api/mcp/audit/list', { key: created.body.key });
    const backwards = await client.get('/api/mcp/audit/list', {
      from: '2026-12-02T00:00:00Z',
      to: '2026-12-01T00:00:00Z',
    });

    // Assess
    expect(refused.status).toBe(403);
    expect(backwards.status).toBe(400);
  });
});
