// unit: our FOCUS 1.3 conformance checker accepts the public samples and catches what it is for: each
// rule is shown failing on a sample row changed in just that way.
import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { checkCsv, checkJsonl } from '../../../../scripts/focus-check-input.ts';

const SAMPLES = new URL('../../../support/fixtures/focus/', import.meta.url);
const AWS = readFileSync(new URL('focus_sample_costandusage_aws_first46.csv', SAMPLES), 'utf8');
const AZURE = readFileSync(new URL('focus_sample_costandusage_azure_first13.csv', SAMPLES), 'utf8');

/** The AWS sample with `change` applied to its first row of `category` (header kept). */
function mutated(change: (row: Record<string, string>) => void, category = 'Usage'): string {
  const rows = parse(AWS, { columns: true, bom: true }) as Record<string, string>[];
  const target = rows.find((row) => row.ChargeCategory === category);
  if (!target) throw new Error(`The sample has no ${category} row`);
  change(target);
  return stringify(rows, { header: true, columns: Object.keys(rows[0]!) });
}

const failedRules = async (csv: string) => (await checkCsv(csv)).failures.map((failure) => failure.id);

describe('FocusChecker', () => {
  it.each([
    ['AWS', AWS, 46],
    ['Azure', AZURE, 13],
  ])('accepts the public %s sample', async (_name, csv, rows) => {
    // Act
    const report = await checkCsv(csv);
    // Assess
    expect(report.failures).toEqual([]);
    expect(report.rows).toBe(rows);
    expect(report.rules.length).toBeGreaterThanOrEqual(40);
  });

  it('reads the same sample as JSONL the same way', async () => {
    // Prepare
    const rows = parse(AWS, { columns: true, bom: true }) as Record<string, string>[];
    const jsonl = rows
      .map((row) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value === '' ? null : value])),
        ),
      )
      .join('\n');
    // Act
    const report = await checkJsonl(jsonl);
    // Assess
    expect(report.failures).toEqual([]);
    expect(report.rows).toBe(46);
  });

  it.each<[string, (row: Record<string, string>) => void, string, string?]>([
    [
      'a datetime with milliseconds',
      (row) => (row.ChargePeriodStart = '2026-05-01T00:00:00.000Z'),
      'values.column-format',
    ],
    ['a null mandatory cost', (row) => (row.BilledCost = ''), 'values.column-format'],
    ['a lower-case billing currency', (row) => (row.BillingCurrency = 'usd'), 'values.column-format'],
    ['a decimal with a currency sign', (row) => (row.ListCost = '$10.00'), 'values.column-format'],
    ['an unknown charge category', (row) => (row.ChargeCategory = 'Fee'), 'values.column-format'],
    [
      'a nested value in a key-value JSON column',
      (row) => (row.Tags = '{"team":{"name":"a"}}'),
      'values.column-format',
    ],
    [
      'ListCost that is not ListUnitPrice × PricingQuantity',
      (row) => (row.ListCost = String(Number(row.ListCost) + 1)),
      'calc.list-cost',
    ],
    [
      'ContractedCost off the product',
      (row) => (row.ContractedCost = String(Number(row.ContractedCost) * 2 + 1)),
      'calc.contracted-cost',
    ],
    ['a negative unit price', (row) => (row.ListUnitPrice = '-1'), 'calc.non-negative.ListUnitPrice'],
    [
      'PricingUnit without PricingQuantity',
      (row) => (row.PricingQuantity = ''),
      'null-pair.PricingUnit-PricingQuantity',
    ],
    [
      'a subcategory of another category',
      (row) => (row.ServiceSubcategory = 'Generative AI'),
      'values.service-subcategory-parent',
    ],
    [
      'a charge period ending before it starts',
      (row) => ([row.ChargePeriodStart, row.ChargePeriodEnd] = [row.ChargePeriodEnd!, row.ChargePeriodStart!]),
      'period.charge-start-before-end',
    ],
    ['a usage row without its SkuPriceId', (row) => (row.SkuPriceId = ''), 'not-null.priced-usage-purchase'],
    [
      'a second category for a ServiceName',
      (row) => {
        row.ServiceCategory = 'Compute';
        row.ServiceSubcategory = 'Other (Compute)';
      },
      'cross.service-name-category',
    ],
    [
      'a purchase with an effective cost',
      (row) => (row.EffectiveCost = '12.5'),
      'calc.purchase-effective-cost',
      'Purchase',
    ],
    ['a usage-based purchase', (row) => (row.ChargeFrequency = 'Usage-Based'), 'values.purchase-frequency', 'Purchase'],
    [
      'a consumed quantity on a non-usage row',
      (row) => {
        row.ConsumedQuantity = '1';
        row.ConsumedUnit = 'Hours';
      },
      'null.consumed-quantity-not-usage',
      'Purchase',
    ],
  ])('refuses %s', async (_label, change, rule, category) => {
    // Act
    const failures = await failedRules(mutated(change, category));
    // Assess
    expect(failures).toContain(rule);
  });

  it('refuses a file without a mandatory column, an unknown column, and an x_ column before a FOCUS column', async () => {
    // Prepare
    const rows = parse(AWS, { columns: true, bom: true }) as Record<string, string>[];
    const columns = Object.keys(rows[0]!).filter((name) => name !== 'ServiceProviderName');
    const csv = stringify(
      rows.map((row) => ({ x_Early: 'a', ...row, Colour: 'red' })),
      { header: true, columns: ['x_Early', ...columns, 'Colour'] },
    );
    // Act
    const report = await checkCsv(csv);
    // Assess
    const failed = report.failures.map((failure) => failure.id);
    expect(failed).toEqual(
      expect.arrayContaining(['columns.mandatory-present', 'columns.names', 'columns.custom-last']),
    );
    expect(report.failures.find((failure) => failure.id === 'columns.mandatory-present')!.examples[0]).toContain(
      'ServiceProviderName',
    );
  });

  it('holds our own export to the conditional columns it claims', async () => {
    // Act: the AWS sample lacks none of them but has no x_ columns; as our export, nothing is missing
    const asExport = await checkCsv(AWS, { asOurExport: true });
    const withoutSku = await checkCsv(
      stringify(
        (parse(AWS, { columns: true, bom: true }) as Record<string, string>[]).map(
          ({ SkuMeter: _drop, ...row }) => row,
        ),
        { header: true },
      ),
      {
        asOurExport: true,
      },
    );
    // Assess
    expect(asExport.failures).toEqual([]);
    expect(withoutSku.failures.map((failure) => failure.id)).toContain('columns.mandatory-present');
  });
});
