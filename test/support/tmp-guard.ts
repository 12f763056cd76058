// test support (vitest globalSetup of every project): the run keeps its temporary files in a folder of
// its own and fails if a test left anything there. os.tmpdir() reads TMPDIR on every call, and the test
// workers and the processes tests spawn (npm start, cdk synth) inherit it, so everything they put in
// "the temp folder" lands here, and other runs sharing /tmp at the same time cannot blur the count.
//
// Vitest runs a root globalSetup once per project (and once for the root), each with its own module
// instance, and tears projects down in reverse with the root first. So the state lives on globalThis
// and is counted: the first setup creates the folder, the last teardown (after every other project's
// teardown, e.g. local-services removing its s3rver folder) checks and removes it.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

interface GuardState {
  folder: string;
  previous: string | undefined;
  users: number;
}

const STATE = Symbol.for('workspace-automation.tmp-guard');

/**
 * Caches of tools and of the runtime rather than leftovers of tests: tsx keeps its compile cache in
 * `tsx-<uid>`, and on Node 22 every tool that calls `module.enableCompileCache()` (tsc, npm) writes
 * `node-compile-cache` into the temp folder. They are removed with the folder all the same.
 */
const TOOL_CACHES = [/^tsx-\d+$/, /^node-compile-cache$/];

export default function setup(): () => void {
  const registry = globalThis as { [STATE]?: GuardState };
  let state = registry[STATE];
  if (!state) {
    const previous = process.env.TMPDIR;
    state = { folder: mkdtempSync(path.join(os.tmpdir(), 'vitest-tmp-')), previous, users: 0 };
    registry[STATE] = state;
    process.env.TMPDIR = state.folder;
  }
  state.users += 1;
  const guard = state;

  return () => {
    guard.users -= 1;
    if (guard.users > 0) return;
    delete registry[STATE];
    if (guard.previous === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = guard.previous;
    const leftovers = readdirSync(guard.folder).filter((name) => !TOOL_CACHES.some((cache) => cache.test(name)));
    // Removed either way, so that a failing run does not litter /tmp either.
    rmSync(guard.folder, { recursive: true, force: true });
    if (leftovers.length > 0) {
      throw new Error(
        `Tests left ${leftovers.length} item(s) in the temp folder: ${leftovers.sort().join(', ')}. A test removes what it creates (test/support/temp-folders.ts; a CDK App needs an explicit outdir).`,
      );
    }
  };
}
