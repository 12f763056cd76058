// The MCP gateway over HTTP against local mode, driven by the SDK's own Client (which also checks every
// structuredContent against the tool's outputSchema): discovery, every tool family, error results,
// scopes, and the transport's HTTP rules (methods, Origin, CORS, credentials).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';
import { startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let gatewayUrl: URL;

beforeAll(async () => {
  stack = await startRunsStack();
  gatewayUrl = new URL('/api/mcp', stack.local.appUrl);
});
afterAll(async () => stack?.stop());

/** A client of the gateway; `toolsets` goes in the URL (?toolsets=), as a user would paste it. */
async function connect(key: string, toolsets?: string): Promise<Client> {
  const client = new Client({ name: 'gateway-test', version: '1.0.0' });
  const url = new URL(gatewayUrl);
  if (toolsets) url.searchParams.set('toolsets', toolsets);
  await client.connect(
    new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${key}` } } }),
  );
  return client;
}

/** Calls a tool that must succeed; returns its structuredContent. */
async function call(client: Client, name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  // The same JSON as text, for clients that do not read structuredContent.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

/** Calls a tool that must fail recoverably; returns the message an agent reads. */
async function failure(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name} should have failed`).toBe(true);
  return (result.content[0] as { text: string }).text;
}

describe('MCP gateway: tools', () => {
  it(
    'lists every catalogued tool with ?toolsets=all, in ' +
      'catalogue order, with schemas, titles and all four annotations',
    async () => {
      // Prepare
      const client = await connect(stack.key, 'all');
      // Act
      const { tools } = await client.listTools();
      // Assess
      expect(tools.map((tool) => tool.name)).toEqual(OPERATIONS.map((operation) => operation.name));
      for (const tool of tools) {
        expect(tool.inputSchema.type).toBe('object');
        expect(tool.outputSchema?.type).toBe('object');
        expect(tool.title).toBeTruthy();
        expect(Object.keys(tool.annotations ?? {}).sort()).toEqual([
          'destructiveHint',
          'idempotentHint',
          'openWorldHint',
          'readOnlyHint',
          'title',
        ]);
      }
      expect(client.getServerVersion()?.name).toBe('workspace-automation');
      expect(client.getInstructions()).toMatch(/run_workflow/);
      await client.close();
    },
  );

  it('authors a canvas, runs it to its result and reads the run, all through tools', async () => {
    const client = await connect(stack.key);
    // Prepare: the node catalogue, a canvas, three nodes, two edges
    const manifest = await call(client, 'get_port_manifest');
    expect(manifest.nodeTypes.map((type: { type: string }) => type.type)).toContain('prompt');
    const canvas = await call(client, 'create_canvas', { name: 'Through the gateway' });
    const canvasId = canvas.id as string;
    await call(client, 'add_node', { canvasId, id: 'prompt', type: 'prompt', data: { prompt: 'hi' } });
    await call(client, 'add_node', {
      canvasId,
      id: 'tpl',
      type: 'text',
      position: { x: 400, y: 0 },
      data: { template: 'You said: {{input}}' },
    });
    const patched = await call(client, 'patch_canvas', {
      canvasId,
      operations: [
        { op: 'node/add', id: 'out', type: 'output', position: { x: 800, y: 0 } },
        {
          op: 'edge/add',
          id: 'e1',
          source: 'prompt',
          sourceHandle: 'prompt-out',
          target: 'tpl',
          targetHandle: 'text-in',
        },
      ],
    });
    expect(patched.results).toHaveLength(2);
    expect(
      await call(client, 'validate_edge', {
        canvasId,
        source: 'tpl',
        sourceHandle: 'text-out',
        target: 'out',
        targetHandle: 'value-in',
      }),
    ).toEqual({ valid: true, warnings: [] });
    await call(client, 'add_edge', {
      canvasId,
      id: 'e2',
      source: 'tpl',
      sourceHandle: 'text-out',
      target: 'out',
      targetHandle: 'value-in',
    });
    await call(client, 'move_node', { canvasId, nodeId: 'out', position: { x: 900, y: 50 } });
    await call(client, 'resize_node', { canvasId, nodeId: 'out', size: { width: 300, height: 120 } });
    await call(client, 'write_node_document', { canvasId, nodeId: 'tpl', content: '# Notes' });
    await call(client, 'update_node', { canvasId, nodeId: 'tpl', data: { label: 'Template' } });
    await call(client, 'fit_canvas_viewport', { canvasId });
    await call(client, 'rename_canvas', { canvasId, name: 'Gateway flow' });
    const state = await call(client, 'get_canvas', { canvasId });
    expect(state.nodes).toHaveLength(3);
    expect(state.edges).toHaveLength(2);
    const listed = await call(client, 'list_canvases', { limit: 200 });
    expect(listed.items.map((item: { id: string }) => item.id)).toContain(canvasId);

    // Act: a run with a bounded wait
    const run = await call(client, 'run_workflow', {
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'hello' },
      sync: true,
      timeoutSeconds: 20,
    });

    // Assess
    expect(run.status).toBe('succeeded');
    const executionId = run.executionId as string;
    expect((await call(client, 'get_execution', { executionId })).status).toBe('succeeded');
    const outputs = await call(client, 'get_execution_outputs', { executionId });
    expect(JSON.stringify(outputs.result)).toContain('You said: hello');
    const timeline = await call(client, 'get_execution_timeline', { executionId });
    expect(timeline.events.map((event: { type: string }) => event.type)).toContain('execution.succeeded');
    const runs = await call(client, 'list_canvas_executions', { canvasId });
    expect(runs.items[0].executionId).toBe(executionId);

    // Act: again, without waiting, then cancel; replay the first
    const queued = await call(client, 'run_workflow', {
      canvasId,
      triggerNodeId: 'prompt',
      inputs: { prompt: 'second' },
    });
    expect(queued.executionId).toMatch(/^exec_/);
    // An instant-node run may finish before the cancel arrives: both answers are correct.
    const cancelled = (await client.callTool({
      name: 'cancel_execution',
      arguments: { executionId: queued.executionId },
    })) as CallToolResult;
    if (cancelled.isError)
      expect((cancelled.content[0] as { text: string }).text).toMatch(/already finished.*Read the current state/s);
    else expect((cancelled.structuredContent as { status: string }).status).toBe('cancelled');
    const replayed = await call(client, 'replay_execution', { executionId });
    expect(replayed.executionId).not.toBe(executionId);
    const redrive = await failure(client, 'redrive_execution', { executionId });
    expect(redrive).toMatch(/fail|redrive/i);

    // Archive, restore, delete
    expect((await call(client, 'archive_canvas', { canvasId })).archived).toBe(true);
    expect((await call(client, 'restore_canvas', { canvasId })).archived).toBe(false);
    await call(client, 'delete_edge', { canvasId, edgeId: 'e2' });
    expect((await call(client, 'delete_node', { canvasId, nodeId: 'out' })).deleted).toBe(true);
    expect(await call(client, 'delete_canvas', { canvasId })).toEqual({ deleted: true, id: canvasId });
    await client.close();
  });

  it('registers and revokes a webhook endpoint, mints, lists and revokes a key, and reads the workspace', async () => {
    const client = await connect(stack.key);
    const canvasId = (await call(client, 'create_canvas', { name: 'Hooks' })).id;
    await call(client, 'add_node', { canvasId, id: 'hook', type: 'webhook-trigger' });
    const registration = await call(client, 'register_webhook', { canvasId, triggerNodeId: 'hook' });
    expect(registration.created).toBe(true);
    expect(registration.webhookUrl).toBe(`${stack.baseUrl}/webhook/trigger`);
    const fired = await fetch(registration.webhookUrl, {
      method: 'POST',
      headers: { authorization: registration.webhookAuthorizationHeader, 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(fired.status).toBe(202);
    expect((await call(client, 'revoke_webhook', { canvasId, triggerNodeId: 'hook' })).revoked).toBe(true);

    const minted = await call(client, 'create_api_key', {
      name: 'from an agent',
      scopes: ['read:canvases'],
      expiresInDays: 1,
    });
    expect(minted.key).toMatch(/^workspace_/);
    const keys = await call(client, 'list_api_keys', {});
    expect(keys.items.map((key: { id: string }) => key.id)).toContain(minted.id);
    expect(JSON.stringify(keys)).not.toContain(minted.key);
    expect((await call(client, 'revoke_api_key', { id: minted.id })).status).toBe('revoked');

    const identity = await call(client, 'verify_key');
    expect(identity.workspaceId).toBe(stack.workspaceId);
    expect((await call(client, 'get_workspace')).id).toBe(stack.workspaceId);
    expect((await call(client, 'rename_workspace', { name: 'Renamed by an agent' })).name).toBe('Renamed by an agent');
    expect(Array.isArray((await call(client, 'list_workspace_members')).items)).toBe(true);
    await client.close();
  });

  it('manages people through tools, the tool-only change_member_role included', async () => {
    // Prepare: a user who is a viewer of the workspace (imported now: adapters read the stack's env)
    const { createUser } = await import('#core/users/use-cases');
    const { addMember } = await import('#core/workspaces/members');
    const { memberships, users } = await import('#adapters/composition/stores');
    const { systemClock } = await import('#core/clock');
    const deps = { users, memberships, clock: systemClock };
    const user = await createUser(
      { email: `role-${Date.now()}@example.test`, password: 'a long enough password' },
      deps,
    );
    await addMember({ workspaceId: stack.workspaceId, user, role: 'viewer' }, deps);
    const client = await connect(stack.key);
    // Act
    const promoted = await call(client, 'change_member_role', { userId: user.id, role: 'editor' });
    const members = await call(client, 'list_workspace_members', {});
    const invited = await call(client, 'invite_member', { email: `new-${Date.now()}@example.test`, role: 'viewer' });
    await call(client, 'revoke_invite', { id: invited.id });
    const removed = await call(client, 'remove_member', { userId: user.id });
    // Assess
    expect(promoted).toMatchObject({ userId: user.id, role: 'editor' });
    expect(members.items).toContainEqual(expect.objectContaining({ userId: user.id, role: 'editor' }));
    expect(removed).toEqual({ userId: user.id, removed: true });
    expect(await failure(client, 'change_member_role', { userId: user.id, role: 'admin' })).toMatch(
      /not found|not a member/i,
    );
    await client.close();
  });

  it('answers recoverable failures as isError results that say what to do next', async () => {
    const client = await connect(stack.key);
    const canvasId = (await call(client, 'create_canvas', { name: 'Errors' })).id;
    await call(client, 'add_node', { canvasId, id: 'p', type: 'prompt' });

    expect(await failure(client, 'get_canvas', { canvasId: 'cnv_missing' })).toMatch(/not found.*Check the id/s);
    expect(await failure(client, 'add_node', { canvasId, type: 'no-such-type' })).toMatch(
      /Invalid arguments: type.*Fix them/s,
    );
    expect(
      await failure(client, 'add_edge', {
        canvasId,
        source: 'p',
        sourceHandle: 'nope',
        target: 'p',
        targetHandle: 'x',
      }),
    ).toMatch(/no output port nope/);
    expect(await failure(client, 'rename_canvas', { canvasId, name: 'x', expectedVersion: 1 })).toMatch(
      /version.*Read the current state again/s,
    );
    expect(
      await failure(client, 'run_workflow', { canvasId, triggerNodeId: 'p', callbackUrl: 'http://127.0.0.1/x' }),
    ).toMatch(/callback/i);
    // An unknown tool is a protocol error, not a result.
    await expect(client.callTool({ name: 'drop_database', arguments: {} })).rejects.toThrow(
      /Unknown tool: drop_database/,
    );
    await client.close();
  });

  it(
    'lists only the tools a narrower key may call, ' + 'and names the missing scope when one is called anyway',
    async () => {
      // Prepare
      const admin = await connect(stack.key);
      const reader = await call(admin, 'create_api_key', { name: 'reader', scopes: ['read:canvases'] });
      const client = await connect(reader.key);
      // Act
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      // Assess
      expect(names).toContain('list_canvases');
      expect(names).toContain('get_canvas');
      expect(names).not.toContain('create_canvas');
      expect(names).not.toContain('run_workflow');
      expect(names).not.toContain('create_api_key');
      expect(await failure(client, 'create_canvas', { name: 'nope' })).toMatch(/Missing scope: write:canvas/);
      expect(await failure(client, 'create_api_key', { name: 'escalate', scopes: ['manage:integrations'] })).toMatch(
        /Missing scope: manage:integrations/,
      );
      await Promise.all([admin.close(), client.close()]);
    },
  );

  it(
    'opens a scope-pair tool to either scope: an assets-only ' +
      'key uploads to the library through tools, but cannot trash',
    async () => {
      // Prepare
      const admin = await connect(stack.key);
      const curator = await call(admin, 'create_api_key', { name: 'curator', scopes: ['read:assets', 'write:assets'] });
      const client = await connect(curator.key, 'all');
      const bytes = new TextEncoder().encode('GIF89a-not-really-but-bytes');
      // Act
      const names = (await client.listTools()).tools.map((tool) => tool.name);
      const reserved = await call(client, 'reserve_asset_upload', {
        name: 'dot.gif',
        contentType: 'image/gif',
        size: bytes.length,
        folder: '/icons',
      });
      const { 'Content-Length': _length, ...headers } = reserved.upload.headers;
      expect((await fetch(reserved.upload.url, { method: 'PUT', headers, body: bytes })).status).toBe(200);
      const asset = await call(client, 'finalize_asset_upload', { uploadId: reserved.uploadId });
      const listed = await call(client, 'list_assets', { folder: '/icons' });
      // Assess
      expect(names).toEqual(
        expect.arrayContaining([
          'list_assets',
          'get_asset',
          'get_asset_usages',
          'reserve_asset_upload',
          'rename_asset',
          'restore_asset',
        ]),
      );
      for (const name of [
        'place_asset',
        'trash_asset',
        'purge_asset',
        'list_canvases',
        'reserve_canvas_upload',
        'list_canvas_assets',
      ])
        expect(names).not.toContain(name);
      expect(listed.items.map((item: { id: string }) => item.id)).toEqual([asset.id]);
      expect(await failure(client, 'trash_asset', { assetId: asset.id })).toMatch(
        /Missing scope: delete:assets or write:canvas/,
      );
      // The other scope of the pair opens the same tool.
      expect((await call(admin, 'trash_asset', { assetId: asset.id })).trashedAt).toEqual(expect.any(String));
      await Promise.all([admin.close(), client.close()]);
    },
  );
});

describe('MCP gateway: toolsets', () => {
  const toolsetsOf = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

  it(
    'lists the default toolsets (canvases, authoring, ' + 'runs) without a choice, and calls any tool the scopes allow',
    async () => {
      // Prepare
      const client = await connect(stack.key);
      // Act
      const names = await toolsetsOf(client);
      const balance = await call(client, 'get_credit_balance');
      // Assess
      const defaults = OPERATIONS.map((operation) => operation.name).filter((name) => names.includes(name));
      expect(names).toEqual(defaults);
      expect(names).toEqual(expect.arrayContaining(['list_canvases', 'get_canvas', 'patch_canvas', 'run_workflow']));
      expect(names).not.toContain('get_credit_balance');
      expect(names).not.toContain('list_assets');
      expect(typeof balance).toBe('object');
      await client.close();
    },
  );

  it('lists the toolsets named in ?toolsets= or X-MCP-Toolsets, the URL winning', async () => {
    // Prepare
    const byUrl = await connect(stack.key, 'credits,webhooks');
    const byHeader = new Client({ name: 'gateway-test', version: '1.0.0' });
    await byHeader.connect(
      new StreamableHTTPClientTransport(gatewayUrl, {
        requestInit: { headers: { authorization: `Bearer ${stack.key}`, 'x-mcp-toolsets': 'credits' } },
      }),
    );
    // Act
    const [urlNames, headerNames] = await Promise.all([toolsetsOf(byUrl), toolsetsOf(byHeader)]);
    // Assess
    expect(urlNames).toEqual([
      'list_webhooks',
      'register_webhook',
      'revoke_webhook',
      'set_webhook_signing_secret',
      'get_credit_balance',
      'list_credit_transactions',
      'get_billing_summary',
    ]);
    expect(headerNames).toEqual(['get_credit_balance', 'list_credit_transactions', 'get_billing_summary']);
    await Promise.all([byUrl.close(), byHeader.close()]);
  });

  it('in dynamic mode lists the discovery tools, which find a toolset and call its tools', async () => {
    // Prepare
    const client = await connect(stack.key, 'dynamic');
    // Act
    const names = await toolsetsOf(client);
    const { toolsets } = await call(client, 'list_toolsets');
    const credits = await call(client, 'get_toolset_tools', { toolset: 'credits' });
    const balance = await call(client, 'call_tool', { name: 'get_credit_balance', arguments: {} });
    const unknown = await failure(client, 'call_tool', { name: 'drop_database' });
    // Assess
    expect(names).toEqual(['list_toolsets', 'get_toolset_tools', 'call_tool']);
    expect(toolsets.map((toolset: { name: string }) => toolset.name)).toContain('credits');
    expect(credits.tools.map((tool: { name: string }) => tool.name)).toEqual([
      'get_credit_balance',
      'list_credit_transactions',
      'get_billing_summary',
    ]);
    expect(credits.tools[0].inputSchema.type).toBe('object');
    expect(balance).toEqual(await call(client, 'get_credit_balance'));
    expect(unknown).toMatch(/Unknown tool: drop_database/);
    await client.close();
  });

  it('answers 400 naming the known toolsets for an unknown one', async () => {
    // Act
    const answer = await fetch(`${gatewayUrl}?toolsets=canvases,reports`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${stack.key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    });
    // Assess
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toMatch(/Unknown toolset reports: choose from canvases/);
  });
});

describe('MCP gateway: HTTP rules', () => {
  const initialize = JSON.stringify({
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'curl', version: '1' } },
  });
  const post = (headers: Record<string, string>, body = initialize) =>
    fetch(gatewayUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body,
    });

  it('answers GET and DELETE with 405 and Allow, and OPTIONS with the CORS preflight', async () => {
    for (const method of ['GET', 'DELETE']) {
      const answer = await fetch(gatewayUrl, { method, headers: { authorization: `Bearer ${stack.key}` } });
      expect(answer.status, method).toBe(405);
      expect(answer.headers.get('allow')).toBe('POST, OPTIONS');
      expect(((await answer.json()) as { error: string }).error).toMatch(/stateless/);
    }
    const preflight = await fetch(gatewayUrl, {
      method: 'OPTIONS',
      headers: {
        origin: stack.local.appUrl,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, mcp-protocol-version',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(stack.local.appUrl);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Mcp-Protocol-Version/);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
  });

  it(
    'takes requests without Origin or from the app origin, refuses ' +
      'other origins with 403, and sends CORS headers on every answer',
    async () => {
      const withoutOrigin = await post({ authorization: `Bearer ${stack.key}` });
      expect(withoutOrigin.status).toBe(200);
      expect(withoutOrigin.headers.get('access-control-expose-headers')).toMatch(/WWW-Authenticate/);

      const fromApp = await post({ authorization: `Bearer ${stack.key}`, origin: stack.local.appUrl });
      expect(fromApp.status).toBe(200);
      expect(fromApp.headers.get('access-control-allow-origin')).toBe(stack.local.appUrl);
      expect(((await fromApp.json()) as any).result.serverInfo.name).toBe('workspace-automation');

      const foreign = await post({ authorization: `Bearer ${stack.key}`, origin: 'https://evil.example' });
      expect(foreign.status).toBe(403);
      expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
      expect(foreign.headers.get('vary')).toBe('Origin');

      const unauthenticatedFromApp = await post({ origin: stack.local.appUrl });
      expect(unauthenticatedFromApp.status).toBe(401);
      expect(unauthenticatedFromApp.headers.get('access-control-allow-origin')).toBe(stack.local.appUrl);
    },
  );

  it(
    'answers 401 with the protected-resource metadata ' + 'pointer for a missing, unknown or foreign-family credential',
    async () => {
      const webhookLike = 'whsec_0123456789abcdef0123456789abcdef';
      for (const authorization of [
        undefined,
        'Bearer workspace_notakeyatallnotakeyatall',
        'Bearer umcp_0123456789abcdef0123',
        `Bearer ${webhookLike}`,
        `Basic ${btoa('a:b')}`,
      ]) {
        const answer = await post(authorization ? { authorization } : {});
        expect(answer.status, authorization).toBe(401);
        expect(answer.headers.get('www-authenticate')).toBe(
          `Bearer resource_metadata="${stack.local.appUrl}/.well-known/oauth-protected-resource/api/mcp"`,
        );
        expect(typeof ((await answer.json()) as { error: unknown }).error).toBe('string');
      }
    },
  );

  it(
    'keeps the SDK transport rules: 406 without an Accept ' + 'that allows JSON and SSE, JSON-RPC parse errors as 400',
    async () => {
      const noAccept = await fetch(gatewayUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${stack.key}`, 'content-type': 'application/json' },
        body: initialize,
      });
      expect(noAccept.status).toBe(406);
      const garbage = await post({ authorization: `Bearer ${stack.key}` }, '{not json');
      expect(garbage.status).toBe(400);
      expect(((await garbage.json()) as any).error.code).toBe(-32700);
    },
  );
});
