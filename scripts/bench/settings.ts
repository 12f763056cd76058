// bench settings: what `npm run bench` measures and for how long, read once from the environment, and the
// time the whole of bench.ts may take, derived from them. The orchestrator stops at that bound and the host
// process stops itself a little after it, so a longer run asked for by a setting (more rounds, longer
// windows) is given the time it needs instead of being cut off by a fixed limit.
//
// Settings: BENCH_CONNECTIONS (16), BENCH_DURATION seconds (10), BENCH_WARMUP seconds (3), BENCH_ROUNDS (2),
// BENCH_GATEWAY_ROUNDS (3), BENCH_DATA_PARENT (where the temporary DATA_DIR goes: /dev/shm when it exists,
// else the OS temp dir).

export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
export const DURATION = Number(process.env.BENCH_DURATION ?? 10);
export const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
/**
 * Alternating direct/gateway rounds per pair. Three: the ratio is taken from medians, and the median of
 * three tolerates one round disturbed by a neighbour's burst on either side, which decided a single
 * round's ratio (0.83 read / 1.13 run on a loaded machine, 0.95 / 0.99 idle). Five would tolerate two,
 * for another ~100 s.
 */
export const GATEWAY_ROUNDS = Number(process.env.BENCH_GATEWAY_ROUNDS ?? 3);
export const LINEAR_NODES = 50;

/** Load targets measured: all six in round 1, then b, b+auth, c and w again in each later round. */
export const loadWindows = () => 6 + 4 * Math.max(0, ROUNDS - 1);
/** Gateway windows: two pairs (read, run), each target once per round. */
export const gatewayWindows = () => 2 * 2 * GATEWAY_ROUNDS;

/**
 * How long bench.ts may take: a fixed part (the stack's start, setup, the isolated and sync runs, the
 * 50-node run, the engine-scale and debit benches: about 3 min on a loaded 2-core machine) plus every
 * measured window with its warm-up, half as much again for the drains between them.
 */
export function benchBudgetMs(): number {
  const windowMs = (WARMUP + DURATION) * 1000;
  return 180_000 + 1.5 * windowMs * (loadWindows() + gatewayWindows());
}
