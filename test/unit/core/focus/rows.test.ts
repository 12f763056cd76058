// unit: ledger entries → FOCUS 1.3 rows (focus-1.3.md §7), and every row our export writes passes our
// conformance checker in both formats.
import { describe, expect, it } from 'vitest';
import { focusRows } from '#core/focus/rows';
import { csvChunks, jsonlChunks } from '#core/focus/writers';
import { checkCsv, checkJsonl } from '../../../../scripts/focus-check-input.ts';
import {
  adjustment,
  collect,
  expiry,
  grant,
  purchase,
  purchaseRefund,
  scope,
  stream,
  usage,
  usageRefund,
} from './ledger-fixtures.ts';

describe('focusRows', () => {
  it('aggregates usage per hour, SKU, price and resource, with exact costs', async () => {
    // Prepare: two entries of one node in one hour, one of another node, one an hour later
    const entries = [
      usage('2026-05-01T10:05:00.123Z', { quantity: 4.2 }),
      usage('2026-05-01T10:40:00.000Z', { quantity: 2.5 }),
      usage('2026-05-01T10:41:00.000Z', { nodeId: 'video2', quantity: 1 }),
      usage('2026-05-01T11:00:00.000Z', { quantity: 3 }),
    ];
    // Act
    const rows = await collect(focusRows(stream(entries), scope()));
    // Assess
    expect(rows).toHaveLength(3);
    const [first, second, third] = rows;
    expect(first).toMatchObject({
      ChargeCategory: 'Usage',
      ChargeClass: null,
      ChargeFrequency: 'Usage-Based',
      ChargePeriodStart: '2026-05-01T10:00:00Z',
      ChargePeriodEnd: '2026-05-01T11:00:00Z',
      BillingPeriodStart: '2026-05-01T00:00:00Z',
      BillingPeriodEnd: '2026-06-01T00:00:00Z',
      ResourceId: 'cnv_1/video1',
      ResourceType: 'Canvas Node',
      PricingQuantity: '8', // 5 + 3 started seconds
      ConsumedQuantity: '6.7',
      PricingUnit: 'Seconds',
      ListUnitPrice: '0.1', // 10 credits × $0.01
      ListCost: '0.8',
      ContractedCost: '0.8',
      EffectiveCost: '0.8',
      BilledCost: '0',
      PricingCurrency: 'Credits',
      PricingCurrencyEffectiveCost: '80',
      PricingCurrencyListUnitPrice: '10',
      SkuId: 'video.generate',
      SkuPriceId: 'video.generate:standard:10/Seconds',
      SkuPriceDetails: '{"x_Model":"standard"}',
      x_CreditEntryCount: '2',
      x_Credits: '-80',
      x_CreditTransactionId: null,
    });
    expect(second).toMatchObject({ ResourceId: 'cnv_1/video2', PricingQuantity: '1', x_CreditEntryCount: '1' });
    expect(third).toMatchObject({ ChargePeriodStart: '2026-05-01T11:00:00Z', PricingQuantity: '3' });
  });

  it("names each usage row's execution in x_ExecutionId: two runs of one node in one hour are two rows; usage outside runs has none", async () => {
    // Prepare
    const entries = [
      usage('2026-05-01T10:05:00.000Z', { executionId: 'exe_a', quantity: 1 }),
      usage('2026-05-01T10:06:00.000Z', { executionId: 'exe_b', quantity: 2 }),
      usage('2026-05-01T10:07:00.000Z', { executionId: 'exe_a', quantity: 3 }),
      usage('2026-05-01T10:08:00.000Z', { executionId: null, quantity: 4 }),
    ];
    // Act
    const rows = await collect(focusRows(stream(entries), scope()));
    // Assess
    expect(rows.map((row) => [row.ResourceId, row.x_ExecutionId, row.PricingQuantity])).toEqual([
      ['cnv_1/video1', 'exe_a', '4'],
      ['cnv_1/video1', 'exe_b', '2'],
      ['cnv_1/video1', null, '4'],
    ]);
  });

  it('clips charge periods to the requested range, in whole seconds', async () => {
    // Act
    const rows = await collect(
      focusRows(stream([usage('2026-05-01T10:30:00.000Z')]), scope('2026-05-01T10:15:30.250Z', '2026-05-01T10:45:00Z')),
    );
    // Assess
    expect(rows[0]).toMatchObject({
      ChargePeriodStart: '2026-05-01T10:15:30Z',
      ChargePeriodEnd: '2026-05-01T10:45:00Z',
    });
  });

  it('maps purchases, grants, refunds, adjustments and expiries one row each', async () => {
    // Prepare
    const bought = purchase('2026-05-02T09:00:00.000Z', 500, '4.99');
    const used = usage('2026-05-03T09:00:00.000Z');
    const entries = [
      bought,
      grant('2026-05-02T09:30:00.000Z'),
      used,
      usageRefund('2026-05-03T09:10:00.000Z', used),
      purchase('2026-05-04T00:00:00.000Z', 10_000, '99.00', 'plan'),
      adjustment('2026-05-05T00:00:00.000Z'),
      expiry('2026-05-06T00:00:00.000Z'),
      purchaseRefund('2026-06-02T00:00:00.000Z', bought, -500, '-4.99'),
    ];
    // Act
    const rows = await collect(focusRows(stream(entries), scope()));
    const byType = (type: string) => rows.filter((row) => row.x_CreditEntryType === type);
    // Assess
    expect(byType('purchase')[0]).toMatchObject({
      ChargeCategory: 'Purchase',
      ChargeFrequency: 'One-Time',
      BilledCost: '4.99',
      ContractedCost: '4.99',
      ContractedUnitPrice: '0.00998',
      ListUnitPrice: '0.01',
      ListCost: '5',
      EffectiveCost: '0',
      PricingQuantity: '500',
      PricingUnit: 'Credits',
      PricingCurrency: 'USD',
      PricingCurrencyEffectiveCost: '0',
      ResourceType: 'Credit Allocation',
      ResourceId: bought.id,
      x_PaymentReference: expect.stringMatching(/^cs_\d+$/),
    });
    expect(byType('purchase')[1]).toMatchObject({ ChargeFrequency: 'Recurring', SkuId: 'plan.pro', BilledCost: '99' });
    expect(byType('grant')[0]).toMatchObject({
      ChargeCategory: 'Credit',
      BilledCost: '0',
      EffectiveCost: '0',
      PricingQuantity: null,
      SkuPriceId: null,
      x_Credits: '100',
      x_GrantedBy: 'admin-cli',
    });
    expect(byType('refund')[0]).toMatchObject({
      ChargeCategory: 'Usage',
      ChargeClass: null,
      PricingQuantity: '-5',
      EffectiveCost: '-0.5',
      BilledCost: '0',
      x_Credits: '50',
    });
    // Refunded in June, bought in May (an earlier billing period): a correction.
    expect(byType('refund')[1]).toMatchObject({
      ChargeCategory: 'Purchase',
      ChargeClass: 'Correction',
      BilledCost: '-4.99',
      PricingQuantity: '-500',
      EffectiveCost: '0',
    });
    expect(byType('adjustment')[0]).toMatchObject({
      ChargeCategory: 'Adjustment',
      x_Credits: '-5',
      x_Reason: 'Goodwill, "duplicate" charge, reversed',
    });
    expect(byType('expiry')[0]).toMatchObject({ ChargeCategory: 'Adjustment', x_Credits: '-20' });
    for (const row of rows) {
      for (const column of ['ChargePeriodStart', 'ChargePeriodEnd', 'BillingPeriodStart', 'BillingPeriodEnd'])
        expect(row[column]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    }
  });

  it('neutralises a formula-named workspace in CSV, refunds stay negative numbers, the checker passes', async () => {
    // Prepare: a workspace renamed to a formula; a refunded purchase (negative BilledCost and quantity)
    const bought = purchase('2026-05-02T09:00:00.000Z', 3, '10.00');
    const named = { ...scope(), workspaceName: '=HYPERLINK("https://evil.example","Refund")' };
    const entries = () => stream([bought, purchaseRefund('2026-05-04T00:00:00.000Z', bought, -3, '-10.00')]);
    // Act
    const text = (await collect(csvChunks(focusRows(entries(), named)))).join('');
    const report = await checkCsv(text, { asOurExport: true });
    // Assess
    expect(report.failures).toEqual([]);
    expect(text).toContain(`'=HYPERLINK(""https://evil.example"",""Refund"")`);
    expect(text).not.toMatch(/,"?=HYPERLINK/);
    expect(text).toContain('\n-10,ws_'); // the refund's BilledCost, first column
    expect(text).toContain(',-0.03,'); // its ListCost
  });

  it('writes files that pass the conformance checker, as JSONL and as CSV', async () => {
    // Prepare
    const bought = purchase('2026-05-02T09:00:00.000Z', 3, '10.00');
    const used = usage('2026-05-03T09:00:00.000Z', { quantity: 0.1 });
    const entries = () =>
      stream([
        bought,
        grant('2026-05-02T09:30:00.000Z'),
        used,
        usage('2026-05-03T09:01:00.000Z', {
          sku: 'audio.tts',
          model: 'multilingual_v2',
          unit: '1000 Characters',
          unitPrice: 6,
          quantity: 1.234,
          canvasId: 'cnv_2',
          nodeId: 'voice,1',
        }),
        usageRefund('2026-05-03T09:10:00.000Z', used),
        adjustment('2026-05-05T00:00:00.000Z'),
        expiry('2026-05-06T00:00:00.000Z'),
        purchaseRefund('2026-06-02T00:00:00.000Z', bought, -3, '-10.00'),
      ]);
    // Act
    const jsonl = await checkJsonl(jsonlChunks(focusRows(entries(), scope())), { asOurExport: true });
    const csv = await checkCsv(csvChunks(focusRows(entries(), scope())), { asOurExport: true });
    // Assess
    for (const report of [jsonl, csv]) {
      expect(report.failures).toEqual([]);
      expect(report.rows).toBe(8);
      // Every rule whose columns our export has (the commitment-discount ones do not apply).
      expect(report.rules.length).toBeGreaterThanOrEqual(28);
    }
  });
});
