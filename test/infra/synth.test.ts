// infra test: `cdk synth` as a developer or CI runs it — the CDK CLI, offline, esbuild bundling ON,
// cdk-nag registered — succeeds, and a bundled handler loads as an ES module.
import { execFile } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const run = promisify(execFile);

describe('npx cdk synth', () => {
  const outdirs = tempFolders('cdk-synth-test');

  // The ~125 functions are bundled in one esbuild build (lib/constructs/function-bundles.ts); the studio's
  // build, cdk-nag and the templates take the rest. A busy shared machine stretches all of it several times.
  it('synthesizes every stack with bundled handlers, offline', { timeout: 1_200_000 }, async () => {
    const outdir = outdirs();
    // Prepare: no credentials or region lookups; notices and telemetry are off in cdk.json (the CLI reads
    // `cli-telemetry` from the context block only); the env var keeps telemetry off whatever the config: its
    // sender spools each batch to a cdk-telemetry-*.json in the temp folder, which a test must not leave behind.
    const env = {
      ...process.env,
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_REGION: 'eu-west-1',
      CDK_DISABLE_VERSION_CHECK: '1',
      CDK_DISABLE_CLI_TELEMETRY: 'true',
    };
    // Act
    await run('npx', ['cdk', 'synth', '--quiet', '--output', outdir], {
      cwd: PROJECT_ROOT,
      env,
      timeout: 1_180_000,
      maxBuffer: 64 * 1024 * 1024,
    });
    // Assess
    const files = readdirSync(outdir);
    expect(files).toEqual(expect.arrayContaining(['StatefulStack.template.json', 'StatelessStack.template.json']));
    const bundles = files
      .filter((f) => f.startsWith('asset.'))
      .map((dir) => path.join(outdir, dir, 'index.mjs'))
      .filter(existsSync);
    expect(bundles.length).toBeGreaterThan(0);
    const module = (await import(pathToFileURL(bundles[0]!).href)) as { handler?: unknown };
    expect(typeof module.handler).toBe('function');
  });
});
