// unit: the FOCUS 1.3 metadata document — its four sections, day sectors and when they are complete,
// stable ids, and a column definition for every column the export writes.
import { describe, expect, it } from 'vitest';
import { EXPORT_COLUMNS } from '#core/focus/columns';
import { datasetInstanceId, focusMetadata, SCHEMA_ID } from '#core/focus/metadata';
import { DEFAULT_FOCUS_IDENTITY } from '#core/focus/rows';

const input = (from: string, to: string, now: string) => ({
  workspaceId: 'ws_1',
  workspaceName: 'Acme',
  range: { from: new Date(from), to: new Date(to) },
  identity: DEFAULT_FOCUS_IDENTITY,
  now: new Date(now),
});

describe('focusMetadata', () => {
  it('has DataGenerator, DatasetInstance, Recency and Schema, FOCUS 1.3', () => {
    // Act
    const metadata = focusMetadata(input('2026-05-01', '2026-05-03', '2026-06-01T00:00:00Z')) as any;
    // Assess
    expect(metadata.FocusVersion).toBe('1.3');
    expect(metadata.DataGenerator).toEqual({ DataGenerator: DEFAULT_FOCUS_IDENTITY.providerName });
    expect(metadata.DatasetInstance).toEqual([
      {
        DatasetInstanceId: datasetInstanceId('ws_1'),
        DatasetInstanceName: expect.stringContaining('Acme'),
        FocusDatasetId: 'CostAndUsage',
      },
    ]);
    expect(metadata.Schema[0]).toMatchObject({
      SchemaId: SCHEMA_ID,
      FocusVersion: '1.3',
      DatasetInstanceId: datasetInstanceId('ws_1'),
      CreationDate: expect.stringMatching(/Z$/),
    });
    expect(metadata.Schema[0].ColumnDefinition.map((definition: any) => definition.ColumnName)).toEqual(
      EXPORT_COLUMNS.map((column) => column.name),
    );
    expect(
      metadata.Schema[0].ColumnDefinition.find((definition: any) => definition.ColumnName === 'BilledCost'),
    ).toMatchObject({ DataType: 'DECIMAL', NumericPrecision: 38, NumberScale: 12 });
    expect(
      metadata.Schema[0].ColumnDefinition.find((definition: any) => definition.ColumnName === 'ProviderName'),
    ).toMatchObject({ DataType: 'STRING', Deprecated: true });
    expect(datasetInstanceId('ws_1')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(datasetInstanceId('ws_2')).not.toBe(datasetInstanceId('ws_1'));
  });

  it('gives one time sector per UTC day, complete once the day and the late-entry margin are over', () => {
    // Act: now is 10 minutes after the end of the 2nd day (margin 15 minutes)
    const metadata = focusMetadata(
      input('2026-05-01T12:00:00Z', '2026-05-03T06:00:00Z', '2026-05-03T00:10:00Z'),
    ) as any;
    const [recency] = metadata.Recency;
    // Assess
    expect(recency.RecencyLastUpdated).toBe('2026-05-03T00:10:00Z');
    expect(recency.TimeSectors).toEqual([
      {
        TimeSectorStart: '2026-05-01T12:00:00Z',
        TimeSectorEnd: '2026-05-02T00:00:00Z',
        TimeSectorComplete: true,
        TimeSectorLastUpdated: '2026-05-02T00:15:00Z',
      },
      {
        TimeSectorStart: '2026-05-02T00:00:00Z',
        TimeSectorEnd: '2026-05-03T00:00:00Z',
        TimeSectorComplete: false,
        TimeSectorLastUpdated: '2026-05-03T00:10:00Z',
      },
      {
        TimeSectorStart: '2026-05-03T00:00:00Z',
        TimeSectorEnd: '2026-05-03T06:00:00Z',
        TimeSectorComplete: false,
        TimeSectorLastUpdated: '2026-05-03T00:10:00Z',
      },
    ]);
    expect(recency.DatasetInstanceLastUpdated).toBe('2026-05-03T00:10:00Z');
  });

  it('covers a 365-day range with 365 sectors', () => {
    const metadata = focusMetadata(input('2025-01-01', '2026-01-01', '2026-02-01T00:00:00Z')) as any;
    expect(metadata.Recency[0].TimeSectors).toHaveLength(365);
    expect(metadata.Recency[0].TimeSectors.every((sector: any) => sector.TimeSectorComplete)).toBe(true);
  });
});
