// The MCP gateway over HTTP against local mode, driven by the SDK's own Client (which also checks every
// structuredContent against the tool's outputSchema): discovery, every tool family, error results and
// scopes. Toolsets and the transport's HTTP rules: gateway-transport.test.ts.
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';
import type { RunsStack } from './support/runs-stack.ts';
import { call, connect, failure, startGatewayStack } from './support/gateway-client.ts';

let stack: RunsStack;
let gatewayUrl: URL;

beforeAll(async () => {
  ({ stack, gatewayUrl } = await startGatewayStack());
});
afterAll(async () => stack?.stop());

describe('MCP gateway: tools', () => {
  it('lists every catalogued tool with ?toolsets=all, in catalogue order, with schemas, titles and all four annotations', async () => {
    // Prepare
    const client = await connect(gatewayUrl, stack.key, 'all');
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
  });

  it('authors a canvas, runs it to its result and reads the run, all through tools', async () => {
    const client = await connect(gatewayUrl, stack.key);
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
    const client = await connect(gatewayUrl, stack.key);
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
    const client = await connect(gatewayUrl, stack.key);
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
    const client = await connect(gatewayUrl, stack.key);
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
      const admin = await connect(gatewayUrl, stack.key);
      const reader = await call(admin, 'create_api_key', { name: 'reader', scopes: ['read:canvases'] });
      const client = await connect(gatewayUrl, reader.key);
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

  it('opens a scope-pair tool to either scope: an assets-only key uploads to the library through tools, but cannot trash', async () => {
    // Prepare
    const admin = await connect(gatewayUrl, stack.key);
    const curator = await call(admin, 'create_api_key', { name: 'curator', scopes: ['read:assets', 'write:assets'] });
    const client = await connect(gatewayUrl, curator.key, 'all');
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
  });
});
