// bundle report: bundles every manifest route the way CDK does, then prints each bundle's minified
// size, the largest packages inside it, and its cold import time (median of fresh Node processes):
// wall-clock, and CPU time, which other work on a shared machine disturbs far less.
import { build, type Metafile } from 'esbuild';
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import {
  ROUTE_BUNDLING,
  SPLIT_ENTRY_FILE,
  coldOutputs,
  operationEntries,
  splitBundle,
} from '../lib/constructs/bundling.ts';
import { routeBundleEntry } from '../lib/constructs/route-function.ts';
import { WORKFLOW_FUNCTION_ENTRIES } from '../lib/constructs/run-workflow.ts';
import { CREDIT_HOLDS_SWEEPER_ENTRY } from '../lib/constructs/credit-holds-sweeper.ts';
import { ROUTES } from '../functions/route-table/manifest.ts';
import { STUDIO_EDITOR_SOURCE, buildStudio, lazyLoad, measureFiles } from './build-web.ts';

const OUT_DIR = resolve('.bundle-report');
/** Issue 22's budget for what a first visit to the studio downloads before anything shows. */
const STUDIO_INITIAL_BUDGET_GZIP = 250 * 1024;
const RUNS = Number(process.env.BUNDLE_REPORT_RUNS ?? 5);

/** Packages a Lambda bundle should never carry (lib/constructs/bundling.ts LAMBDA_ALIASES). */
const UNWANTED = ['@aws-sdk/credential-provider-node', '@aws-sdk/nested-clients'];

function packageOf(input: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input);
  return match?.[1] ?? '(our code)';
}

function packageBytes(metafile: Metafile, outputs: string[]): Map<string, number> {
  const bytes = new Map<string, number>();
  for (const output of outputs) {
    for (const [input, info] of Object.entries(metafile.outputs[output]?.inputs ?? {})) {
      bytes.set(packageOf(input), (bytes.get(packageOf(input)) ?? 0) + info.bytesInOutput);
    }
  }
  return bytes;
}

function heaviest(bytes: Map<string, number>, count = 3): string {
  return [...bytes.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, size]) => `${name} ${(size / 1024).toFixed(0)}K`)
    .join(', ');
}

const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds (wall and CPU) from the start of the import to its end, in a fresh Node process each run. */
function coldImport(file: string, after?: string, runs = RUNS): { wallMs: number; cpuMs: number } {
  const first = after ? `await import(${JSON.stringify(after)}); ` : '';
  const script = `${first}const c = process.cpuUsage(); const t = performance.now(); await import(${JSON.stringify(file)}); const u = process.cpuUsage(c); process.stdout.write(JSON.stringify([performance.now() - t, (u.user + u.system) / 1000]));`;
  const samples = Array.from(
    { length: runs },
    () =>
      JSON.parse(
        String(
          execFileSync(process.execPath, ['--input-type=module', '-e', script], {
            env: { ...process.env, AWS_REGION: 'us-east-1' },
          }),
        ),
      ) as [number, number],
  );
  return { wallMs: median(samples.map(([wall]) => wall)), cpuMs: median(samples.map(([, cpu]) => cpu)) };
}

rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const rows: Array<{ route: string; kb: number; wallMs: number; cpuMs: number; heaviest: string; unwanted: string[] }> =
  [];
const functions: Array<{ id: string; label: string; entry: string; codeSplitting?: boolean }> = [
  ...ROUTES.map((route) => ({
    id: route.id,
    label: `${route.method} ${route.path}`,
    entry: routeBundleEntry(route),
    codeSplitting: route.codeSplitting ?? false,
  })),
  ...Object.entries(WORKFLOW_FUNCTION_ENTRIES).map(([id, entry]) => ({
    id: `workflow-${id}`,
    label: `(run workflow) ${id}`,
    entry: resolve('functions', entry),
  })),
  {
    id: 'worker-release-holds',
    label: '(worker) release-holds',
    entry: resolve('functions', CREDIT_HOLDS_SWEEPER_ENTRY),
  },
];
/**
 * BUNDLE_REPORT_ONLY=webhook-trigger,run: only these function ids (a quick before/after of one change); `studio` for
 * the web app.
 */
