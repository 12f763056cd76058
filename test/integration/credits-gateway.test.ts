// The credit reads as MCP tools through the gateway (local mode over HTTP), driven by the SDK's own
// Client, which checks each structuredContent against the tool's outputSchema.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { debit, grantCredits, holdCredits, type CreditDeps } from '#core/credits/ledger';
import { priceBookFrom } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { startRunsStack, type RunsStack } from './support/runs-stack.ts';

let stack: RunsStack;
let client: Client;
let deps: CreditDeps;

beforeAll(async () => {
  stack = await startRunsStack();
  client = new Client({ name: 'credits-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/api/mcp', stack.local.appUrl), {
      requestInit: { headers: { authorization: `Bearer ${stack.key}` } },
    }),
  );
  // The ledger of the running stack (local mode runs in this process, on this process's environment).
  deps = {
    ledger: new DynamoLedgerRepository(),
    clock: systemClock,
    prices: priceBookFrom({
      prices: JSON.stringify([{ sku: 'gw.op', model: '*', unit: 'Requests', creditsPerUnit: 5 }]),
    }),
  };
  await grantCredits(
    {
      workspaceId: stack.workspaceId,
      credits: 100,
      reason: 'gateway test',
      grantedBy: 'test',
      operationId: 'gw-grant',
    },
    deps,
  );
  await debit({ workspaceId: stack.workspaceId, operationId: 'gw-debit', sku: 'gw.op', quantity: 3 }, deps);
});
afterAll(async () => {
  await client?.close();
  await stack?.stop();
});

async function tool(name: string, args: Record<string, unknown> = {}): Promise<any> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
  expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
  return result.structuredContent;
}

describe('credit tools on the gateway', () => {
  it('answers balance, transactions and summary as the routes do', async () => {
    expect(await tool('get_credit_balance')).toMatchObject({
      workspaceId: stack.workspaceId,
      balance: 85,
      held: 0,
      available: 85,
      unit: 'credits',
    });
    const page = await tool('list_credit_transactions', { limit: 1 });
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ type: 'usage', credits: -15, operationId: 'gw-debit' });
    const older = await tool('list_credit_transactions', { limit: 1, cursor: page.nextCursor });
    expect(older.items[0]).toMatchObject({ type: 'grant', credits: 100 });
    const summary = await tool('get_billing_summary', { limit: 5 });
    expect(summary).toMatchObject({
      balance: 85,
      recentTransactions: [{ operationId: 'gw-debit' }, { operationId: 'gw-grant' }],
      nextCursor: null,
    });
  });

  it('refuses a limit of 0 as a tool error and reports held credits after a hold', async () => {
    const refused = (await client.callTool({
      name: 'list_credit_transactions',
      arguments: { limit: 0 },
    })) as CallToolResult;
    expect(refused.isError).toBe(true);
    await holdCredits({ workspaceId: stack.workspaceId, operationId: 'gw-hold', sku: 'gw.op', quantity: 2 }, deps);
    expect(await tool('get_credit_balance')).toMatchObject({ balance: 85, held: 10, available: 75 });
  });
});
