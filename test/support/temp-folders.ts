// test support: temporary folders that a test file creates and removes again. Every folder a file asks
// for lives under one folder of its own in os.tmpdir(), removed after the file's tests (afterAll), so
// a failing test cleans up too. test/support/tmp-guard.ts checks that nothing else is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

/**
 * Registers the cleanup (call it at the top of a test file or in a describe block) and returns a
 * function that makes a new, empty folder on each call, e.g. a CDK app's `outdir`.
 */
export function tempFolders(prefix: string): () => string {
  let root: string | undefined;
  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });
  return () => {
    root ??= mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
    return mkdtempSync(path.join(root, 'out-'));
  };
}
