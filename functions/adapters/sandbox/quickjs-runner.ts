// adapter: runs tenant JavaScript on QuickJS compiled to WebAssembly (quickjs-emscripten-core with the
// release-sync build whose .wasm is embedded in its ES module, so an esbuild bundle carries it and no file
// is looked up at run time, in Lambda or locally), in the thread that calls it. The tenant's code sees
// ECMAScript and `console`, nothing else: no require, process, fetch, timers, std/os modules; its memory
// is the WebAssembly instance's. QuickJsSandbox (quickjs-sandbox.ts) runs this in a worker thread it can
// stop, because QuickJS's own deadline can be late by far more than a node's limit.
//
//   one module per thread (loaded at first use) ──▶ per run: a new runtime + context with memory, stack
//   and deadline limits ──▶ prelude, inputs (parsed inside), code ──▶ drive ──▶ one string back ──▶ dispose
//        ▲                                                                                         │
//        └──────── a stack overflow, out-of-memory or a failed dispose throws the module away ◀────┘
//
// That last arrow is QuickJS's known trap (docs/language.md "Code"): after some of these failures freeing
// the runtime can abort the WebAssembly module, and every later runtime in it fails, so a module that
// saw one is never reused.
import {
  newQuickJSWASMModuleFromVariant,
  shouldInterruptAfterDeadline,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten-core';
import { CODE_LIMITS, type CodeOutcome, type CodeRun, type CodeSandbox } from '#core/code/sandbox';
import { PRELUDE, SOURCE_FILE, wrapSource } from './prelude.ts';

type Failure = Extract<CodeOutcome, { ok: false }>;

export class QuickJsRunner implements CodeSandbox {
  private module: Promise<QuickJSWASMModule> | undefined;
  private current: QuickJSWASMModule | undefined;
  /** How many modules this sandbox has loaded (1 + rebuilds); tests read it. */
  modulesLoaded = 0;

  async run(request: CodeRun): Promise<CodeOutcome> {
    const { module, runtime, context } = await this.fresh(request.timeoutMs);
    const started = performance.now();
    const logs: string[] = [];
    const handles: QuickJSHandle[] = [];
    let outcome: CodeOutcome | undefined;
    try {
      const answer = evaluate(context, handles, request, logs);
      const elapsedMs = performance.now() - started;
      outcome =
        answer.kind === 'answer'
          ? fromAnswer(answer.text, logs, elapsedMs)
          : { ok: false, ...answer.failure, logs, elapsedMs };
      return outcome;
    } catch (error) {
      // The host itself failed inside the module: V8's own stack ran out in QuickJS's native recursion
      // (JSON.parse or JSON.stringify of deeply nested values overflow it before QuickJS's stack check
      // does), or the module aborted. Nothing more is asked of this module; it is rebuilt below.
      const stack = error instanceof RangeError;
      outcome = {
        ok: false,
        reason: stack ? 'stack' : 'memory',
        message: stack
          ? 'InternalError: stack overflow (values nested too deeply)'
          : 'InternalError: the sandbox failed',
        logs,
        elapsedMs: performance.now() - started,
      };
      return outcome;
    } finally {
      const disposed = release(handles, context, runtime);
      // Rebuild after what can leave the module unusable, even when this dispose went well.
      if (!disposed || (outcome && !outcome.ok && (outcome.reason === 'memory' || outcome.reason === 'stack')))
        this.discard(module);
    }
  }

  async syntaxError(source: string): Promise<string | undefined> {
    const { module, runtime, context } = await this.fresh(CODE_LIMITS.defaultTimeoutMs);
    const handles: QuickJSHandle[] = [];
    try {
      const compiled = context.evalCode(wrapSource(source), SOURCE_FILE, { compileOnly: true });
      handles.push(compiled.error ?? compiled.value);
      return compiled.error ? errorText(context, compiled.error) : undefined;
    } finally {
      if (!release(handles, context, runtime)) this.discard(module);
    }
  }

  /** Loads the module now (a worker does before it takes work, so no run's limit pays for the load). */
  async warm(): Promise<void> {
    await this.load();
  }

  /** A new runtime and context with the run's limits; a module that cannot make one is replaced, once. */
  private async fresh(timeoutMs: number, retried = false): Promise<Fresh> {
    const module = await this.load();
    try {
      const runtime = module.newRuntime();
      runtime.setMemoryLimit(CODE_LIMITS.memoryBytes);
      runtime.setMaxStackSize(CODE_LIMITS.stackBytes);
      runtime.setInterruptHandler(shouldInterruptAfterDeadline(Date.now() + timeoutMs));
      return { module, runtime, context: runtime.newContext() };
    } catch (error) {
      this.discard(module);
      if (retried) throw error;
      return this.fresh(timeoutMs, true);
    }
  }

  private load(): Promise<QuickJSWASMModule> {
    if (!this.module) {
      this.modulesLoaded += 1;
      const loading: Promise<QuickJSWASMModule> = newQuickJSWASMModuleFromVariant(
        import('@jitl/quickjs-singlefile-mjs-release-sync'),
      ).then(
        (module) => {
          if (this.module === loading) this.current = module;
          return module;
        },
        (error: unknown) => {
          if (this.module === loading) this.module = undefined;
          throw error;
        },
      );
      this.module = loading;
    }
    return this.module;
  }

  /** Never hands out `module` again (a module already replaced stays replaced). */
  private discard(module: QuickJSWASMModule): void {
    if (this.current !== module) return;
    this.module = undefined;
    this.current = undefined;
  }
}

interface Fresh {
  module: QuickJSWASMModule;
  runtime: QuickJSRuntime;
  context: QuickJSContext;
}

type Evaluation = { kind: 'answer'; text: string } | { kind: 'failed'; failure: Pick<Failure, 'reason' | 'message'> };

/** Prelude, inputs, the tenant's function, then drive: everything runs under the runtime's limits. */
function evaluate(context: QuickJSContext, handles: QuickJSHandle[], request: CodeRun, logs: string[]): Evaluation {
  const keep = (handle: QuickJSHandle) => {
    handles.push(handle);
    return handle;
  };
  const hostLog = keep(
    context.newFunction('hostLog', (line) => {
      // drive bounds each line; a line that is still long (the prelude's console replaced) is dropped unread.
      const length = context.getProp(line, 'length');
      const chars = context.typeof(line) === 'string' ? context.getNumber(length) : Number.POSITIVE_INFINITY;
      length.dispose();
      if (chars <= CODE_LIMITS.maxLogChars && logs.length <= CODE_LIMITS.maxLogLines)
        logs.push(context.getString(line));
    }),
  );
  const limits = keep(context.newObject());
  for (const [name, value] of [
    ['lines', CODE_LIMITS.maxLogLines],
    ['chars', CODE_LIMITS.maxLogChars],
  ] as const) {
    const number = context.newNumber(value);
    context.setProp(limits, name, number);
    number.dispose();
  }
  const prelude = context.evalCode(PRELUDE, 'prelude.js');
  if (prelude.error) return failed(context, keep(prelude.error));
  const installed = context.callFunction(keep(prelude.value), context.undefined, hostLog, limits);
  if (installed.error) return failed(context, keep(installed.error));
  const drive = keep(installed.value);

  // Inputs cross as JSON text parsed inside the sandbox: no host object is ever referenced from it.
  const parse = context.evalCode('JSON.parse', 'inputs.js');
  if (parse.error) return failed(context, keep(parse.error));
  const args = context.callFunction(
    keep(parse.value),
    context.undefined,
    keep(context.newString(JSON.stringify(request.args))),
  );
  if (args.error) return failed(context, keep(args.error));
  keep(args.value);

  const code = context.evalCode(wrapSource(request.source), SOURCE_FILE);
  if (code.error) return failed(context, keep(code.error), 'syntax');
  const answer = context.callFunction(drive, context.undefined, keep(code.value), args.value);
  if (answer.error) return failed(context, keep(answer.error));
  const result = keep(answer.value);
  const length = keep(context.getProp(result, 'length'));
  if (context.typeof(result) !== 'string' || context.getNumber(length) > CODE_LIMITS.maxResultChars + 1)
    return {
      kind: 'failed',
      failure: { reason: 'threw', message: `its result is over ${CODE_LIMITS.maxResultChars} characters of JSON` },
    };
  return { kind: 'answer', text: context.getString(result) };
}

/** A failure QuickJS raised itself (outside drive's catch): a deadline, memory, the stack, or a syntax error. */
function failed(context: QuickJSContext, error: QuickJSHandle, otherwise: Failure['reason'] = 'threw'): Evaluation {
  const message = errorText(context, error);
  return { kind: 'failed', failure: { reason: limitReason(message) ?? otherwise, message } };
}

function errorText(context: QuickJSContext, error: QuickJSHandle): string {
  try {
    const dumped: unknown = context.dump(error);
    if (dumped && typeof dumped === 'object') {
      const { name, message, stack } = dumped as { name?: unknown; message?: unknown; stack?: unknown };
      const line = typeof stack === 'string' ? /code\.js:(\d+)/.exec(stack)?.[1] : undefined;
      return `${String(name ?? 'Error')}: ${String(message ?? '')}${line ? ` (line ${line})` : ''}`.slice(0, 2_000);
    }
    return String(dumped).slice(0, 2_000);
  } catch {
    return 'an error that could not be read (the sandbox ran out of memory)';
  }
}

function fromAnswer(text: string, logs: string[], elapsedMs: number): CodeOutcome {
  const body = text.slice(1);
  if (text.startsWith('R')) return { ok: true, json: body, logs, elapsedMs };
  if (text.startsWith('N'))
    return { ok: false, reason: 'threw', message: `${body}, which is not JSON`, logs, elapsedMs };
  // Running out of memory or stack throws an error the code can catch, and drive did: name it as QuickJS did.
  return { ok: false, reason: limitReason(body) ?? 'threw', message: body, logs, elapsedMs };
}

function limitReason(message: string): 'timeout' | 'memory' | 'stack' | undefined {
  if (/^InternalError: interrupted\b/.test(message)) return 'timeout';
  if (/^InternalError: out of memory\b/.test(message)) return 'memory';
  if (/^(InternalError|RangeError|SyntaxError): (stack overflow|Maximum call stack size)/.test(message)) return 'stack';
  return undefined;
}

/** Frees a run's handles, context and runtime; false when freeing failed (the module may be broken). */
function release(handles: QuickJSHandle[], context: QuickJSContext, runtime: { dispose(): void }): boolean {
  try {
    for (const handle of handles.reverse()) if (handle.alive) handle.dispose();
    context.dispose();
    runtime.dispose();
    return true;
  } catch {
    return false;
  }
}
