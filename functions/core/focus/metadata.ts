// core: FOCUS 1.3 metadata of a workspace's Cost and Usage dataset for a range (focus-1.3.md §5): the
// four sections in one document — DataGenerator, DatasetInstance, Recency (one TimeSector per UTC day of
// the range) and Schema (our column definitions, from columns.ts).
//
// Identifiers are derived, not stored: the dataset instance is "this workspace's credit cost and usage",
// so its id is a name-based UUID of the workspace id and stays the same for every range; the schema id
// is a name-based UUID of the column definitions, FOCUS version and generator version, so it changes
// exactly when one of them does (as the spec asks of a new Schema object).
import { createHash } from 'node:crypto';
import { LATE_ENTRY_MARGIN_SECONDS } from '../credits/ledger-entry.ts';
import { EXPORT_COLUMNS, FOCUS_VERSION, type FocusColumn } from './columns.ts';
import type { FocusRange } from './range.ts';
import { isoSeconds, type FocusIdentity } from './row-base.ts';

/** Bumped whenever the mapping changes in a way a consumer should see. */
export const DATA_GENERATOR_VERSION = '1.0.0';
/** When this version of the schema (columns + generator version) was created. */
export const SCHEMA_CREATED_AT = '2026-11-23T00:00:00Z';
const DAY_MS = 24 * 60 * 60 * 1000;

/** A UUID (version 5 layout, SHA-1 of our namespace and `name`): stable for the same name. */
function nameUuid(name: string): string {
  const hash = createHash('sha1').update(`focus-metadata:${name}`).digest();
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = hash.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export const datasetInstanceId = (workspaceId: string) => nameUuid(`dataset:${workspaceId}`);

/** Schema metadata ColumnDefinition of one column. */
export function columnDefinition(column: FocusColumn): Record<string, unknown> {
  const dataType = { String: 'STRING', Decimal: 'DECIMAL', DateTime: 'DATETIME', JSON: 'JSON' }[column.type];
  return {
    ColumnName: column.name,
    DataType: dataType,
    ...(column.type === 'Decimal' ? { NumericPrecision: 38, NumberScale: 12 } : {}),
    ...(column.stringMaxLength !== undefined
      ? { StringMaxLength: column.stringMaxLength, StringEncoding: 'UTF-8' }
      : {}),
    ...(column.deprecated ? { Deprecated: true } : {}),
    // Not among the spec's ColumnDefinition properties, which allow more: what a reader needs to know.
    FeatureLevel: column.level,
    Nullable: column.nullable,
    Description: column.description,
  };
}

export const COLUMN_DEFINITIONS = EXPORT_COLUMNS.map(columnDefinition);
export const SCHEMA_ID = nameUuid(
  `schema:${FOCUS_VERSION}:${DATA_GENERATOR_VERSION}:${JSON.stringify(COLUMN_DEFINITIONS)}`,
);

export interface FocusMetadataInput {
  readonly workspaceId: string;
  readonly workspaceName: string | null;
  readonly range: FocusRange;
  readonly identity: FocusIdentity;
  readonly now: Date;
}

/**
 * The metadata document. Recency: a day is complete once it has ended and the late-entry margin has
 * passed (no ledger write can still land in it, see LATE_ENTRY_MARGIN_SECONDS); its data last changed
 * at the latest at that moment, and for an incomplete day it is being regenerated now (every export is
 * computed from the ledger when asked for).
 */
export function focusMetadata(input: FocusMetadataInput): Record<string, unknown> {
  const instanceId = datasetInstanceId(input.workspaceId);
  const nowMs = input.now.getTime();
  const marginMs = LATE_ENTRY_MARGIN_SECONDS * 1000;
  const sectors: Record<string, unknown>[] = [];
  const fromMs = input.range.from.getTime();
  const toMs = input.range.to.getTime();
  let lastUpdated = 0;
  for (let start = fromMs; start < toMs; ) {
    const dayEnd = Math.floor(start / DAY_MS) * DAY_MS + DAY_MS;
    const end = Math.min(dayEnd, toMs);
    const complete = end + marginMs <= nowMs;
    const updated = complete ? end + marginMs : nowMs;
    lastUpdated = Math.max(lastUpdated, updated);
    sectors.push({
      TimeSectorStart: isoSeconds(Math.floor(start / 1000) * 1000),
      TimeSectorEnd: isoSeconds(Math.ceil(end / 1000) * 1000),
      TimeSectorComplete: complete,
      TimeSectorLastUpdated: isoSeconds(updated),
    });
    start = end;
  }
  return {
    FocusVersion: FOCUS_VERSION,
    DataGenerator: { DataGenerator: input.identity.providerName },
    DatasetInstance: [
      {
        DatasetInstanceId: instanceId,
        DatasetInstanceName: `Credit cost and usage of workspace ${input.workspaceName ?? input.workspaceId}`,
        FocusDatasetId: 'CostAndUsage',
      },
    ],
    Recency: [
      {
        DatasetInstanceId: instanceId,
        RecencyLastUpdated: isoSeconds(nowMs),
        DatasetInstanceLastUpdated: isoSeconds(lastUpdated),
        TimeSectors: sectors,
      },
    ],
    Schema: [
      {
        SchemaId: SCHEMA_ID,
        CreationDate: SCHEMA_CREATED_AT,
        FocusVersion: FOCUS_VERSION,
        DatasetInstanceId: instanceId,
        DataGeneratorVersion: DATA_GENERATOR_VERSION,
        ColumnDefinition: COLUMN_DEFINITIONS,
      },
    ],
  };
}
