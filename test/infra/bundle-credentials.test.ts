// infra test: Lambda bundles carry the environment credential provider instead of the SDK's default
// chain (@aws-sdk/credential-provider-node and, through it, @aws-sdk/nested-clients, SSO, ini, process,
// web-identity and IMDS providers), in a plain esbuild build with ROUTE_BUNDLING (what
// scripts/bundle-report.ts measures) and in the bundle a synth stages (what is deployed). A bundled client
// still signs with the credentials Lambda puts in the environment.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { build, type Metafile } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES } from '#route-table/manifest';
import { ROUTE_BUNDLING, operationEntries } from '../../lib/constructs/bundling.ts';
import { routeBundleEntry } from '../../lib/constructs/route-function.ts';
import { WORKFLOW_FUNCTION_ENTRIES } from '../../lib/constructs/run-workflow.ts';
import { PROJECT_ROOT, ServiceFunction } from '../../lib/constructs/service-function.ts';
import { cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

/** Packages only the default credential chain brings in; a Lambda bundle must contain none of them. */
const CHAIN_ONLY = [
  '@aws-sdk/credential-provider-node',
  '@aws-sdk/nested-clients',
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-http',
  '@aws-sdk/token-providers',
  '@smithy/credential-provider-imds',
];

const packageOf = (source: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(source)?.[1];

/** Packages each output of a metafile contains, by output file. */
function packagesByOutput(metafile: Metafile): Map<string, Set<string>> {
  return new Map(
    Object.entries(metafile.outputs)
      .filter(([file]) => !file.endsWith('.map'))
      .map(([file, output]) => [
        file,
        new Set(
          Object.keys(output.inputs)
            .map(packageOf)
            .filter((name) => name !== undefined),
        ),
      ]),
  );
}

const folder = tempFolders('bundle-credentials');

describe('Lambda bundles and the AWS credential chain', { timeout: 120_000 }, () => {
  it('leave the default chain out of every function bundled with ROUTE_BUNDLING, and keep the env provider', async () => {
    // Prepare: every route and workflow function, as scripts/bundle-report.ts bundles them.
    // (Several routes may share one handler module: each module is bundled once.)
    const entries = [
      ...new Set([
        ...ROUTES.map(routeBundleEntry),
        ...Object.values(WORKFLOW_FUNCTION_ENTRIES).map((entry) => path.join(PROJECT_ROOT, 'functions', entry)),
      ]),
    ];
    // Act
    const { metafile } = await build({
      ...ROUTE_BUNDLING,
      plugins: [operationEntries],
      entryPoints: entries,
      outdir: folder(),
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    // Assess
    const bundles = packagesByOutput(metafile);
    expect(bundles.size).toBe(entries.length);
    for (const [file, packages] of bundles) {
      expect({ file, chain: CHAIN_ONLY.filter((name) => packages.has(name)) }).toEqual({ file, chain: [] });
      if (packages.has('@aws-sdk/core'))
        expect({ file, env: packages.has('@aws-sdk/credential-provider-env') }).toEqual({ file, env: true });
    }
  });

  it('leave it out of the bundle a synth stages too', () => {
    // Prepare: one real ServiceFunction, bundled by the synth (lib/constructs/function-bundles.ts) into our outdir.
    const app = new App({ outdir: folder(), context: cdkJsonContext() });
    const route = ROUTES.find((candidate) => candidate.id === 'verify-key')!;
    // Act
    new ServiceFunction(new Stack(app, 'Probe'), 'Fn', {
      entry: routeBundleEntry(route),
      label: 'probe',
      description: 'probe',
      timeout: Duration.seconds(5),
    });
    const assembly = app.synth();
    // Assess: the bundle's source map lists every file esbuild put in it.
    const assets = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const map = JSON.parse(readFileSync(path.join(assembly.directory, assets[0]!, 'index.mjs.map'), 'utf8')) as {
      sources: string[];
    };
    const packages = new Set(map.sources.map(packageOf));
    expect(packages.has('@aws-sdk/client-dynamodb')).toBe(true);
    expect(packages.has('@aws-sdk/credential-provider-env')).toBe(true);
    expect(CHAIN_ONLY.filter((name) => packages.has(name))).toEqual([]);
  });

  describe('a bundled client', () => {
    const saved = { ...process.env };
    afterEach(() => {
      for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN']) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    });

    async function bundledCredentials(): Promise<
      () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>
    > {
      const outfile = path.join(folder(), 'probe.mjs');
      const result = await build({
        ...ROUTE_BUNDLING,
        stdin: {
          contents: `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
            export const credentials = () => new DynamoDBClient({ region: 'eu-west-1' }).config.credentials();`,
          resolveDir: PROJECT_ROOT,
          loader: 'ts',
        },
        outfile,
        write: false,
        sourcemap: false,
      });
      writeFileSync(outfile, result.outputFiles[0]!.text);
      return (
        (await import(pathToFileURL(outfile).href)) as {
          credentials: () => Promise<{ accessKeyId: string; secretAccessKey: string; sessionToken?: string }>;
        }
      ).credentials;
    }

    it('signs with the credentials Lambda puts in the environment', async () => {
      // Prepare
      const credentials = await bundledCredentials();
      process.env.AWS_ACCESS_KEY_ID = 'AKIDLAMBDAROLE';
      process.env.AWS_SECRET_ACCESS_KEY = 'role-secret';
      process.env.AWS_SESSION_TOKEN = 'role-session';
      // Act
      const resolved = await credentials();
      // Assess
      expect(resolved).toMatchObject({
        accessKeyId: 'AKIDLAMBDAROLE',
        secretAccessKey: 'role-secret',
        sessionToken: 'role-session',
      });
    });

    it('fails plainly, without trying other sources, when the environment has none', async () => {
      // Prepare
      const credentials = await bundledCredentials();
      delete process.env.AWS_ACCESS_KEY_ID;
      delete process.env.AWS_SECRET_ACCESS_KEY;
      // Act + Assess
      await expect(credentials()).rejects.toThrow(
        /environment variable credentials.*environment only \(LAMBDA_ALIASES/,
      );
    });
  });
});
