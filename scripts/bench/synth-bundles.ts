// bench (runnable alone: `npx tsx scripts/bench/synth-bundles.ts`): the bundling step of `cdk synth`. A
// benchmark, not a test: it prints numbers and asserts nothing.
//
//   the functions the app bundles (the real app, built with bundling skipped: FunctionBundles lists them)
//     a  one esbuild build per function, one after another: the esbuild work of the NodejsFunction era
//        (not counted: the esbuild process it started per function, and CDK's staging of each)
//     b  one build of them all (lib/constructs/bundling.ts buildBundles): what the synth runs now
//   a and b in turn, BENCH_SYNTH_ROUNDS (2) times, each into a new temporary folder; wall-clock seconds per
//   run, their medians and the a/b ratio of each pair (a shared machine drifts: compare within a pair).
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { type BundleJob, buildBundles } from '../../lib/constructs/bundling.ts';
import { FunctionBundles } from '../../lib/constructs/function-bundles.ts';

const ROUNDS = Number(process.env.BENCH_SYNTH_ROUNDS ?? 2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const outdir = mkdtempSync(path.join(tmpdir(), 'bench-synth-bundles-'));
try {
  const { app } = buildApp({
    outdir: path.join(outdir, 'app'),
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
    nag: false,
  });
  const jobs: BundleJob[] = FunctionBundles.of(app).bundles.map((bundle, i) => ({ ...bundle, dir: `fn${i}` }));

  /** Seconds one way of bundling every job takes, into a folder of its own (removed after). */
  const timed = async (bundle: (folder: string) => Promise<void>) => {
    const folder = mkdtempSync(path.join(outdir, 'round-'));
    const started = performance.now();
    await bundle(folder);
    const seconds = (performance.now() - started) / 1000;
    rmSync(folder, { recursive: true, force: true });
    return seconds;
  };
  const perFunction = async (folder: string) => {
    for (const job of jobs) await buildBundles(folder, [job]);
  };
  const oneBuild = (folder: string) => buildBundles(folder, jobs);

  console.log(
    `synth bundling: ${jobs.length} bundles, ${ROUNDS} rounds, ${availableParallelism()} CPUs, ` +
      `load ${loadavg()[0]!.toFixed(1)}`,
  );
  const pairs: Array<{ a: number; b: number }> = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const a = await timed(perFunction);
    const b = await timed(oneBuild);
    pairs.push({ a, b });
    console.log(
      `  round ${round}: a one build per function ${a.toFixed(1)} s, b one build of all ${b.toFixed(1)} s (a/b ${(a / b).toFixed(1)})`,
    );
  }
  console.log(
    `  median: a ${median(pairs.map((pair) => pair.a)).toFixed(1)} s, ` +
      `b ${median(pairs.map((pair) => pair.b)).toFixed(1)} s, ` +
      `a/b ${median(pairs.map((pair) => pair.a / pair.b)).toFixed(1)} (load now ${loadavg()[0]!.toFixed(1)})`,
  );
} finally {
  rmSync(outdir, { recursive: true, force: true });
}
