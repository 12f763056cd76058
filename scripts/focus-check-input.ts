// scripts: feeds FOCUS files to the conformance checker (functions/core/focus/checker.ts): CSV through
// csv-parse (a UTF-8 BOM is dropped, an empty field is null), JSONL line by line (JSON null is null,
// numbers keep their JSON text). Streams: a file of any size is checked in constant memory.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  exportChecker,
  FocusChecker,
  jsonValueAsText,
  type CheckReport,
  type CheckRow,
} from '../functions/core/focus/checker.ts';

export type CheckSource = string | AsyncIterable<string | Buffer>;

export interface CheckFileOptions {
  /** Hold the file to our export's claims: every conditional column we write must be present. */
  readonly asOurExport?: boolean;
}

const toStream = (source: CheckSource) =>
  typeof source === 'string' ? Readable.from([source]) : Readable.from(source);
const checkerFor = (header: readonly string[], options: CheckFileOptions) =>
  options.asOurExport ? exportChecker(header) : new FocusChecker(header);

export async function checkCsv(source: CheckSource, options: CheckFileOptions = {}): Promise<CheckReport> {
  const parser = toStream(source).pipe(parse({ bom: true, relax_column_count: false }));
  let checker: FocusChecker | undefined;
  let header: string[] = [];
  for await (const record of parser as AsyncIterable<string[]>) {
    if (!checker) {
      header = record;
      checker = checkerFor(header, options);
      continue;
    }
    const row: CheckRow = Object.create(null);
    for (let i = 0; i < header.length; i++)
      row[header[i]!] = record[i] === '' || record[i] === undefined ? null : record[i]!;
    checker.checkRow(row);
  }
  if (!checker) throw new Error('The CSV has no header row');
  return checker.report();
}

export async function checkJsonl(source: CheckSource, options: CheckFileOptions = {}): Promise<CheckReport> {
  let checker: FocusChecker | undefined;
  let rest = '';
  let lineNumber = 0;
  const take = (line: string) => {
    lineNumber++;
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`Line ${lineNumber} is not JSON`);
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      throw new Error(`Line ${lineNumber} is not a JSON object`);
    // The first object's keys are the columns; every line must carry the same keys.
    checker ??= checkerFor(Object.keys(value), options);
    const row: CheckRow = Object.create(null);
    for (const [name, cell] of Object.entries(value)) row[name] = jsonValueAsText(cell);
    checker.checkRow(row);
  };
  for await (const piece of toStream(source)) {
    const text = rest + (typeof piece === 'string' ? piece : piece.toString('utf8'));
    const lines = text.split('\n');
    rest = lines.pop()!;
    for (const line of lines) take(line);
  }
  if (rest) take(rest);
  if (!checker) throw new Error('The JSONL file has no rows');
  return checker.report();
}

/** Checks a file by its extension (.csv or .jsonl). */
export function checkFile(path: string, options: CheckFileOptions = {}): Promise<CheckReport> {
  const stream = createReadStream(path);
  if (path.endsWith('.csv')) return checkCsv(stream, options);
  if (path.endsWith('.jsonl') || path.endsWith('.ndjson')) return checkJsonl(stream, options);
  throw new Error(`${path}: expected a .csv or .jsonl file`);
}
