// local: what `npm start` prints while it runs — one line per HTTP request, per run state change and
// per callback delivery. Lines are built from a closed set of fields, never from headers, query
// strings or bodies, so no credential (Authorization, webhook secrets, keys, `?hook=` and other query
// secrets, callback URL paths and queries) can reach the console.
//
//   HTTP front ── finish ──► requestLine ──────────────────────────────────────────────────────► print
//   write to an execution item ──► RunActivityLog.observe ─ read run ─ new timeline events ─► runEventLine ─► print
//   (by any writer in the process: a route running it inline, a Task of the Step Functions stand-in,
//   a cancel, the sweeper — so every run is printed, however it was started and whoever asks about it)
import type { Execution, TimelineEvent } from '../../functions/core/runs/model.ts';

/** One HTTP request as the local front saw it. */
export interface RequestRecord {
  host: 'app' | 'base';
  method: string;
  /** The path only: the query string may carry secrets and is never printed. */
  path: string;
  /** Undefined when the client went away before an answer was sent. */
  status: number | undefined;
  ms: number;
  requestId: string;
}

const time = (date = new Date()) => date.toISOString().slice(11, 23);

/** `12:00:01.234 [base] POST /api/run 202 14 ms req=6f1c…` */
export function requestLine(record: RequestRecord, at = new Date()): string {
  const status = record.status === undefined ? 'aborted' : String(record.status);
  const request = `${record.method} ${printablePath(record.path)}`;
  return `${time(at)} [${record.host}] ${request} ${status} ${Math.round(record.ms)} ms req=${record.requestId}`;
}

/** Control characters (a client can send any bytes) would let a request forge log lines. */
const printablePath = (path: string) => path.replace(/[\u0000-\u001f\u007f]/g, '?').slice(0, 300);

/** The run and callback events worth a line (node events would flood the console of a long run). */
const PRINTED = new Set<TimelineEvent['type']>([
  'execution.queued',
  'execution.started',
  'execution.succeeded',
  'execution.failed',
  'execution.cancelled',
  'execution.redriven',
  'callback.delivered',
  'callback.failed',
]);

/**
 * `12:00:01.300 run exec_… started` / `… callback exec_… delivered to https://hooks.example (HTTP 200)`.
 * A callback is named by its origin only: a callback URL's path and query may hold a token.
 */
export function runEventLine(
  execution: Pick<Execution, 'executionId' | 'callback'>,
  event: TimelineEvent,
): string | undefined {
  if (!PRINTED.has(event.type)) return undefined;
  const at = new Date(event.at);
  const when = Number.isNaN(at.getTime()) ? time() : time(at);
  const [kind, what] = event.type.split('.') as [string, string];
  if (kind === 'callback') {
    const to = execution.callback?.url ? ` to ${originOf(execution.callback.url)}` : '';
    const why = event.message ? ` (${scrub(event.message)})` : '';
    return `${when} callback ${execution.executionId} ${what}${to}${why}`;
  }
  const why = event.message ? `: ${scrub(event.message)}` : '';
  return `${when} run ${execution.executionId} ${what}${why}`;
}

function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(invalid URL)';
  }
}

/** Messages are ours, but may quote a URL: keep its origin, drop path and query. One line, bounded. */
function scrub(message: string): string {
  return printablePath(message.replace(/\b(https?:\/\/[^\s/?#]+)[^\s]*/gi, '$1/…'));
}

/** Reads one run (the local store), as the run's own routes do. */
export type ReadRun = (
  workspaceId: string,
  executionId: string,
) => Promise<Pick<Execution, 'executionId' | 'callback' | 'timeline'> | undefined>;

/**
 * Prints each run's timeline events once, as they appear. Observed after every write to the run's
 * execution item (runsWrittenBy), so every state change and callback outcome is printed shortly after
 * it is saved.
 */
export class RunActivityLog {
  /** executionId → timeline events already printed. Bounded: the oldest runs are forgotten first. */
  private readonly printed = new Map<string, number>();
  /** One observation per run at a time, so two observers never print the same event twice. */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private readonly read: ReadRun,
    private readonly print: (line: string) => void,
    private readonly remember = 10_000,
  ) {}

  observe(workspaceId: string, executionId: string): Promise<void> {
    const previous = this.pending.get(executionId) ?? Promise.resolve();
    const next = previous.then(() => this.printNew(workspaceId, executionId)).catch(() => undefined);
    this.pending.set(executionId, next);
    void next.finally(() => {
      if (this.pending.get(executionId) === next) this.pending.delete(executionId);
    });
    return next;
  }

  private async printNew(workspaceId: string, executionId: string): Promise<void> {
    const execution = await this.read(workspaceId, executionId);
    if (!execution) return;
    const seen = this.printed.get(executionId) ?? 0;
    for (const event of execution.timeline.slice(seen)) {
      const line = runEventLine(execution, event);
      if (line) this.print(line);
    }
    this.printed.delete(executionId);
    this.printed.set(executionId, execution.timeline.length);
    if (this.printed.size > this.remember) this.printed.delete(this.printed.keys().next().value!);
  }
}

/** Table writes: what the local stack's DynamoDB client sends that can change a run. */
const WRITE_COMMAND = /^(Put|Update|Delete|TransactWrite|BatchWrite)/;

/**
 * The runs a write to the table touches: every execution item it puts, updates or deletes (keys
 * PK=WS#<workspaceId>, SK=EXEC#<executionId>, functions/adapters/dynamodb/table-design.ts). Takes a
 * command's input in either form the client's middleware sees it: document values or marshalled ones.
 */
export function runsWrittenBy(commandName: string, input: unknown): { workspaceId: string; executionId: string }[] {
  if (!WRITE_COMMAND.test(commandName) || !input || typeof input !== 'object') return [];
  const { Item, Key, TransactItems, RequestItems } = input as Record<string, unknown>;
  const items: unknown[] = [Item, Key];
  if (Array.isArray(TransactItems)) {
    for (const entry of TransactItems as Record<string, { Item?: unknown; Key?: unknown } | undefined>[])
      items.push(entry.Put?.Item, entry.Update?.Key, entry.Delete?.Key);
  }
  if (RequestItems && typeof RequestItems === 'object') {
    for (const requests of Object.values(RequestItems as Record<string, unknown>)) {
      if (!Array.isArray(requests)) continue;
      for (const request of requests as { PutRequest?: { Item?: unknown }; DeleteRequest?: { Key?: unknown } }[])
        items.push(request.PutRequest?.Item, request.DeleteRequest?.Key);
    }
  }
  const runs = new Map<string, { workspaceId: string; executionId: string }>();
  for (const item of items) {
    if (!item || typeof item !== 'object') continue;
    const workspaceId = /^WS#(.+)$/.exec(text((item as Record<string, unknown>).PK) ?? '')?.[1];
    const executionId = /^EXEC#([^#]+)$/.exec(text((item as Record<string, unknown>).SK) ?? '')?.[1];
    if (workspaceId && executionId) runs.set(executionId, { workspaceId, executionId });
  }
  return [...runs.values()];
}

/** A string attribute as a document client holds it (`"x"`) or as the wire does (`{ S: "x" }`). */
const text = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof (value as { S?: unknown } | null)?.S === 'string'
      ? (value as { S: string }).S
      : undefined;
