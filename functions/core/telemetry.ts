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
  | 'Fault';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface TelemetrySink {
  /** `dimensions`: a few low-cardinality values (never ids) the count is split by. */
  count(metric: ServiceMetric, value: number, dimensions?: Record<string, string>): void;
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
