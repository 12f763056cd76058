// The credit read routes through their real handlers and DynamoDB Local: balance, transactions (newest
// first, cursor paging, limit 1–200), billing summary; read:billing enforced on each.
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { debit, grantCredits, holdCredits, type CreditDeps } from '#core/credits/ledger';
import { priceBookFrom } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { call, seedWorkspace } from './support/invoke.ts';

const deps: CreditDeps = {
  ledger: new DynamoLedgerRepository(),
  clock: systemClock,
  prices: priceBookFrom({
    prices: JSON.stringify([{ sku: 'test.op', model: '*', unit: 'Requests', creditsPerUnit: 2 }]),
  }),
};

describe('credit routes', () => {
  let owner: Awaited<ReturnType<typeof seedWorkspace>>;

  beforeAll(async () => {
    owner = await seedWorkspace();
    const { workspaceId } = owner;
    await grantCredits(
      { workspaceId, credits: 1000, reason: 'welcome', grantedBy: 'test', operationId: 'welcome' },
      deps,
    );
    for (let i = 0; i < 5; i++)
      await debit(
        { workspaceId, operationId: `op-${i}`, sku: 'test.op', quantity: i + 1, resource: { canvasId: 'cnv_x' } },
        deps,
      );
    await holdCredits({ workspaceId, operationId: 'running', sku: 'test.op', quantity: 10 }, deps);
  });

  it('answers the balance with what was held and what is available', async () => {
    const response = await call('GET', '/api/mcp/credits/balance', { key: owner.apiKey });
    expect(response.status).toBe(200);
    // 1000 − 2 × (1 + 2 + 3 + 4 + 5) = 970; 20 held
    expect(response.body).toMatchObject({
      workspaceId: owner.workspaceId,
      balance: 970,
      held: 20,
      available: 950,
      unit: 'credits',
    });
    expect(Date.parse(response.body.updatedAt)).not.toBeNaN();
  });

  it('answers a workspace that never had credits with zeros', async () => {
    const other = await seedWorkspace();
    const response = await call('GET', '/api/mcp/credits/balance', { key: other.apiKey });
    expect(response.body).toEqual({
      workspaceId: other.workspaceId,
      balance: 0,
      held: 0,
      available: 0,
      unit: 'credits',
      updatedAt: null,
    });
  });

  it('lists transactions newest first, page by page', async () => {
    // Act
    const first = await call('GET', '/api/mcp/credits/transactions', { key: owner.apiKey, query: { limit: '4' } });
    const second = await call('GET', '/api/mcp/credits/transactions', {
      key: owner.apiKey,
      query: { limit: '4', cursor: first.body.nextCursor },
    });
    // Assess
    expect(first.status).toBe(200);
    expect(first.body.items.map((item: { operationId: string }) => item.operationId)).toEqual([
      'op-4',
      'op-3',
      'op-2',
      'op-1',
    ]);
    expect(first.body.items[0]).toMatchObject({
      type: 'usage',
      credits: -10,
      pricing: { sku: 'test.op', unit: 'Requests', quantity: 5, unitPrice: 2 },
      resource: { canvasId: 'cnv_x' },
    });
    expect(second.body.items.map((item: { operationId: string }) => item.operationId)).toEqual(['op-0', 'welcome']);
    expect(second.body.nextCursor).toBeNull();
    expect(Object.keys(first.body.items[0])).not.toContain('PK');
  });

  it('refuses a limit outside 1–200 and a foreign cursor with 400', async () => {
    for (const limit of ['0', '201', '1.5', 'ten']) {
      const response = await call('GET', '/api/mcp/credits/transactions', { key: owner.apiKey, query: { limit } });
      expect(response.status, limit).toBe(400);
      expect(response.body.error).toContain('limit');
    }
    expect(
      (await call('GET', '/api/mcp/credits/transactions', { key: owner.apiKey, query: { limit: '200' } })).status,
    ).toBe(200);
    const other = await seedWorkspace();
    const foreign = await call('GET', '/api/mcp/credits/transactions', { key: owner.apiKey, query: { limit: '1' } });
    const misused = await call('GET', '/api/mcp/credits/transactions', {
      key: other.apiKey,
      query: { cursor: foreign.body.nextCursor },
    });
    expect(misused.status).toBe(400);
  });

  it('answers the summary: the balance and the most recent transactions together', async () => {
    const response = await call('GET', '/api/mcp/billing/summary', { key: owner.apiKey, query: { limit: '2' } });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ workspaceId: owner.workspaceId, balance: 970, held: 20, available: 950 });
    expect(response.body.recentTransactions.map((item: { operationId: string }) => item.operationId)).toEqual([
      'op-4',
      'op-3',
    ]);
    expect(typeof response.body.nextCursor).toBe('string');
    const byDefault = await call('GET', '/api/mcp/billing/summary', { key: owner.apiKey });
    expect(byDefault.body.recentTransactions).toHaveLength(6);
  });

  it('requires read:billing on each route', async () => {
    // Prepare: a key without read:billing
    const created = await call('POST', '/api/mcp/api-keys/create', {
      key: owner.apiKey,
      body: { name: 'no billing', scopes: ['read:canvases'] },
    });
    expect(created.status).toBe(201);
    // Act / Assess
    for (const path of ['/api/mcp/credits/balance', '/api/mcp/credits/transactions', '/api/mcp/billing/summary']) {
      const refused = await call('GET', path, { key: created.body.key });
      expect(refused.status, path).toBe(403);
      expect((await call('GET', path)).status, path).toBe(401);
    }
  });
});
