// core: why a node failed, as one fixed list — the engine's metric dimension (engine.ts) and what a
// node's retry policy names (canvas/failure-handling.ts `retry.errors`). Its own file so the canvas
// schema reads the list without importing the engine.

/**
 * Everything but `fault` is the workspace's own doing or its provider's answer — its input, template,
 * limits, credits, a URL it chose — and is counted, never paged on. `fault` is ours (a bug, a store that
 * failed): it fails the engine step, is never retried by a node's policy nor sent on its error output.
 */
export const NODE_FAILURE_REASONS = [
  'node',
  'validation',
  'credits',
  'forbidden',
  'not-found',
  'conflict',
  'too-large',
  'rate-limited',
  'upstream-timeout',
  'upstream',
  'other',
  'fault',
] as const;
export type NodeFailureReason = (typeof NODE_FAILURE_REASONS)[number];