const only = process.env.BUNDLE_REPORT_ONLY?.split(',').map((id) => id.trim());
const selected = functions.filter((candidate) => !only || only.includes(candidate.id));
const withStudio = !only || only.includes('studio');
if (selected.length === 0 && !withStudio) {
  console.error(`BUNDLE_REPORT_ONLY names no function; ids are: studio, ${functions.map((fn) => fn.id).join(', ')}`);
  process.exit(1);
}
const loadBefore = loadavg()[0]!;
const splitNotes: string[] = [];
for (const fn of selected) {
  rows.push(fn.codeSplitting ? reportSplit(fn) : await reportSingle(fn));
}

async function reportSingle(fn: (typeof functions)[number]) {
  const outfile = join(OUT_DIR, `${fn.id}.mjs`);
  const result = await build({
    ...ROUTE_BUNDLING,
    plugins: [operationEntries],
    entryPoints: [fn.entry],
    outfile,
    metafile: true,
    logLevel: 'error',
  });
  const relativeOut = Object.keys(result.metafile.outputs).find((name) => name.endsWith(`${fn.id}.mjs`))!;
  const bytes = packageBytes(result.metafile, [relativeOut]);
  return {
    route: fn.label,
    kb: statSync(outfile).size / 1024,
    ...coldImport(outfile),
    heaviest: heaviest(bytes),
    unwanted: UNWANTED.filter((name) => bytes.has(name)),
  };
}

/**
 * A code-split bundle: its size is what the entry loads at cold start; the chunks it imports on demand are counted
 * apart.
 */
function reportSplit(fn: (typeof functions)[number]) {
  const outdir = join(OUT_DIR, fn.id);
  const metafile = splitBundle(fn.entry, outdir);
  const outputs = Object.keys(metafile.outputs).filter((name) => name.endsWith('.mjs'));
  const entryOutput = outputs.find((name) => name.endsWith(`${fn.id}/${SPLIT_ENTRY_FILE}`))!;
  const cold = coldOutputs(metafile, entryOutput);
  const kbOf = (names: string[]) => names.reduce((sum, name) => sum + metafile.outputs[name]!.bytes, 0) / 1024;
  const onDemandKb = kbOf(outputs.filter((name) => !cold.includes(name)));
  // A first call imports the chunk its import() names (and what that chunk imports): measured after the entry.
  const targets = [
    ...new Set(
      outputs.flatMap((name) =>
        metafile.outputs[name]!.imports.filter(
          (imported) => imported.kind === 'dynamic-import' && !imported.external,
        ).map((imported) => imported.path),
      ),
    ),
  ];
  const firstCalls = targets
    .map((target) => ({ target, ...coldImport(resolve(target), resolve(entryOutput), 3) }))
    .sort((a, b) => a.cpuMs - b.cpuMs);
  const slowest = firstCalls.at(-1)!;
  const slowestModule =
    Object.keys(metafile.outputs[slowest.target]!.inputs).find((input) =>
      /^functions\/operations\/[a-z]+\//.test(input),
    ) ?? slowest.target;
  splitNotes.push(
    `${fn.label}: a first call to one of its ${targets.length} on-demand modules imports its chunk in ` +
      `${firstCalls[0]!.cpuMs.toFixed(1)}–${slowest.cpuMs.toFixed(1)} ` +
      `ms CPU ` +
      `(median ` +
      `${median(firstCalls.map((call) => call.cpuMs)).toFixed(1)}; ` +
      `slowest ${slowestModule}), once ` +
      `per instance`,
  );
  return {
    route: `${fn.label} (split: +${onDemandKb.toFixed(0)} KB in ${outputs.length - cold.length} chunks on demand)`,
    kb: kbOf(cold),
    ...coldImport(join(outdir, SPLIT_ENTRY_FILE)),
    heaviest: heaviest(packageBytes(metafile, cold)),
    unwanted: UNWANTED.filter((name) => packageBytes(metafile, outputs).has(name)),
  };
}

