// infra: how a route handler is bundled, in one place. RouteFunction (CDK's NodejsFunction, or
// splitBundle for a route with `codeSplitting`) and scripts/bundle-report.ts (plain esbuild) both read
// it, so the report measures what is deployed.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync, type BuildOptions, type Metafile, type Plugin } from 'esbuild';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';

/** Lambda runtime major version the bundles target. */
export const NODE_TARGET = 'node22';

/** Some CommonJS dependencies call require() for Node built-ins; an ESM bundle needs one defined. */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

const MAIN_FIELDS = ['module', 'main'];

/**
 * The directory esbuild runs in: the repository root. NodejsFunction spawns esbuild there (its
 * `projectRoot`), and esbuild resolves an alias's relative path against its working directory.
 */
const BUNDLING_ROOT = fileURLToPath(new URL('../../', import.meta.url));

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
  // The payment webhook routes use only Stripe.webhooks (signature check); the package's entry point
  // builds the whole API client. functions/adapters/payments/stripe-webhooks-only.ts: 240 → 16 KB.
  stripe: './functions/adapters/payments/stripe-webhooks-only.ts',
  // Koa (under oidc-provider) resolves media types through mime-db: 2,500 types, 134 KB parsed and
  // indexed at every cold start of the OAuth functions. The types it and oidc-provider name suffice
  // (functions/oauth/mime-db-subset.json, kept equal to mime-db's entries by test/infra/oauth-bundle.test.ts).
  'mime-db': './functions/oauth/mime-db-subset.json',
};

/** NodejsFunction bundling with the Lambda aliases and `aliases` (an operation's function: operationAliases). */
export function nodejsBundling(aliases: Readonly<Record<string, string>> = {}): BundlingOptions {
  const all = { ...LAMBDA_ALIASES, ...aliases };
  return {
    minify: true,
    sourceMap: true,
    sourcesContent: false,
    format: OutputFormat.ESM,
    target: NODE_TARGET,
    mainFields: MAIN_FIELDS,
    banner: ESM_REQUIRE_BANNER,
    // Bundle everything, the AWS SDK v3 clients included: the versions in package-lock.json are the
    // versions that run, not whatever the Lambda runtime happens to ship.
    externalModules: [],
    // NodejsFunction has no `alias` prop; its esbuildArgs pass `--alias:<package>=<path>` to the CLI,
    // which local bundling runs with the project root as working directory. (Docker bundling, used
    // only when esbuild is not installed, runs elsewhere; esbuild is a pinned devDependency here.)
    esbuildArgs: { '--alias': Object.entries(all).map(([pkg, path]) => `${pkg}=${path}`) },
  };
}

/** NodejsFunction bundling for every route (with no further alias). */
export const NODEJS_BUNDLING: BundlingOptions = nodejsBundling();

/**
 * The module the generic operation entry (functions/http/operation-entry.ts) imports its operation from;
 * each operation's function aliases it to that operation's file, so the bundle holds that operation alone.
 */
export const OPERATION_MODULE = 'operation-module';

/** The generic entry every operation's route is bundled from. */
export const OPERATION_ENTRY = fileURLToPath(new URL('../../functions/http/operation-entry.ts', import.meta.url));

/** Aliases of an operation's function: `operation-module` → functions/operations/<operation>.ts. */
export function operationAliases(operation: string): Record<string, string> {
  return { [OPERATION_MODULE]: `./functions/operations/${operation}.ts` };
}

/** The esbuild entry point of an operation's route in a plain esbuild build with the operationEntries plugin. */
export function operationEntryPoint(operation: string): string {
  return `${OPERATION_ENTRY_PREFIX}${operation}`;
}
const OPERATION_ENTRY_PREFIX = 'operation-entry:';

/**
 * For plain esbuild builds of many functions at once (bundle-report, the bundle tests), where one
 * alias cannot name a different operation per entry: `operation-entry:<operation>` is the generic
 * entry's own source with `operation-module` replaced by that operation's file, the code CDK's alias
 * gives that function.
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

/** The same bundling as plain esbuild options (for reports and local measurements). */
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

/** The file Lambda loads (handler `index.handler`); the chunks beside it load on demand. */
export const SPLIT_ENTRY_FILE = 'index.mjs';

/**
 * Bundles a handler with code splitting into `outdir`: `index.mjs` holds what the handler imports
 * statically, and each module reached only through `import()` becomes a chunk loaded at its first use.
 * NodejsFunction cannot do this (it passes esbuild `--outfile`, and splitting needs `--outdir`), so a
 * route with `codeSplitting` is bundled here, by CDK's local bundling, with the same options as every
 * other function. esbuild's ESM output loads the chunks by relative `import`, which Lambda's Node.js
 * runtime resolves inside the deployment package.
 */
export function splitBundle(entry: string, outdir: string, aliases: Readonly<Record<string, string>> = {}): Metafile {
  return buildSync({
    ...ROUTE_BUNDLING,
    alias: { ...LAMBDA_ALIASES, ...aliases },
    entryPoints: { index: entry },
    outdir,
    outExtension: { '.js': '.mjs' },
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    metafile: true,
    logLevel: 'error',
  }).metafile;
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
