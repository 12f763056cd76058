// The FOCUS routes through their real handlers, DynamoDB Local and s3rver: headers, both formats through
// our conformance checker, range semantics (bare dates at midnight UTC, `to` exclusive, 365/366 days,
// from >= to), credentials (key, scope, foreign workspace, a member's OAuth session) and the download-link
// path for large exports. The app host serving the same routes: focus-app-host.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { exportFocus } from '#core/focus/export';
import { parseRange } from '#core/focus/range';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';
import { systemClock } from '#core/clock';
import { DynamoLedgerReader } from '#adapters/dynamodb/ledger-reader';
import { workspaces } from '#adapters/composition/stores';
import { S3ExportStore } from '#adapters/s3/export-store';
import { checkCsv, checkJsonl } from '../../scripts/focus-check-input.ts';
import { MAY, get, lines, seedFocusLedger } from './support/focus-ledger.ts';

let owner: Awaited<ReturnType<typeof seedFocusLedger>>['owner'];
let other: Awaited<ReturnType<typeof seedFocusLedger>>['other'];

beforeAll(async () => {
  ({ owner, other } = await seedFocusLedger());
});

describe('GET /api/billing/focus-export', () => {
  it('answers JSONL by default: an attachment, no-store, rows of [from, to) that pass the checker', async () => {
    // Act
    const answer = await get('/api/billing/focus-export', { key: owner.apiKey, query: MAY });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/jsonl');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="focus-export.jsonl"');
    expect(answer.headers['cache-control']).toBe('no-store');
    const rows = lines(answer.body);
    // purchase at `from` (included), 2 usage groups at 10:00, 1 at 23:00 on the 31st; grant before and adjustment at
    // `to` excluded
    expect(rows.map((row) => [row.x_CreditEntryType, row.ChargePeriodStart])).toEqual([
      ['purchase', '2026-05-01T00:00:00Z'],
      ['usage', '2026-05-01T10:00:00Z'],
      ['usage', '2026-05-01T10:00:00Z'],
      ['usage', '2026-05-31T23:00:00Z'],
    ]);
    expect(rows[1]).toMatchObject({
      BillingAccountId: owner.workspaceId,
      BillingAccountName: 'Acme, "FOCUS" team',
      PricingQuantity: 10,
      x_CreditEntryCount: 2,
      EffectiveCost: 1,
    });
    expect((await checkJsonl(answer.body, { asOurExport: true })).failures).toEqual([]);
  });

  it('answers CSV with format=csv, which passes the checker too', async () => {
    // Act
    const answer = await get('/api/billing/focus-export', { key: owner.apiKey, query: { ...MAY, format: 'csv' } });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="focus-export.csv"');
    expect(answer.headers['cache-control']).toBe('no-store');
    const report = await checkCsv(answer.body, { asOurExport: true });
    expect(report.failures).toEqual([]);
    expect(report.rows).toBe(4);
  });

  it('reads date-times in UTC with `to` exclusive', async () => {
    // Act: exactly the 10:00 hour, and 10:05 (given as +02:00) up to the 10:50 entry, which `to` excludes
    const hour = lines(
      (
        await get('/api/billing/focus-export', {
          key: owner.apiKey,
          query: { from: '2026-05-01T10:00:00Z', to: '2026-05-01T11:00:00Z' },
        })
      ).body,
    );
    const before = await get('/api/billing/focus-export', {
      key: owner.apiKey,
      query: { from: '2026-05-01T12:05:00+02:00', to: '2026-05-01T10:50:00Z' },
    });
    // Assess
    expect(hour).toHaveLength(2);
    expect(before.status).toBe(200);
    expect(lines(before.body)).toEqual([
      expect.objectContaining({
        ResourceId: 'cnv_1/video1',
        ChargePeriodStart: '2026-05-01T10:05:00Z',
        ChargePeriodEnd: '2026-05-01T10:50:00Z',
        PricingQuantity: 10,
        x_CreditEntryCount: 2,
      }),
    ]);
  });

  it('answers an empty range with an empty file (CSV: the header only)', async () => {
    const answer = await get('/api/billing/focus-export', {
      key: owner.apiKey,
      query: { from: '2020-01-01', to: '2020-01-02', format: 'csv' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.trim().split('\n')).toHaveLength(1);
  });

  it.each([
    ['365 days (the grant of April too)', { from: '2025-06-01', to: '2026-06-01' }, 200],
    ['366 days', { from: '2025-05-31', to: '2026-06-01' }, 400],
    ['from = to', { from: '2026-05-01', to: '2026-05-01' }, 400],
    ['from after to', { from: '2026-06-01', to: '2026-05-01' }, 400],
    ['no from', { to: '2026-05-01' }, 400],
    ['a bad date', { from: '2026-02-30', to: '2026-05-01' }, 400],
    ['an unknown format', { ...MAY, format: 'xml' }, 400],
  ])('answers %s with %s', async (_label, query, status) => {
    // Act
    const answer = await get('/api/billing/focus-export', {
      key: owner.apiKey,
      query: query as Record<string, string>,
    });
    // Assess
    expect(answer.status).toBe(status);
    if (status === 400) expect(JSON.parse(answer.body).error).toEqual(expect.any(String));
    else
      expect(lines(answer.body).map((row) => row.x_CreditEntryType)).toEqual([
        'grant',
        'purchase',
        'usage',
        'usage',
        'usage',
      ]);
  });

  it('refuses a missing key (401), a key without read:billing (403 naming it) and another workspace (403)', async () => {
    // Prepare
    const { createKey } = await import('#core/keys/use-cases');
    const { apiKeys } = await import('#adapters/composition/stores');
    const principal = { workspaceId: owner.workspaceId, keyId: owner.keyId, scopes: owner.scopes };
    const reader = await createKey(
      principal,
      { name: 'no billing', scopes: ['read:canvases'] },
      { apiKeys, clock: systemClock },
    );
    // Act
    const none = await get('/api/billing/focus-export', { query: MAY });
    const unscoped = await get('/api/billing/focus-export', { key: reader.key, query: MAY });
    const foreign = await get('/api/billing/focus-export', {
      key: owner.apiKey,
      query: { ...MAY, workspaceId: other.workspaceId },
    });
    const own = await get('/api/billing/focus-export', {
      key: owner.apiKey,
      query: { ...MAY, workspaceId: owner.workspaceId },
    });
    // Assess
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(unscoped.status).toBe(403);
    expect(JSON.parse(unscoped.body).error).toContain('read:billing');
    expect(foreign.status).toBe(403);
    expect(own.status).toBe(200);
  });

  it('answers a large export with 303 to a presigned link serving the same file name and type', async () => {
    // Prepare: answer inline only up to 1 KB
    process.env.FOCUS_INLINE_LIMIT_BYTES = '1024';
    try {
      const inline = await get('/api/billing/focus-export', { key: owner.apiKey, query: { ...MAY, format: 'csv' } });
      // Act (inline above was computed with the lowered limit too: it is the redirect)
      expect(inline.status).toBe(303);
      const location = inline.headers.location!;
      expect(JSON.parse(inline.body)).toMatchObject({
        url: location,
        expiresInSeconds: 300,
        fileName: 'focus-export.csv',
      });
      expect(inline.headers['cache-control']).toBe('no-store');
      const download = await fetch(location);
      // Assess
      expect(download.status).toBe(200);
      expect(download.headers.get('content-type')).toBe('text/csv');
      expect(download.headers.get('content-disposition')).toBe('attachment; filename="focus-export.csv"');
      expect(new URL(location).pathname).toMatch(
        new RegExp(`/exports/${owner.workspaceId}/\\d{4}-\\d\\d-\\d\\d/[0-9a-f-]{36}/focus-export\\.csv$`),
      );
      const report = await checkCsv(await download.text(), { asOurExport: true });
      expect(report.failures).toEqual([]);
      expect(report.rows).toBe(4);
    } finally {
      delete process.env.FOCUS_INLINE_LIMIT_BYTES;
    }
  });

  it('streams a stored export in parts: many megabytes through the real reader and store', async () => {
    // Prepare: 2,000 hours of usage in one go would be slow to write; the stored object is compared
    // with the inline answer of the same range instead, with a tiny inline limit forcing the store.
    const deps = {
      ledger: new DynamoLedgerReader(7), // small pages: the stream crosses many Query pages
      workspaces,
      store: new S3ExportStore(),
      clock: systemClock,
      creditPrice: { currency: 'USD', perCredit: '0.01' },
      identity: DEFAULT_FOCUS_IDENTITY,
    };
    const principal = { workspaceId: owner.workspaceId, keyId: owner.keyId, scopes: owner.scopes };
    const range = parseRange(MAY);
    // Act
    const inline = await exportFocus(principal, { range, format: 'jsonl' }, deps);
    const stored = await exportFocus(principal, { range, format: 'jsonl' }, { ...deps, inlineLimitBytes: 10 });
    // Assess
    expect(inline.kind).toBe('inline');
    expect(stored.kind).toBe('stored');
    if (inline.kind !== 'inline' || stored.kind !== 'stored') return;
    const download = await fetch(stored.url);
    expect(download.headers.get('content-type')).toBe('application/jsonl');
    expect(await download.text()).toBe(inline.body);
  });
});

describe('GET /api/billing/focus-metadata', () => {
  it('describes the dataset of the range', async () => {
    // Act
    const answer = await get('/api/billing/focus-metadata', { key: owner.apiKey, query: MAY });
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const metadata = JSON.parse(answer.body);
    expect(metadata.FocusVersion).toBe('1.3');
    expect(metadata.DatasetInstance[0].DatasetInstanceName).toContain('Acme');
    expect(metadata.Recency[0].TimeSectors).toHaveLength(31);
    expect(metadata.Schema[0].ColumnDefinition.length).toBeGreaterThan(40);
  });

  it('applies the same range rules', async () => {
    expect(
      (await get('/api/billing/focus-metadata', { key: owner.apiKey, query: { from: '2025-05-31', to: '2026-06-01' } }))
        .status,
    ).toBe(400);
    expect(
      (await get('/api/billing/focus-metadata', { key: owner.apiKey, query: { from: '2026-05-02', to: '2026-05-01' } }))
        .status,
    ).toBe(400);
  });
});
