// infra test: the code nodes' sandbox as Lambda bundles carry it. The QuickJS build's WebAssembly is
// embedded in its ES module, so esbuild's bundle holds it and nothing is read from node_modules at run
// time: the sandbox bundled with the Lambda options, loaded from a folder with no node_modules, runs code
// in its worker (the bundle itself) and stops a runaway one. Advance and the run route (which runs
// instant-only runs inline) carry it, and Advance's bundle serves as the sandbox's worker.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routeById } from '#route-table/manifest';
import { BUNDLING_ROOT, ROUTE_BUNDLING, operationEntries } from '../../lib/constructs/bundling.ts';
import { routeBundleEntry } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('code-sandbox-bundle');
const QUICKJS = /node_modules\/@jitl\/quickjs-singlefile-mjs-release-sync\/dist\/emscripten-module/;

describe('the code sandbox bundle', { timeout: 120_000 }, () => {
  it('runs code when bundled as a Lambda is, away from node_modules', async () => {
    // Prepare
    const outdir = folder();
    await build({
      ...ROUTE_BUNDLING,
      stdin: {
        contents: "export { QuickJsSandbox } from './functions/adapters/sandbox/quickjs-sandbox.ts';",
        resolveDir: BUNDLING_ROOT,
        loader: 'ts',
      },
      outfile: path.join(outdir, 'index.mjs'),
      logLevel: 'error',
    });
    const { QuickJsSandbox } = await import(pathToFileURL(path.join(outdir, 'index.mjs')).href);

    const sandbox = new QuickJsSandbox();
    const args = { input: 7, inputs: [7], run: { inputs: {} } };

    // Act
    const outcome = await sandbox.run({ source: 'console.log("bundled"); return input * 6', args, timeoutMs: 1_000 });
    const redos = await sandbox.run({ source: 'return /(a+)+$/.test("a".repeat(40) + "b")', args, timeoutMs: 300 });
    const next = await sandbox.run({ source: 'return "next"', args, timeoutMs: 1_000 });

    // Assess
    expect(outdir.includes('node_modules')).toBe(false);
    expect(outcome).toMatchObject({ ok: true, json: '42', logs: ['bundled'] });
    expect(redos).toMatchObject({ ok: false, reason: 'timeout' });
    expect(next).toMatchObject({ ok: true, json: '"next"' });
    expect(sandbox.workersStarted).toBe(2);
  });

  it('is in the bundles of Advance and of the run route', async () => {
    // Act
    const { metafile } = await build({
      ...ROUTE_BUNDLING,
      plugins: [operationEntries],
      entryPoints: {
        advance: path.join(BUNDLING_ROOT, 'functions/workflow/advance.ts'),
        run: routeBundleEntry(routeById('run')),
      },
      outdir: folder(),
      write: false,
      metafile: true,
      logLevel: 'error',
    });

    // Assess
    const carrying = Object.entries(metafile.outputs)
      .filter(([, output]) => Object.keys(output.inputs).some((input) => QUICKJS.test(input)))
      .map(([file]) => path.basename(file));
    expect(carrying.sort()).toEqual(['advance.js', 'run.js']);
  });

  it("serves as the sandbox's worker from Advance's own bundle", async () => {
    // Prepare
    const outdir = folder();
    await build({
      ...ROUTE_BUNDLING,
      entryPoints: { index: path.join(BUNDLING_ROOT, 'functions/workflow/advance.ts') },
      outdir,
      outExtension: { '.js': '.mjs' },
      logLevel: 'error',
    });
    const worker = new Worker(pathToFileURL(path.join(outdir, 'index.mjs')), {
      workerData: { role: 'quickjs-sandbox' },
    });
    const request = {
      source: 'return input + 1',
      args: { input: 41, inputs: [41], run: { inputs: {} } },
      timeoutMs: 500,
    };

    // Act
    const answer = await new Promise<unknown>((resolve, reject) => {
      worker.on('message', (message: { ready?: true; result?: unknown }) => {
        if (message.ready) worker.postMessage({ id: 1, method: 'run', request });
        else resolve(message.result);
      });
      worker.on('error', reject);
    });
    await worker.terminate();

    // Assess
    expect(answer).toMatchObject({ ok: true, json: '42' });
  });
});
