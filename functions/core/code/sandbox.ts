// core: the port a code node runs its JavaScript through, and the limits every run of it obeys. The
// adapter (functions/adapters/sandbox/quickjs-sandbox.ts) runs it in a QuickJS WebAssembly sandbox;
// the core knows only this contract: source and JSON inputs in, a JSON text or a failure out.

/** The limits of one run of a tenant's code (docs/language.md "Code"). */
export const CODE_LIMITS = {
  /** Longest source a code node may hold, in characters. */
  maxSourceLength: 50_000,
  /** CPU time a run may take unless the node asks for another limit. */
  defaultTimeoutMs: 1_000,
  /**
   * Longest limit a node may ask for. Well inside the shortest budget the node runs in (a route's 10 s when
   * a run is run inline, Advance's 90 s on the state machine), with room for the deadline's overshoot.
   */
  maxTimeoutMs: 5_000,
  minTimeoutMs: 10,
  /** Memory of one run's QuickJS runtime (heap and everything it allocates). */
  memoryBytes: 32 * 1024 * 1024,
  /**
   * Stack of one run's QuickJS runtime: deep recursion fails the node, not the process. At 512 KiB (and
   * with no limit) V8's own stack ran out first in QuickJS's native recursion, measured on Node 22.
   */
  stackBytes: 256 * 1024,
  /** Longest result, as JSON text (the engine's largest port value). */
  maxResultChars: 1024 * 1024,
  /** What console.log may capture per run: lines, and characters in all. */
  maxLogLines: 200,
  maxLogChars: 16 * 1024,
} as const;

/** One run of a code node's source, with its inputs as JSON values. */
export interface CodeRun {
  source: string;
  /** The function's arguments: `input`, `inputs` and `run` (see docs/language.md). */
  args: { input: unknown; inputs: unknown[]; run: { inputs: Record<string, unknown> } };
  timeoutMs: number;
}

/**
 * What a run ended with. `ok`: the returned value as JSON text. Otherwise why it failed — `threw` (the
 * code threw, or its result is not JSON), `syntax`, `timeout`, `memory`, `stack` — with a message for
 * the tenant. `logs`: what console.* wrote, bounded by CODE_LIMITS, in either case.
 */
export type CodeOutcome =
  | { ok: true; json: string; logs: string[]; elapsedMs: number }
  | {
      ok: false;
      reason: 'threw' | 'syntax' | 'timeout' | 'memory' | 'stack';
      message: string;
      logs: string[];
      elapsedMs: number;
    };

/** Runs tenant JavaScript with no network, no file system and no host objects, within CODE_LIMITS. */
export interface CodeSandbox {
  run(request: CodeRun): Promise<CodeOutcome>;
  /** The syntax error in `source` as a code node would compile it, or undefined; nothing runs. */
  syntaxError(source: string): Promise<string | undefined>;
}
