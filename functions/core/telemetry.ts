// core: what the domain tells the on-call engineer — counts of business events (metrics) and log
// lines — through one sink. The Lambda edge installs Powertools behind it
// (functions/adapters/observability/powertools.ts); the core knows no logging or metrics library.
// Without a sink (unit tests, scripts) lines go to stderr as JSON and counts nowhere.
//
// Never pass a secret in `fields`: keys, webhook and signing secrets, provider credentials and
// Authorization headers stay out of every line (test/integration/observability.test.ts).

export type ServiceMetric =
  /** A run was created (POST /api/run, a webhook, replay, the gateway); replays of a key are not counted. */
  | 'RunsAccepted'
  /**
   * A run failed (a node failed, or the engine step did); runs ended by a crashed step show in the state machine's
   * ExecutionsFailed.
   */
  | 'RunsFailed'
  | 'CallbacksDelivered'
  | 'CallbacksFailed'
  /** An authenticated webhook call that was answered 2xx (new run or replay). */
  | 'WebhookDeliveries'
  /** A request answered 429. */
  | 'RateLimited'
  /**
   * A node failed; dimension `reason` (runs/engine.ts NodeFailureReason, a fixed set). Counted, never
   * paged on: all reasons but `fault` are the workspace's own input, limits or providers.
   */
  | 'NodeFailed'
  /**
   * The Advance step handed a run failed by its workspace's node back to the state machine, which ends
   * the execution failed at its NodeFailed state. The FailedExecutions alarm subtracts these.
   */
  | 'RunsHalted'
  /**
   * A request the deployment is not configured for (a signing secret not set): answered 503. Counted, never
   * paged on: the fix is the operator's setting, not the code.
   */
  | 'NotConfigured'
  /** An error nothing mapped (a bug, a store down): answered 500 by a route. Pages at the first one. */
  | 'Fault'
  /**
   * The run outbox's sweeper, once per sweep (zeros included, so a quiet outbox reads 0, not "no data"):
   * runs it found due — a start the accepting request deferred (StartExecution throttled or failing) or
   * never made (a process died, queued past the grace period) — or could not start either. The
   * RunOutboxBacklog alarm reads it.
   */
  | 'OutboxRunsDue'
  /** Of those, runs the sweeper started or redrove itself (re-issued). */
  | 'OutboxRunsStarted'
  /**
   * Of those, runs whose start or redrive failed in the sweeper too (throttled, Step Functions down): left
   * queued for the next sweep. The RunOutboxStuck alarm reads it.
   */
  | 'OutboxResumeFailed';

/** Durations the service measures itself (milliseconds). */
export type ServiceTiming =
  /**
   * POST /api/run (and the run_workflow tool): from the request's parsed input to the run accepted —
   * recorded, started or deferred, or run inline — without the optional `sync` wait, which the caller
   * chooses. The RunAcceptLatency alarm reads its p99.
   */
  'RunAcceptLatency';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface TelemetrySink {
  /** `dimensions`: a few low-cardinality values (never ids) the count is split by. */
  count(metric: ServiceMetric, value: number, dimensions?: Record<string, string>): void;
  /** Optional: a sink that keeps no timings (a unit test's) leaves it out. */
  timing?(metric: ServiceTiming, milliseconds: number): void;
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
  /** Keys that every further line of the current invocation carries (executionId, workspaceId). */
  tag(keys: Record<string, string>): void;
}

const consoleSink: TelemetrySink = {
  count: () => {},
  log: (level, message, fields) => console.error(JSON.stringify({ level, message, ...fields })),
  tag: () => {},
};

let sink: TelemetrySink = consoleSink;

/** Installs the sink (once per process, at the edge). */
export function useTelemetrySink(next: TelemetrySink): void {
  sink = next;
}

export const telemetry = {
  count: (metric: ServiceMetric, value = 1, dimensions?: Record<string, string>) =>
    sink.count(metric, value, dimensions),
  timing: (metric: ServiceTiming, milliseconds: number) => sink.timing?.(metric, milliseconds),
  info: (message: string, fields?: Record<string, unknown>) => sink.log('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => sink.log('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => sink.log('error', message, fields),
  tag: (keys: Record<string, string | undefined>) => {
    const defined = Object.fromEntries(
      Object.entries(keys).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    if (Object.keys(defined).length > 0) sink.tag(defined);
  },
};