if (rows.length > 0) printFunctions();
if (withStudio) await reportStudio();

function printFunctions() {
  const width = Math.max(...rows.map((row) => row.route.length));
  console.log(
    `${'function'.padEnd(width)}  ${'size'.padStart(8)}  ` +
      `${'cold import'.padStart(11)}  ` +
      `${'(CPU)'.padStart(9)}  ` +
      `heaviest parts`,
  );
  for (const row of rows) {
    console.log(
      `${row.route.padEnd(width)}  ${`${row.kb.toFixed(0)} KB`.padStart(8)}  ` +
        `${`${row.wallMs.toFixed(1)} ms`.padStart(11)} ` +
        ` ` +
        `${`${row.cpuMs.toFixed(1)} ms`.padStart(9)}  ` +
        `${row.heaviest}`,
    );
  }
  const range = (values: number[], digits: number) =>
    `${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)}`;
  console.log(
    `\n${rows.length} bundles; size ${range(
      rows.map((row) => row.kb),
      0,
    )} KB; cold import ${range(
      rows.map((row) => row.wallMs),
      1,
    )} ms, ` +
      `CPU ${range(
        rows.map((row) => row.cpuMs),
        1,
      )} ms (median of ${RUNS} fresh processes, Node ${process.versions.node}; ` +
      `1-minute load average ${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)} on ${availableParallelism()} CPUs)`,
  );
  for (const note of splitNotes) console.log(note);
  const carrying = rows.filter((row) => row.unwanted.length > 0);
  console.log(
    `Default credential chain (${UNWANTED.join(', ')}): ` +
      `${carrying.length === 0 ? 'in no bundle' : `in ${carrying.map((row) => row.route).join('; ')}`}`,
  );
  console.log(`Target: every function under 100 ms: ${rows.every((row) => row.wallMs < 100) ? 'met' : 'NOT met'}`);
}

/**
 * The studio (web/, scripts/build-web.ts) built as `npm run build:web` builds it, into the report's
 * folder: what the first page downloads, what opening a canvas adds, what each console section adds.
 */
async function reportStudio() {
  const built = await buildStudio({ outdir: join(OUT_DIR, 'studio') });
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const line = (label: string, sizes: { bytes: number; gzipBytes: number }, note = '') =>
    console.log(
      `  ${label.padEnd(30)} ${kb(sizes.gzipBytes).padStart(9)} gzipped  ` +
        `${kb(sizes.bytes).padStart(9)} ` +
        `raw${note ? `  ${note}` : ''}`,
    );
  console.log('\nstudio (web/, gzip -9)');
  line('initial JS', built.initialJs, `${built.initialJs.files.length} files (entry + static imports)`);
  line('canvas editor (on open)', await measureFiles(built.outdir, lazyLoad(built, STUDIO_EDITOR_SOURCE)));
  const sections = built.chunks.flatMap((chunk) =>
    chunk.inputs.filter((input) => /^web\/src\/console\/[^/]+\/[A-Z]\w*Screen\.tsx$/.test(input)),
  );
  for (const source of sections.sort()) {
    line(`console ${source.split('/')[3]} (on open)`, await measureFiles(built.outdir, lazyLoad(built, source)));
  }
  line('all JS', built.totalJs, `${built.chunks.length} files`);
  const within = built.initialJs.gzipBytes <= STUDIO_INITIAL_BUDGET_GZIP;
  console.log(
    `Target: initial JS ≤ ${kb(STUDIO_INITIAL_BUDGET_GZIP)} gzipped: ${within ? 'met' : 'NOT met'} ` +
      `(${kb(built.initialJs.gzipBytes)})`,
  );
}
