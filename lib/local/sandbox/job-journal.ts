// local: where a provider stand-in keeps its jobs so they outlive the process — as a real provider's
// jobs outlive ours. One JSON line per change of a job (the job as it now is), appended synchronously
// before the stand-in answers, so what it has answered survives a kill -9; read back and compacted to
// one line per job when the stand-in starts again. The same scheme as the Step Functions journal
// (lib/local/sfn-local.ts).
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** Strings longer than this (inline images in a request) are not journaled: no stand-in reads them back. */
const LONGEST_STRING = 1024;

export interface JobJournal<T> {
  /** The jobs the previous processes left, each as last written, in the order first written. */
  readonly restored: readonly T[];
  write(job: T): void;
  close(): void;
}

export function openJobJournal<T>(file: string, idOf: (job: T) => string): JobJournal<T> {
  mkdirSync(dirname(file), { recursive: true });
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const jobs = new Map<string, T>();
  for (const line of text.split('\n')) {
    if (!line) continue;
    try {
      const job = JSON.parse(line) as T;
      jobs.set(idOf(job), job);
    } catch {
      // A line cut short by a kill: the line before it is that job's last complete state.
    }
  }
  writeFileSync(`${file}.tmp`, [...jobs.values()].map((job) => `${JSON.stringify(job)}\n`).join(''));
  renameSync(`${file}.tmp`, file);
  const fd = openSync(file, 'a');
  let closed = false;
  return {
    restored: [...jobs.values()],
    write(job) {
      // Once closed the descriptor may belong to another file; a stopping stand-in answers no one anyway.
      if (!closed) appendFileSync(fd, `${JSON.stringify(job, elideLongStrings)}\n`);
    },
    close() {
      if (closed) return;
      closed = true;
      closeSync(fd);
    },
  };
}

function elideLongStrings(_key: string, value: unknown): unknown {
  return typeof value === 'string' && value.length > LONGEST_STRING
    ? `(${value.length} characters, not journaled)`
    : value;
}
