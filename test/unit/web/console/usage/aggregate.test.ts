import { describe, expect, it } from 'vitest';
import { aggregateUsage, chartColumns, generations } from '../../../../../web/src/console/usage/aggregate.ts';
import type { LedgerEntry } from '../../../../../web/src/console/usage/types.ts';
import { grant, usage } from './fixtures.ts';

const range = { from: '2026-05-01', to: '2026-05-04' };

describe('usage by day and by SKU/model', () => {
  const entries: LedgerEntry[] = [
    usage('2026-05-03T10:00:00.000Z', 24, 'audio.tts', 'multilingual_v2', 3.2),
    usage('2026-05-03T09:00:00.000Z', 80, 'video.generate', 'fast', 10),
    usage('2026-05-01T12:00:00.000Z', 6, 'audio.tts', 'multilingual_v2', 0.8),
    usage('2026-05-01T11:00:00.000Z', 6, 'audio.tts', 'multilingual_v2', 1),
    grant('2026-05-01T09:00:00.000Z', 1000),
    // Outside the range on both sides: not counted.
    usage('2026-05-04T00:00:00.000Z', 999, 'audio.tts', 'multilingual_v2'),
    usage('2026-04-30T23:59:59.999Z', 999, 'audio.tts', 'multilingual_v2'),
  ];

  it('sums credits per day and SKU/model over every day of the range, biggest spender first', () => {
    const result = aggregateUsage(entries, range);
    expect(result.days).toEqual(['2026-05-01', '2026-05-02', '2026-05-03']);
    expect(result.series.map((line) => [line.key, line.perDay, line.credits, line.count])).toEqual([
      ['video.generate · fast', [0, 0, 80], 80, 1],
      ['audio.tts · multilingual_v2', [12, 0, 24], 36, 3],
    ]);
    expect(result.totalCredits).toBe(116);
  });

  it('lists one table row per day and SKU/model, with the measured quantity', () => {
    expect(aggregateUsage(entries, range).rows).toEqual([
      { day: '2026-05-01', key: 'audio.tts · multilingual_v2', unit: 'Units', credits: 12, quantity: 1.8, count: 2 },
      { day: '2026-05-03', key: 'audio.tts · multilingual_v2', unit: 'Units', credits: 24, quantity: 3.2, count: 1 },
      { day: '2026-05-03', key: 'video.generate · fast', unit: 'Units', credits: 80, quantity: 10, count: 1 },
    ]);
  });

  it('takes a refund of usage off its SKU on its day', () => {
    const charged = usage('2026-05-02T10:00:00.000Z', 30, 'image.generate');
    const refund: LedgerEntry = {
      ...charged,
      id: 'led_refund',
      type: 'refund',
      credits: 30,
      pricing: { ...charged.pricing!, quantity: -30 },
    };
    const result = aggregateUsage([refund, charged], range);
    expect(result.series[0]).toMatchObject({
      key: 'image.generate',
      perDay: [0, 0, 0],
      credits: 0,
      quantity: 0,
      count: 1,
    });
  });

  it('gives uPlot midnight UTC in seconds on x and one column per series', () => {
    const columns = chartColumns(aggregateUsage(entries, range));
    expect(columns[0]).toEqual([Date.UTC(2026, 4, 1) / 1000, Date.UTC(2026, 4, 2) / 1000, Date.UTC(2026, 4, 3) / 1000]);
    expect(columns.slice(1)).toEqual([
      [0, 0, 80],
      [12, 0, 24],
    ]);
  });

  it('shows no series for a range without usage', () => {
    const result = aggregateUsage([grant('2026-05-02T00:00:00.000Z', 5)], range);
    expect(result.series).toEqual([]);
    expect(chartColumns(result)).toHaveLength(1);
  });

  it('lists the generations of the range, leaving grants and other days out', () => {
    expect(generations(entries, range).map((entry) => entry.credits)).toEqual([-24, -80, -6, -6]);
  });
});
