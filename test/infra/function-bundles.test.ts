// infra test: the synth bundles every function of an app in one esbuild build (lib/constructs/
// function-bundles.ts). Each function's asset is the bundle a build of its entry alone makes; an
// unchanged function keeps its asset hash across synths and a changed one gets a new one; stacks left
// out of bundling (`aws:cdk:bundling-stacks`) run no build at all.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '#route-table/manifest';
import { cdkJsonContext } from '../../bin/app.ts';
import { ROUTE_BUNDLING, SPLIT_ENTRY_FILE, operationEntries } from '../../lib/constructs/bundling.ts';
import { FunctionBundles } from '../../lib/constructs/function-bundles.ts';
import { routeBundleEntry } from '../../lib/constructs/route-function.ts';
import { ServiceFunction } from '../../lib/constructs/service-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('function-bundles');

const handWritten = routeBundleEntry(ROUTES.find((route) => !route.operation && !route.codeSplitting)!);
const operation = routeBundleEntry(ROUTES.find((route) => route.operation)!);

/** An app whose stacks hold one ServiceFunction per entry (`stack/id` → entry). */
function appWith(functions: Record<string, string>, context: Record<string, unknown> = {}) {
  const app = new App({ outdir: folder(), context: { ...cdkJsonContext(), ...context } });
  const stacks = new Map<string, Stack>();
  for (const [name, entry] of Object.entries(functions)) {
    const [stackId, id] = name.split('/') as [string, string];
    const stack = stacks.get(stackId) ?? new Stack(app, stackId);
    stacks.set(stackId, stack);
    new ServiceFunction(stack, id, { entry, label: id, description: id, timeout: Duration.seconds(5) });
  }
  return { app, stacks };
}

/** The S3 key (asset hash + .zip) of each function of a synthesized stack, by construct id. */
function assetKeys(stack: Stack): Record<string, string> {
  const functions = Template.fromStack(stack).findResources('AWS::Lambda::Function');
  return Object.fromEntries(
    Object.entries(functions).map(([logicalId, resource]) => [
      logicalId.replace(/Handler[0-9A-F]{8}$/, ''),
      (resource as { Properties: { Code: { S3Key: string } } }).Properties.Code.S3Key,
    ]),
  );
}

const assetFolder = (directory: string, key: string) => path.join(directory, `asset.${key.replace(/\.zip$/, '')}`);

describe('the functions of an app', { timeout: 300_000 }, () => {
  it('are bundled in one esbuild build, each asset the bundle of its own entry alone', async () => {
    // Prepare: two routes, and a third function with the first one's handler module.
    const { app, stacks } = appWith({
      'Probe/Route': handWritten,
      'Probe/Operation': operation,
      'Probe/Twin': handWritten,
    });
    // Act
    const assembly = app.synth();
    // Assess
    expect(FunctionBundles.of(app).builds).toBe(1);
    const keys = assetKeys(stacks.get('Probe')!);
    expect(keys.Twin).toBe(keys.Route);
    expect(keys.Operation).not.toBe(keys.Route);
    for (const [id, entry] of [
      ['Route', handWritten],
      ['Operation', operation],
    ] as const) {
      const alone = await build({
        ...ROUTE_BUNDLING,
        plugins: [operationEntries],
        entryPoints: { index: entry },
        outdir: folder(),
        outExtension: { '.js': '.mjs' },
        write: false,
        logLevel: 'error',
      });
      const code = alone.outputFiles.find((file) => file.path.endsWith(`/${SPLIT_ENTRY_FILE}`))!.text;
      expect(readFileSync(path.join(assetFolder(assembly.directory, keys[id]!), SPLIT_ENTRY_FILE), 'utf8'), id).toBe(
        code,
      );
    }
    // The build's own folders are gone: the assembly holds the assets alone.
    expect(readdirSync(assembly.directory).filter((name) => name.startsWith('bundle.'))).toEqual([]);
  });

  it('keep the asset hash of a function whose code did not change, and change the hash of one whose code did', () => {
    // Prepare: a handler of our own beside a real route.
    const probe = path.join(folder(), 'probe.ts');
    const synthKeys = (answer: string) => {
      writeFileSync(probe, `export const handler = async () => '${answer}';\n`);
      const { app, stacks } = appWith({ 'Probe/Route': handWritten, 'Probe/Changing': probe });
      app.synth();
      return assetKeys(stacks.get('Probe')!);
    };
    // Act
    const first = synthKeys('one');
    const again = synthKeys('one');
    const changed = synthKeys('two');
    // Assess
    expect(again).toEqual(first);
    expect(changed.Route).toBe(first.Route);
    expect(changed.Changing).not.toBe(first.Changing);
  });

  it('are bundled only in the stacks selected for bundling, and not at all when none is', () => {
    // Prepare
    const some = appWith(
      { 'Bundled/Route': handWritten, 'Skipped/Operation': operation },
      {
        'aws:cdk:bundling-stacks': ['Bundled'],
      },
    );
    const none = appWith({ 'Skipped/Route': handWritten }, { 'aws:cdk:bundling-stacks': [] });
    // Act
    const someAssembly = some.app.synth();
    const noneAssembly = none.app.synth();
    // Assess: the skipped functions still reference a code asset (CDK's placeholder), with nothing staged.
    expect(FunctionBundles.of(some.app).builds).toBe(1);
    const bundled = assetKeys(some.stacks.get('Bundled')!).Route!;
    expect(existsSync(path.join(assetFolder(someAssembly.directory, bundled), SPLIT_ENTRY_FILE))).toBe(true);
    const skipped = assetKeys(some.stacks.get('Skipped')!).Operation!;
    expect(skipped).toMatch(/\.zip$/);
    expect(existsSync(assetFolder(someAssembly.directory, skipped))).toBe(false);
    expect(FunctionBundles.of(none.app).builds).toBe(0);
    expect(readdirSync(noneAssembly.directory).filter((name) => /^(asset|bundle)\./.test(name))).toEqual([]);
  });
});
