// infra: how a route handler is bundled, in one place. RouteFunction (CDK's NodejsFunction) and
// scripts/bundle-report.ts (plain esbuild) both read it, so the report measures what is deployed.
import type { BuildOptions } from 'esbuild';
import { type BundlingOptions, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';

/** Lambda runtime major version the bundles target. */
export const NODE_TARGET = 'node22';

/** Some CommonJS dependencies call require() for Node built-ins; an ESM bundle needs one defined. */
export const ESM_REQUIRE_BANNER = "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);";

const MAIN_FIELDS = ['module', 'main'];

/** NodejsFunction bundling for every route. */
export const NODEJS_BUNDLING: BundlingOptions = {
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
};
