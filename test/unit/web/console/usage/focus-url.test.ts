import { describe, expect, it } from 'vitest';
import { focusFileName, focusUrl } from '../../../../../web/src/console/usage/focus-url.ts';

describe('the FOCUS routes as the usage screen calls them', () => {
  const range = { from: '2026-05-01', to: '2026-05-08' };

  it('asks the app host for the export of the range in the chosen format, naming the workspace', () => {
    const url = new URL(focusUrl('export', { workspaceId: 'ws_1', range, format: 'jsonl' }, 'http://127.0.0.1:3000'));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:3000/api/billing/focus-export');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      workspaceId: 'ws_1',
      from: '2026-05-01',
      to: '2026-05-08',
      format: 'jsonl',
    });
  });

  it('asks for the metadata of the same range, without a format', () => {
    const url = new URL(focusUrl('metadata', { workspaceId: 'ws_1', range }, 'http://127.0.0.1:3000'));
    expect(url.pathname).toBe('/api/billing/focus-metadata');
    expect(url.searchParams.has('format')).toBe(false);
  });

  it('names the file by the days it holds (the last day included)', () => {
    expect(focusFileName(range, 'csv')).toBe('focus-2026-05-01_2026-05-07.csv');
  });
});
