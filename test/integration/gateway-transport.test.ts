// The MCP gateway over HTTP against local mode: toolsets (?toolsets=, X-MCP-Toolsets, dynamic discovery)
// and the transport's HTTP rules (methods, Origin, CORS, credentials).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

describe('MCP gateway: toolsets', () => {
  const toolsetsOf = async (client: Client) => (await client.listTools()).tools.map((tool) => tool.name);

  it(
    'lists the default toolsets (canvases, authoring, ' + 'runs) without a choice, and calls any tool the scopes allow',
    async () => {
      // Prepare
      const client = await connect(gatewayUrl, stack.key);
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
    const byUrl = await connect(gatewayUrl, stack.key, 'credits,webhooks');
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
      'set_callback_signing_secret',
      'get_credit_balance',
      'list_credit_transactions',
      'get_billing_summary',
    ]);
    expect(headerNames).toEqual(['get_credit_balance', 'list_credit_transactions', 'get_billing_summary']);
    await Promise.all([byUrl.close(), byHeader.close()]);
  });

  it('in dynamic mode lists the discovery tools, which find a toolset and call its tools', async () => {
    // Prepare
    const client = await connect(gatewayUrl, stack.key, 'dynamic');
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

  it('takes requests without Origin or from the app origin, refuses other origins with 403, and sends CORS headers on every answer', async () => {
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
  });

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
