// infra: how a function is bundled, in one place. The synth's one esbuild build of every function
// (buildBundles, run by function-bundles.ts), the tests and scripts/bundle-report.ts all read it, so the
// report measures what is deployed.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build, buildSync, type BuildOptions, type Metafile, type Plugin } from 'esbuild';

/** Lambda runtime major version the bundles target. */
export const NODE_TARGET = 'node22';

/** Some CommonJS dependencies call require() for Node built-ins; an ESM bundle needs one defined. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

const MAIN_FIELDS = ['module', 'main'];

/**
 * The directory esbuild runs in: the repository root (esbuild resolves an alias's relative path against
 * its working directory).
 */
export const BUNDLING_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Packages a Lambda bundle replaces, by esbuild's `alias` (a supported esbuild option; the SDK has no
 * switch that keeps its clients from importing the default credential chain, aws/aws-sdk-js-v3#5516,
 * and passing `credentials` to a client only skips the chain at run time, it still gets bundled).
 *
 * `@aws-sdk/credential-provider-node` is the SDK's default credential chain: SSO, ini files, process,
 * web identity, container and IMDS providers, and `@aws-sdk/nested-clients` (STS/SSO clients) for them.
 * In Lambda the credentials are always in AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY/AWS_SESSION_TOKEN,
 * so the bundle gets a `defaultProvider` that is the environment provider alone: 105–120 KB less
 * per bundle. Only bundles change: local mode, tests and scripts run the sources with the full chain.
 * Paths are relative to BUNDLING_ROOT.
 */
export const LAMBDA_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': './functions/adapters/aws-sdk/lambda-credential-provider.ts',
  // The MCP SDK's Server imports Ajv only to validate elicitation answers; the stateless gateway never
  // elicits (functions/gateway/no-ajv.ts): ajv, ajv-formats and fast-uri stay out of its bundle.
  ajv: './functions/gateway/no-ajv.ts',
  'ajv-formats': './functions/gateway/no-ajv.ts',
  // Koa (under oidc-provider) resolves media types through mime-db: 2,500 types, 134 KB parsed and
  // indexed at every cold start of the OAuth functions. The types it and oidc-provider name suffice
  // (functions/oauth/mime-db-subset.json, kept equal to mime-db's entries by test/infra/oauth-bundle.test.ts).
  'mime-db': './functions/oauth/mime-db-subset.json',
};

/**
 * The module the generic operation entry (functions/http/operation-entry.ts) imports its operation from;
 * each operation's function replaces it with that operation's file (operationEntries), so the bundle holds
 * that operation alone.
 */
export const OPERATION_MODULE = 'operation-module';

/** The generic entry every operation's route is bundled from. */
export const OPERATION_ENTRY = fileURLToPath(new URL('../../functions/http/operation-entry.ts', import.meta.url));

/** The esbuild entry point of an operation's route (a build with the operationEntries plugin). */
export function operationEntryPoint(operation: string): string {
  return `${OPERATION_ENTRY_PREFIX}${operation}`;
}
const OPERATION_ENTRY_PREFIX = 'operation-entry:';

/**
 * For builds of many functions at once (the synth's, bundle-report, the bundle tests), where one alias
 * cannot name a different operation per entry: `operation-entry:<operation>` is the generic entry's own
 * source with `operation-module` replaced by that operation's file.
 */
export const operationEntries: Plugin = {
  name: 'operation-entries',
  setup(build) {
    build.onResolve({ filter: /^operation-entry:/ }, (args) => ({
      path: args.path.slice(OPERATION_ENTRY_PREFIX.length),
      namespace: 'operation-entry',
    }));
    build.onLoad({ filter: /.*/, namespace: 'operation-entry' }, (args) => ({
      contents: readFileSync(OPERATION_ENTRY, 'utf8').replace(
        `'${OPERATION_MODULE}'`,
        JSON.stringify(fileURLToPath(new URL(`../../functions/operations/${args.path}.ts`, import.meta.url))),
      ),
      resolveDir: path.dirname(OPERATION_ENTRY),
      loader: 'ts',
    }));
  },
};

