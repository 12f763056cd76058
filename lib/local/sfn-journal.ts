// local: the durability of the local Step Functions endpoint — an append-only journal of executions under
// `dataDir`, written before an action answers and read back (compacted) when the endpoint restarts.
import { appendFileSync, closeSync, mkdirSync, openSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Execution, Json, Status } from './sfn-local-model.ts';

/** One journal line: an execution as last recorded. */
export interface ExecutionRecord {
  readonly executionArn: string;
  readonly stateMachineArn: string;
  readonly name: string;
  readonly input: string;
  readonly startDate: number;
  readonly status: Status;
  readonly stopDate?: number;
  readonly output?: string;
  readonly error?: string;
  readonly cause?: string;
  readonly redriveCount: number;
  readonly redriveDate?: number;
  readonly current?: { name: string; input: Json };
}

const JOURNAL_FILE = 'executions.jsonl';

/** The append-only journal of executions under `dataDir`, compacted when opened. */
export class Journal {
  private readonly fd: number;
  /** What the previous process left, by executionArn, until its state machine is registered again. */
  readonly restored = new Map<string, ExecutionRecord>();

  constructor(dataDir: string) {
    mkdirSync(dataDir, { recursive: true });
    const file = join(dataDir, JOURNAL_FILE);
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const line of text.split('\n')) {
      if (!line) continue;
      try {
        const record = JSON.parse(line) as ExecutionRecord;
        this.restored.set(record.executionArn, record);
      } catch {
        // A line cut short by a kill: the line before it is the last complete state of that execution.
      }
    }
    // Compact: one line per execution, written aside and renamed over the old journal.
    const compacted = [...this.restored.values()].map((record) => `${JSON.stringify(record)}\n`).join('');
    writeFileSync(`${file}.tmp`, compacted);
    renameSync(`${file}.tmp`, file);
    this.fd = openSync(file, 'a');
  }

  /** Synchronous on purpose: once an action has answered, what it did survives a kill -9. */
  write(record: ExecutionRecord): void {
    appendFileSync(this.fd, `${JSON.stringify(record)}\n`);
  }

  private closed = false;

  close(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
  }
}

export function recordOf(execution: Execution): ExecutionRecord {
  return {
    executionArn: execution.executionArn,
    stateMachineArn: execution.machine.arn,
    name: execution.name,
    input: execution.input,
    startDate: execution.startDate.getTime(),
    status: execution.status,
    ...(execution.stopDate && { stopDate: execution.stopDate.getTime() }),
    ...(execution.output !== undefined && { output: execution.output }),
    ...(execution.error !== undefined && { error: execution.error }),
    ...(execution.cause !== undefined && { cause: execution.cause }),
    redriveCount: execution.redriveCount,
    ...(execution.redriveDate && { redriveDate: execution.redriveDate.getTime() }),
    ...(execution.current && { current: execution.current }),
  };
}
