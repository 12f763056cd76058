// test support (integration, FOCUS export): the billing routes called as Lambda would call them, and a
// workspace whose ledger holds entries at the edges of May 2026 (and one more workspace, with none).
import { randomUUID } from 'node:crypto';
import type { APIGatewayProxyResult, Context } from 'aws-lambda';
import type { LedgerEntry } from '#core/credits/ledger-entry';
import { newId } from '#core/ids';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { ROUTES } from '#route-table/manifest';
import { proxyEvent, seedWorkspace } from './invoke.ts';

export const APP_URL = 'http://127.0.0.1:3000';
process.env.PUBLIC_APP_URL = APP_URL;

type Answer = { status: number; headers: Record<string, string>; body: string };

export async function get(
  path: string,
  options: { key?: string; query?: Record<string, string>; host?: 'base' | 'app' } = {},
): Promise<Answer> {
  const route = ROUTES.find((candidate) => candidate.path === path && candidate.host === (options.host ?? 'base'))!;
  const module = (await import(
    /* @vite-ignore */ new URL(`../../../functions/routes/${route.entry}.ts`, import.meta.url).pathname
  )) as { handler: (event: unknown, context: Context) => Promise<APIGatewayProxyResult> };
  const result = await module.handler(proxyEvent(route, { key: options.key, query: options.query }), {
    awsRequestId: randomUUID(),
    getRemainingTimeInMillis: () => 29_000,
  } as Context);
  const headers = Object.fromEntries(
    Object.entries(result.headers ?? {}).map(([name, value]) => [name.toLowerCase(), String(value)]),
  );
  return { status: result.statusCode, headers, body: result.body };
}

const ledger = new DynamoLedgerRepository();
type Workspace = Awaited<ReturnType<typeof seedWorkspace>>;

const entry = (workspaceId: string, at: string, fields: Partial<LedgerEntry> & Pick<LedgerEntry, 'type' | 'credits'>) =>
  ({
    id: newId('led', Date.parse(at)),
    workspaceId,
    operationId: `op-${randomUUID()}`,
    occurredAt: at,
    ...fields,
  }) as LedgerEntry;

const usage = (workspaceId: string, at: string, nodeId = 'video1') =>
  entry(workspaceId, at, {
    type: 'usage',
    credits: -50,
    pricing: {
      sku: 'video.generate',
      skuPriceId: 'video.generate:standard:10/Seconds',
      model: 'standard',
      unit: 'Seconds',
      quantity: 4.2,
      pricingQuantity: 5,
      unitPrice: 10,
    },
    resource: { canvasId: 'cnv_1', executionId: 'exec_1', nodeId },
  } as Partial<LedgerEntry> & Pick<LedgerEntry, 'type' | 'credits'>);

/**
 * The owner's workspace with its ledger around May 2026, and another workspace with none.
 */
export async function seedFocusLedger(): Promise<{ owner: Workspace; other: Workspace }> {
  const owner = await seedWorkspace('Acme, "FOCUS" team');
  const other = await seedWorkspace('Other');
  const id = owner.workspaceId;
  // Prepare the ledger around May 2026: one entry just before `from`, one exactly at `from`, one
  // just before `to` and one exactly at `to` (excluded: `to` is exclusive).
  const entries: LedgerEntry[] = [
    entry(id, '2026-04-30T23:59:59.999Z', {
      type: 'grant',
      credits: 10_000,
      grantedBy: 'admin-cli',
      description: 'Welcome',
    } as never),
    entry(id, '2026-05-01T00:00:00.000Z', {
      type: 'purchase',
      credits: 500,
      source: 'checkout',
      description: 'Credit pack (500)',
      payment: { provider: 'stripe', reference: 'cs_1', eventId: 'evt_1', currency: 'USD', amount: '4.99' },
    } as never),
    usage(id, '2026-05-01T10:05:00.000Z'),
    usage(id, '2026-05-01T10:45:00.000Z'),
    usage(id, '2026-05-01T10:50:00.000Z', 'video2'),
    usage(id, '2026-05-31T23:59:59.999Z'),
    entry(id, '2026-06-01T00:00:00.000Z', { type: 'adjustment', credits: -5, reason: 'after the range' } as never),
  ];
  for (const item of entries) await ledger.append(item);
  return { owner, other };
}

export const MAY = { from: '2026-05-01', to: '2026-06-01' };
export const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
