// core: what a node that can fail may do about it — retry (a policy in its data) and send its error on
// an `error-out` port instead of failing the run (Step Functions' Retry and Catch, per node). A node
// type opts in once, in the node-type table, with `failable(...)`: that adds the port and the `retry`
// field, so the port manifest, patch_canvas, validation and the engine all read the same definition.
// Which types opt in: those whose work can fail on the workspace's input or a provider's answer (HTTP,
// generation, expressions, wait). Triggers, sources, text, merge and output do not: nothing to retry.
// The engine side is runs/engine.ts (transitions) and runs/retry.ts (backoff).
import * as z from '../schema.ts';
import { NODE_FAILURE_REASONS, type NodeFailureReason } from '../runs/failure-reason.ts';

export const ERROR_OUT = 'error-out';

/** The error output: `{ message, nodeId, attempt, reason }` when the node failed for good. */
export const ERROR_OUT_PORT = { name: ERROR_OUT, type: 'json', label: 'Error' } as const;

/** A port as node-types.ts defines it (named here by shape: that table imports this file). */
interface Port {
  readonly name: string;
  readonly type: string;
  readonly label: string;
}

export const RETRY_LIMITS = {
  /** Attempts in all, the first included (Step Functions' MaxAttempts counts retries only). */
  maxAttempts: 10,
  /** One day: the longest pause between two attempts, whatever the backoff reaches. */
  maxDelaySeconds: 86_400,
  maxBackoffRate: 10,
} as const;

/** What a policy retries when it names nothing: failures that a later attempt may not repeat. */
export const DEFAULT_RETRIED_REASONS: readonly NodeFailureReason[] = ['rate-limited', 'upstream-timeout', 'upstream'];

const RetriedReason = z.enum([...NODE_FAILURE_REASONS.filter((reason) => reason !== 'fault'), 'all']);

export const RetryPolicySchema = z.strictObject({
  maxAttempts: z.int().check(z.minimum(1), z.maximum(RETRY_LIMITS.maxAttempts)),
  intervalSeconds: z.optional(z.number().check(z.minimum(0), z.maximum(RETRY_LIMITS.maxDelaySeconds))),
  backoffRate: z.optional(z.number().check(z.minimum(1), z.maximum(RETRY_LIMITS.maxBackoffRate))),
  maxDelaySeconds: z.optional(z.number().check(z.minimum(0), z.maximum(RETRY_LIMITS.maxDelaySeconds))),
  jitter: z.optional(z.enum(['none', 'full'])),
  errors: z.optional(z.array(RetriedReason).check(z.minLength(1), z.maxLength(NODE_FAILURE_REASONS.length + 1))),
});
export type RetryPolicy = z.infer<typeof RetryPolicySchema>;

/**
 * A node type that can fail: its outputs gain `error-out` and its data a `retry` policy (both optional
 * to use: an unconnected error-out and no policy fail the run on the first failure, as before).
 */
export function failable<
  const Definition extends { outputs: readonly Port[]; data: z.ZodMiniObject<z.core.$ZodLooseShape> },
>(definition: Definition) {
  // Spelled out: TypeScript types a spread of a generic as an intersection, whose `outputs` no one can map.
  return { ...definition, outputs: [...definition.outputs, ERROR_OUT_PORT], data: withRetry(definition.data) } as Omit<
    Definition,
    'outputs' | 'data'
  > & {
    outputs: readonly (Definition['outputs'][number] | typeof ERROR_OUT_PORT)[];
    data: ReturnType<typeof withRetry<Definition['data']>>;
  };
}

const withRetry = <Data extends z.ZodMiniObject<z.core.$ZodLooseShape>>(data: Data) =>
  z.extend(data, {
    retry: z.optional(
      RetryPolicySchema.check(z.describe('Retry policy: attempts in all, backoff, which failures (docs/language.md)')),
    ),
  });

/** The node's retry policy, if its data holds a valid one (the canvas schema already checked it). */
export function retryPolicyOf(node: { data: Record<string, unknown> }): RetryPolicy | undefined {
  const parsed = RetryPolicySchema.safeParse(node.data.retry);
  return parsed.success ? parsed.data : undefined;
}

/** Whether a run of the node may try it more than once (such a run waits between attempts). */
export function retriesAtAll(node: { data: Record<string, unknown> }): boolean {
  return (retryPolicyOf(node)?.maxAttempts ?? 1) > 1;
}
