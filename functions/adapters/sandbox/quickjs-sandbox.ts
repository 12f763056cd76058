// adapter: CodeSandbox, the code nodes' sandbox — QuickJS in WebAssembly (quickjs-runner.ts) run in a
// worker thread that this thread stops when a run outlives its limit. QuickJS checks its deadline only
// every 10,000 jumps of its interpreter, so a loop whose body is one long native call (a join, a sort, a
// regular expression that backtracks) is stopped seconds or minutes late, or never; measured in
// docs/language.md "Code". Terminating the worker stops it wherever it is, WebAssembly included.
//
//   run ──▶ (one at a time) ──▶ worker: QuickJsRunner ──answer──▶ outcome
//                                   │
//       limit + HARD_STOP_GRACE_MS ─┴──▶ terminate the worker ──▶ `timeout` ──▶ the next run starts a new one
//
// The worker is this module itself: its top level serves when loaded as the worker (quickjs-worker.ts). In
// a Lambda bundle import.meta.url is the bundle, so the worker loads the bundle; in local mode and the
// tests it is this file, which Node 22 loads with its own type stripping.
import { Worker } from 'node:worker_threads';
import type { CodeOutcome, CodeRun, CodeSandbox } from '#core/code/sandbox';
import { WORKER_ROLE, serveIfSandboxWorker, type WorkerAnswer, type WorkerRequest } from './quickjs-worker.ts';

serveIfSandboxWorker();

/** How long past its limit a run may go before its worker is stopped: QuickJS's own deadline comes first. */
export const HARD_STOP_GRACE_MS = 500;
/** Longest a syntax check may take (a compile of at most 50,000 characters takes milliseconds). */
const SYNTAX_CHECK_MS = 2_000;

type Job = { method: 'run'; request: CodeRun } | { method: 'syntaxError'; source: string };
type Ending = 'late' | 'crashed';

export class QuickJsSandbox implements CodeSandbox {
  private worker: Promise<Worker> | undefined;
  /** The worker `worker` starts or holds, known at once (a stopped worker is forgotten before it exits). */
  private live: Worker | undefined;
  private readonly waiting = new Map<
    number,
    { worker: Worker; answer: (message: WorkerAnswer) => void; end: () => void }
  >();
  private nextId = 1;
  private queue: Promise<unknown> = Promise.resolve();
  /** Workers started: 1 + one per stop or crash. Tests read it. */
  workersStarted = 0;

  run(request: CodeRun): Promise<CodeOutcome> {
    return this.oneAtATime(() =>
      this.ask<CodeOutcome>({ method: 'run', request }, request.timeoutMs + HARD_STOP_GRACE_MS, (ending, ms) => ({
        ok: false,
        reason: ending === 'late' ? 'timeout' : 'memory',
        message:
          ending === 'late'
            ? `InternalError: interrupted (stopped from outside after ${Math.round(ms)} ms)`
            : 'InternalError: the sandbox stopped',
        logs: [],
        elapsedMs: ms,
      })),
    );
  }

  syntaxError(source: string): Promise<string | undefined> {
    return this.oneAtATime(() =>
      this.ask<string | undefined>({ method: 'syntaxError', source }, SYNTAX_CHECK_MS, () => undefined),
    );
  }

  /** Jobs run one after another: a job's limit starts when the worker starts it, not while it waits. */
  private oneAtATime<T>(job: () => Promise<T>): Promise<T> {
    const next = this.queue.then(job, job);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /**
   * Sends `job` to the worker, once it is ready (its start and QuickJS's load are not the job's time);
   * stops the worker and answers `ended(…)` when the job is late or the worker dies.
   */
  private async ask<T>(job: Job, limitMs: number, ended: (ending: Ending, elapsedMs: number) => T): Promise<T> {
    const worker = await this.start();
    const id = this.nextId++;
    const started = performance.now();
    return new Promise<T>((resolve, reject) => {
      const finish = (settle: () => void) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        // An idle worker must not keep a process (a script, local mode at its end) from ending.
        if (![...this.waiting.values()].some((waiting) => waiting.worker === worker)) worker.unref();
        settle();
      };
      const timer = setTimeout(() => {
        this.stop(worker);
        finish(() => resolve(ended('late', performance.now() - started)));
      }, limitMs);
      this.waiting.set(id, {
        worker,
        answer: (message) =>
          finish(() => (message.error === undefined ? resolve(message.result as T) : reject(new Error(message.error)))),
        end: () => finish(() => resolve(ended('crashed', performance.now() - started))),
      });
      worker.ref();
      worker.postMessage({ id, ...job } satisfies WorkerRequest);
    });
  }

  private start(): Promise<Worker> {
    if (this.worker) return this.worker;
    this.workersStarted += 1;
    const worker = new Worker(new URL(import.meta.url), { workerData: { role: WORKER_ROLE } });
    this.live = worker;
    const starting = new Promise<Worker>((resolve, reject) => {
      worker.on('message', (message: WorkerAnswer) => {
        if (message.ready) resolve(worker);
        else if (message.id !== undefined) this.waiting.get(message.id)?.answer(message);
      });
      const gone = (error?: unknown) => {
        this.forget(worker);
        reject(error instanceof Error ? error : new Error('The code sandbox stopped before it was ready'));
        for (const job of [...this.waiting.values()]) if (job.worker === worker) job.end();
      };
      worker.on('error', gone);
      worker.on('exit', () => gone());
    });

    this.worker = starting;
    return starting;
  }

  private stop(worker: Worker): void {
    this.forget(worker);
    void worker.terminate();
  }

  private forget(worker: Worker): void {
    if (this.live !== worker) return;
    this.live = undefined;
    this.worker = undefined;
  }
}
