// bundle report: bundles every manifest route the way CDK does, then prints each bundle's minified
// size, the largest packages inside it, and its cold import time (median of fresh Node processes).
import { build, type Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROUTE_BUNDLING } from '../lib/constructs/bundling.ts';
import { WORKFLOW_FUNCTION_ENTRIES } from '../lib/constructs/run-workflow.ts';
import { ROUTES } from '../functions/routes/manifest.ts';

const OUT_DIR = resolve('.bundle-report');
const RUNS = Number(process.env.BUNDLE_REPORT_RUNS ?? 5);

function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1] ?? '(our code)';
}

function heaviestPackages(metafile: Metafile, output: string, count = 3): string {
  const bytes = new Map<string, number>();
  for (const [input, info] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
    bytes.set(packageOf(input), (bytes.get(packageOf(input)) ?? 0) + info.bytesInOutput);
  }
  return [...bytes.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${(size / 1024).toFixed(0)}K`)
    .join(', ');
}

/** Milliseconds from process start of the import to its end, in a fresh Node process each run. */
function coldImportMs(file: string): number {
  const script = `const t = performance.now(); await import(${JSON.stringify(file)}); process.stdout.write(String(performance.now() - t));`;
  const samples = Array.from({ length: RUNS }, () =>
    Number(execFileSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, AWS_REGION: 'us-east-1' } })),
  ).sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const rows: Array<{ route: string; kb: number; ms: number; heaviest: string }> = [];
const functions = [
  ...ROUTES.map((route) => ({ id: route.id, label: `${route.method} ${route.path}`, entry: resolve('functions/routes', `${route.entry}.ts`) })),
  ...Object.entries(WORKFLOW_FUNCTION_ENTRIES).map(([id, entry]) => ({ id: `workflow-${id}`, label: `(run workflow) ${id}`, entry: resolve('functions', entry) })),
];
for (const fn of functions) {
  const outfile = join(OUT_DIR, `${fn.id}.mjs`);
  const result = await build({ ...ROUTE_BUNDLING, entryPoints: [fn.entry], outfile, metafile: true, logLevel: 'error' });
  const relativeOut = Object.keys(result.metafile.outputs).find((name) => name.endsWith(`${fn.id}.mjs`))!;
  rows.push({ route: fn.label, kb: statSync(outfile).size / 1024, ms: coldImportMs(outfile), heaviest: heaviestPackages(result.metafile, relativeOut) });
}

const width = Math.max(...rows.map((row) => row.route.length));
console.log(`${'function'.padEnd(width)}  ${'size'.padStart(8)}  ${'cold import'.padStart(11)}  heaviest parts`);
for (const row of rows) {
  console.log(`${row.route.padEnd(width)}  ${`${row.kb.toFixed(0)} KB`.padStart(8)}  ${`${row.ms.toFixed(1)} ms`.padStart(11)}  ${row.heaviest}`);
}
const sizes = rows.map((row) => row.kb);
const times = rows.map((row) => row.ms);
console.log(`\n${rows.length} bundles; size ${Math.min(...sizes).toFixed(0)}–${Math.max(...sizes).toFixed(0)} KB; cold import ${Math.min(...times).toFixed(1)}–${Math.max(...times).toFixed(1)} ms (median of ${RUNS} fresh processes, Node ${process.versions.node})`);
console.log(`Target: every function under 100 ms: ${times.every((ms) => ms < 100) ? 'met' : 'NOT met'}`);
