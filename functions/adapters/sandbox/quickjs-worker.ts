// adapter: the worker-thread side of QuickJsSandbox. A worker started with WORKER_ROLE answers each
// message with what its QuickJsRunner made of it, one at a time; the main thread stops the whole worker
// when an answer is late (quickjs-sandbox.ts). Nothing else runs in it.
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import type { CodeRun } from '#core/code/sandbox';
import { QuickJsRunner } from './quickjs-runner.ts';

export const WORKER_ROLE = 'quickjs-sandbox';

export type WorkerRequest =
  | { id: number; method: 'run'; request: CodeRun }
  | { id: number; method: 'syntaxError'; source: string };
/** An answer to the request `id`, or (first, once) `ready`: the worker has loaded QuickJS and takes work. */
export interface WorkerAnswer {
  id?: number;
  ready?: true;
  result?: unknown;
  error?: string;
}

/**
 * Serves QuickJsSandbox's requests when this thread is its worker; does nothing anywhere else. Called at
 * the top level of quickjs-sandbox.ts, the module its worker loads (in a Lambda bundle, the bundle).
 */
export function serveIfSandboxWorker(): void {
  const port = parentPort;
  if (isMainThread || !port || (workerData as { role?: unknown } | null)?.role !== WORKER_ROLE) return;
  const runner = new QuickJsRunner();
  void runner.warm().then(() => port.postMessage({ ready: true } satisfies WorkerAnswer));
  port.on('message', async (message: WorkerRequest) => {
    try {
      const result =
        message.method === 'run' ? await runner.run(message.request) : await runner.syntaxError(message.source);
      port.postMessage({ id: message.id, result } satisfies WorkerAnswer);
    } catch (error) {
      port.postMessage({ id: message.id, error: String(error) } satisfies WorkerAnswer);
    }
  });
}
