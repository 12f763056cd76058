// core: FOCUS rows → file text, streamed as chunks of about 64 KB (constant memory, few writes).
//
// JSONL: one JSON object per line, keys in EXPORT_COLUMNS order, every column present (null when the row
//   has no value). Decimals are JSON numbers written from their exact text; JSON columns (SkuPriceDetails)
//   are strings holding serialized JSON, the spec's "serialized JSON string" read strictly, so the JSONL
//   and CSV cells are identical.
// CSV: RFC 4180 by csv-stringify (quoting and escaping are the library's), a header row of the column
//   names, null as an empty field (the FOCUS validator's reading), `\n` line ends, UTF-8 without BOM.
//   Text cells a spreadsheet would run as a formula get a leading `'` (below); JSONL is never opened as
//   a spreadsheet and stays as the data is.
import { type Options, stringify } from 'csv-stringify/sync';
import { EXPORT_COLUMNS, type FocusRow } from './columns.ts';

export type FocusFormat = 'jsonl' | 'csv';

export interface FocusFile {
  readonly contentType: string;
  readonly fileName: string;
}

export const FOCUS_FILES: Readonly<Record<FocusFormat, FocusFile>> = {
  jsonl: { contentType: 'application/jsonl', fileName: 'focus-export.jsonl' },
  csv: { contentType: 'text/csv', fileName: 'focus-export.csv' },
};

/** Text is handed on once a chunk reaches this many characters. */
const CHUNK_CHARS = 64 * 1024;
/** Rows given to csv-stringify per call: large enough to amortize the call, small enough to stay constant. */
const CSV_BATCH_ROWS = 256;

const NAMES = EXPORT_COLUMNS.map((column) => column.name);
const JSON_KEYS = EXPORT_COLUMNS.map((column, index) => `${index === 0 ? '{' : ','}${JSON.stringify(column.name)}:`);
const IS_DECIMAL = EXPORT_COLUMNS.map((column) => column.type === 'Decimal');

/** One row as a JSON line (with its `\n`). */
export function jsonLine(row: FocusRow): string {
  let line = '';
  for (let i = 0; i < NAMES.length; i++) {
    const value = row[NAMES[i]!];
    line +=
      JSON_KEYS[i]! + (value === null || value === undefined ? 'null' : IS_DECIMAL[i] ? value : JSON.stringify(value));
  }
  return `${line}}\n`;
}

export async function* jsonlChunks(rows: AsyncIterable<FocusRow>): AsyncGenerator<string> {
  let chunk = '';
  for await (const row of rows) {
    chunk += jsonLine(row);
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

/**
 * A decimal cell leaves the library's formula guard off. Its text is always a number (decimal.ts), and
 * `-1.5` must stay the negative cost of a refund for FOCUS tools, not become the text `'-1.5`; the library
 * spares `-` only for JS numbers, which exact decimal text is not. A field-level option (documented for
 * `cast`'s returned object; the typings list fewer options than the library merges).
 */
const numberCell = (value: string) => {
  const cell = { value, escape_formulas: false };
  return cell;
};

/**
 * csv-stringify's `escape_formulas` (OWASP CSV injection): a cell starting with `=`, `+`, `-`, `@`, tab or
 * carriage return (or their full-width forms) gets a leading `'`, so finance's spreadsheet shows a
 * workspace named `=HYPERLINK(…)` as text instead of running it. Decided by column type: a decimal column
 * holds numbers only, so only a negative decimal needs sparing.
 */
const CSV_OPTIONS: Options = {
  eof: true,
  record_delimiter: 'unix',
  escape_formulas: true,
  cast: { string: (value, { index }) => (IS_DECIMAL[index] && value.startsWith('-') ? numberCell(value) : value) },
};

/** Rows as CSV records (no header). */
export function csvRecords(rows: readonly FocusRow[]): string {
  return stringify(
    rows.map((row) => NAMES.map((name) => row[name] ?? null)),
    CSV_OPTIONS,
  );
}

export const CSV_HEADER = stringify([NAMES], CSV_OPTIONS);

export async function* csvChunks(rows: AsyncIterable<FocusRow>): AsyncGenerator<string> {
  let chunk = CSV_HEADER;
  let batch: FocusRow[] = [];
  for await (const row of rows) {
    batch.push(row);
    if (batch.length < CSV_BATCH_ROWS) continue;
    chunk += csvRecords(batch);
    batch = [];
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (batch.length > 0) chunk += csvRecords(batch);
  if (chunk) yield chunk;
}

/** The writer of a format. */
export function writeFocus(format: FocusFormat, rows: AsyncIterable<FocusRow>): AsyncGenerator<string> {
  return format === 'csv' ? csvChunks(rows) : jsonlChunks(rows);
}
