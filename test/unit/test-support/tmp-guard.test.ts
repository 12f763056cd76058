// The temp-folder guard: tests that leave files fail the run, the runtime's own caches do not.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import setup from '../../support/tmp-guard.ts';

// The guard keeps its state on this process's globalThis; the run's own guard lives in vitest's main
// process, so a setup() here opens a fresh one inside the run's temp folder and puts TMPDIR back after.
function guardedFolder(): { folder: string; teardown: () => void } {
  const teardown = setup();
  return { folder: os.tmpdir(), teardown };
}

describe('tmp guard', () => {
  it("ignores Node 22's compile cache and tsx's cache", () => {
    const before = os.tmpdir();
    const { folder, teardown } = guardedFolder();
    expect(folder).not.toBe(before);
    mkdirSync(path.join(folder, 'node-compile-cache', 'v22.23.3'), { recursive: true });
    mkdirSync(path.join(folder, 'tsx-0'));
    expect(teardown).not.toThrow();
    expect(existsSync(folder)).toBe(false);
    expect(os.tmpdir()).toBe(before);
  });

  it('fails on what a test left, naming it, and still removes the folder', () => {
    const { folder, teardown } = guardedFolder();
    mkdirSync(path.join(folder, 'node-compile-cache'));
    writeFileSync(path.join(folder, 'left-behind.json'), '{}');
    expect(teardown).toThrow(/left 1 item\(s\) in the temp folder: left-behind\.json/);
    expect(existsSync(folder)).toBe(false);
  });
});
