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

  it('streams in chunks: a large input is never one string', async () => {
    // Act
    const chunks = await collect(jsonlChunks(stream(Array.from({ length: 2000 }, () => rows[0]!))));
    // Assess
    expect(chunks.length).toBeGreaterThan(10);
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThan(70 * 1024);
  });
});
