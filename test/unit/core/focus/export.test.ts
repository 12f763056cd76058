// unit: exportFocus answers inline under the limit and hands the rest of the same stream to the store
// above it; the escaped-size measure that keeps an inline body inside a Lambda response.
import { describe, expect, it } from 'vitest';
import type { LedgerEntry } from '#core/credits/ledger-entry';
import { escapedBytes, exportFocus, type ExportStore } from '#core/focus/export';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';
import type { FocusFile } from '#core/focus/writers';
import { checkJsonl } from '../../../../scripts/focus-check-input.ts';
import { FakeClock } from '../../support/fake-clock.ts';
import { purchase, stream, usage, WS } from './ledger-fixtures.ts';

/** An in-memory ExportStore (the S3 one is exercised against s3rver in test/integration/focus-routes.test.ts). */
class MemoryStore implements ExportStore {
  readonly objects = new Map<string, { body: string; file: FocusFile }>();
  async save(key: string, chunks: AsyncIterable<string>, file: FocusFile) {
    let body = '';
    for await (const chunk of chunks) body += chunk;
    this.objects.set(key, { body, file });
  }
  async downloadUrl(key: string, file: FocusFile, ttl: number) {
    return `https://store.test/${key}?name=${file.fileName}&ttl=${ttl}`;
  }
}

const principal = { workspaceId: WS, keyId: 'key_1', scopes: ['read:billing' as const] };
const range = { from: new Date('2026-05-01T00:00:00Z'), to: new Date('2026-06-01T00:00:00Z') };

function deps(entries: LedgerEntry[], store: ExportStore, inlineLimitBytes?: number) {
  return {
    ledger: { entriesBetween: () => stream(entries) },
    workspaces: { get: async () => ({ name: 'Acme' }) },
    store,
    clock: new FakeClock('2026-06-02T00:00:00.000Z'),
    creditPrice: { currency: 'USD', perCredit: '0.01' },
    identity: DEFAULT_FOCUS_IDENTITY,
    ...(inlineLimitBytes === undefined ? {} : { inlineLimitBytes }),
  };
}

/** 300 distinct hours of usage: 300 rows, some 500 KB of JSONL. */
const manyHours = () =>
  Array.from({ length: 300 }, (_, i) =>
    usage(new Date(Date.parse('2026-05-01T00:00:00Z') + i * 3_600_000 + 1000).toISOString()),
  );

describe('exportFocus', () => {
  it('answers a small export inline', async () => {
    // Act
    const store = new MemoryStore();
    const result = await exportFocus(
      principal,
      { range, format: 'csv' },
      deps([purchase('2026-05-02T00:00:00.000Z')], store),
    );
    // Assess
    expect(result.kind).toBe('inline');
    expect(result.file).toEqual({ contentType: 'text/csv', fileName: 'focus-export.csv' });
    expect(result.kind === 'inline' && result.body.split('\n')).toHaveLength(3); // header, row, final newline
    expect(store.objects.size).toBe(0);
  });

  it('stores a large export whole (buffered part and the rest) and links to it', async () => {
    // Prepare
    const store = new MemoryStore();
    const inline = await exportFocus(principal, { range, format: 'jsonl' }, deps(manyHours(), new MemoryStore()));
    // Act
    const result = await exportFocus(principal, { range, format: 'jsonl' }, deps(manyHours(), store, 100_000));
    // Assess
    expect(result.kind).toBe('stored');
    if (result.kind !== 'stored' || inline.kind !== 'inline') throw new Error('unexpected kinds');
    const saved = store.objects.get(result.key)!;
    expect(result.key).toMatch(new RegExp(`^exports/${WS}/2026-06-02/[0-9a-f-]{36}/focus-export\\.jsonl$`));
    expect(saved.body).toBe(inline.body);
    expect(saved.file).toEqual({ contentType: 'application/jsonl', fileName: 'focus-export.jsonl' });
    expect(result.url).toContain('ttl=300');
    expect((await checkJsonl(saved.body, { asOurExport: true })).failures).toEqual([]);
  });

  it('measures a body as it weighs inside a JSON string', () => {
    expect(escapedBytes('ab')).toBe(2);
    expect(escapedBytes('"a"\n')).toBe(7);
    expect(escapedBytes('é\\')).toBe(4);
    expect(escapedBytes('\u0001')).toBe(6);
    expect(escapedBytes('{"a":"b\\"c"}')).toBe(JSON.stringify('{"a":"b\\"c"}').length - 2);
  });
});
