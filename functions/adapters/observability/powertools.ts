// adapter: Powertools for AWS Lambda behind the core's telemetry sink (functions/core/telemetry.ts),
// and `observed`, the one wrapper every function's handler gets where it is built (defineHandler, the
// webhook trigger, the gateway, OAuth, the workflow tasks, the workers).
//
// Every line of an invocation carries `requestId` (API Gateway's, which the client sees as the
// request id; the Lambda one is `function_request_id`), and, once known, `workspaceId` and
// `executionId`. HTTP functions log one `Request` line (method, path, status, ms: never headers, query
// or body, where credentials travel). Counts leave as CloudWatch EMF at the end of the invocation,
// only when there are some (no "no metrics" warning on every request).
//
// Local mode and tests (DYNAMODB_ENDPOINT set): the logger is quiet (WARN) unless POWERTOOLS_LOG_LEVEL
// says otherwise — `npm start` prints its own request log — and EMF is not printed unless
// POWERTOOLS_METRICS_DISABLED=false. The tracer is not used: see docs/observability.md.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Context } from 'aws-lambda';
import { useTelemetrySink, type TelemetrySink } from '#core/telemetry';
import { ENV } from '../env.ts';
import { METRICS_NAMESPACE, SERVICE_NAME } from './names.ts';

const local = Boolean(process.env[ENV.dynamodbEndpoint]);

export const logger = new Logger({
  serviceName: SERVICE_NAME,
  ...(process.env.POWERTOOLS_LOG_LEVEL || process.env.AWS_LAMBDA_LOG_LEVEL
    ? {}
    : { logLevel: local ? 'WARN' : 'INFO' }),
});

export const metrics = new Metrics({ namespace: METRICS_NAMESPACE, serviceName: SERVICE_NAME });
const printMetrics = !local || process.env.POWERTOOLS_METRICS_DISABLED === 'false';

/**
 * The keys of the current invocation. Kept per async context rather than with the logger's
 * appendKeys: one Lambda process serves one invocation at a time, but local mode and the tests run
 * many handlers concurrently in one process, and their keys must not mix.
 */
const invocationKeys = new AsyncLocalStorage<Record<string, string>>();
const keys = () => invocationKeys.getStore() ?? {};

const sink: TelemetrySink = {
  count: (metric, value, dimensions) => {
    // Not stored when not printed: local mode's sweeper counts on a timer outside any handler, and
    // Powertools prints a metric by itself once it holds 100 values of it.
    if (!printMetrics) return;
    if (!dimensions) return metrics.addMetric(metric, MetricUnit.Count, value);
    // Dimensions of the shared metrics object would split every count of the invocation: a count with
    // its own dimensions leaves as its own EMF line, now (with the service dimension, as the others).
    const single = metrics.singleMetric();
    for (const [name, dimension] of Object.entries(dimensions)) single.addDimension(name, dimension);
    single.addMetric(metric, MetricUnit.Count, value);
  },
  timing: (metric, milliseconds) => {
    if (printMetrics) metrics.addMetric(metric, MetricUnit.Milliseconds, milliseconds);
  },
  log: (level, message, fields) => logger[level](message, { ...keys(), ...fields }),
  tag: (added) => Object.assign(invocationKeys.getStore() ?? {}, added),
};
useTelemetrySink(sink);

interface HttpEventShape {
  httpMethod?: string;
  path?: string;
  requestContext?: { requestId?: string };
}

interface TaskEventShape {
  workspaceId?: unknown;
  executionId?: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

function flushMetrics(): void {
  if (printMetrics && metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
  else metrics.clearMetrics();
}

/**
 * Handlers `observed` built. A route assembled by hand (not by defineHandler) can forget the wrapper and
 * still answer correctly, silently: no request line, no ids, no metrics. A test over the manifest asks this.
 */
const observedHandlers = new WeakSet<object>();
export const isObserved = (handler: unknown): boolean => typeof handler === 'function' && observedHandlers.has(handler);

/**
 * Wraps a handler: per-invocation keys (fresh for each invocation, so nothing leaks from the previous
 * one), the request line, an error line for anything thrown, and the metrics flush.
 */
export function observed<E, R>(
  handler: (event: E, context: Context) => Promise<R>,
): (event: E, context?: Context) => Promise<R> {
  // The context is optional for callers that have none (local mode's workflow stand-in, some tests).
  const wrapped = async (event: E, context?: Context): Promise<R> => {
    if (context) logger.addContext(context);
    const http =
      isObject(event) && typeof (event as HttpEventShape).httpMethod === 'string'
        ? (event as HttpEventShape)
        : undefined;
    const task = isObject(event) && !http ? (event as TaskEventShape) : undefined;
    const initial: Record<string, string> = {
      ...(http?.requestContext?.requestId ? { requestId: http.requestContext.requestId } : {}),
      ...(typeof task?.workspaceId === 'string' ? { workspaceId: task.workspaceId } : {}),
      ...(typeof task?.executionId === 'string' ? { executionId: task.executionId } : {}),
    };
    return invocationKeys.run(initial, async () => {
      const started = performance.now();
      try {
        const result = await handler(event, context as Context);
        if (http) {
          const status = isObject(result) && typeof result.statusCode === 'number' ? result.statusCode : undefined;
          logger.info('Request', {
            ...keys(),
            method: http.httpMethod,
            path: http.path,
            status,
            ms: Math.round(performance.now() - started),
          });
        }
        return result;
      } catch (error) {
        logger.error('Invocation failed', { ...keys(), error: describe(error) });
        throw error;
      } finally {
        flushMetrics();
      }
    });
  };
  observedHandlers.add(wrapped);
  return wrapped;
}

function describe(error: unknown) {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}