/** esbuild options of every Lambda bundle. */
export const ROUTE_BUNDLING: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: NODE_TARGET,
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  mainFields: MAIN_FIELDS,
  banner: { js: ESM_REQUIRE_BANNER },
  external: [],
  absWorkingDir: BUNDLING_ROOT,
  alias: { ...LAMBDA_ALIASES },
};

/** The file Lambda loads (handler `index.handler`); a split bundle's chunks beside it load on demand. */
export const SPLIT_ENTRY_FILE = 'index.mjs';

/**
 * Options of a handler bundled with code splitting into `outdir`: `index.mjs` holds what the handler
 * imports statically, and each module reached only through `import()` becomes a chunk loaded at its first
 * use. esbuild's ESM output loads the chunks by relative `import`, which Lambda's Node.js runtime resolves
 * inside the deployment package. A split build has one entry: chunks are shared between the entries of
 * one build, and a function's asset must hold its own code only.
 */
function splitOptions(entry: string, outdir: string): BuildOptions & { metafile: true } {
  return {
    ...ROUTE_BUNDLING,
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'error',
  };
}

/** A handler bundled with code splitting (splitOptions) into `outdir`, synchronously (tests, bundle-report). */
export function splitBundle(entry: string, outdir: string): Metafile {
  return buildSync(splitOptions(entry, outdir)).metafile;
}

/** One function's bundle in a buildBundles call: its entry point and its folder under the build's outdir. */
export interface BundleJob {
  /** A handler module's absolute path, or an operation's entry point (operationEntryPoint). */
  readonly entry: string;
  /** Folder of the bundle, relative to the build's outdir; it gets `index.mjs` and its source map. */
  readonly dir: string;
  /** Bundle with code splitting (splitOptions): `index.mjs` plus chunks. */
  readonly codeSplitting?: boolean;
}

/**
 * Bundles many functions at once: every job without code splitting in ONE esbuild build with an entry
 * point per function (esbuild parses each shared module, the AWS SDK clients, zod, our core, once for all
 * of them, on all cores), each split job in a build of its own beside it. Without splitting, esbuild
 * writes each entry's output from that entry's module graph alone: a function's bundle is the bundle a
 * build of that one entry makes (test/infra/function-bundles.test.ts compares them).
 */
export async function buildBundles(outdir: string, jobs: readonly BundleJob[]): Promise<void> {
  const single = jobs.filter((job) => !job.codeSplitting);
  await Promise.all([
    single.length > 0 &&
      build({
        ...ROUTE_BUNDLING,
        plugins: [operationEntries],
        entryPoints: Object.fromEntries(single.map((job) => [`${job.dir}/index`, job.entry])),
        outdir,
        outExtension: { '.js': '.mjs' },
        logLevel: 'error',
      }),
    ...jobs
      .filter((job) => job.codeSplitting)
      .map((job) => build({ ...splitOptions(job.entry, path.join(outdir, job.dir)), plugins: [operationEntries] })),
  ]);
}

/**
 * This file, run as a program (function-bundles.ts does, from the synth): buildBundles of the JSON
 * `{ outdir, jobs }` read from standard input. A process of its own because esbuild's plugins (the
 * operationEntries one) need its asynchronous API, and CDK constructs its assets synchronously.
 */
export const BUILD_BUNDLES_PROGRAM = fileURLToPath(import.meta.url);

if (process.argv[1] === BUILD_BUNDLES_PROGRAM) {
  const { outdir, jobs } = JSON.parse(readFileSync(0, 'utf8')) as { outdir: string; jobs: BundleJob[] };
  await buildBundles(outdir, jobs);
}

/** The outputs a split bundle's entry loads at cold start: itself and what it imports statically. */
export function coldOutputs(metafile: Metafile, entryOutput: string): string[] {
  const loaded = new Set<string>();
  const visit = (output: string) => {
    if (loaded.has(output)) return;
    loaded.add(output);
    for (const imported of metafile.outputs[output]?.imports ?? []) {
      if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
    }
  };
  visit(entryOutput);
  return [...loaded];
}
