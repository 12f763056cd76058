// unit: every Lambda handler is `observed` (per-invocation ids on every log line, the request line of an
// HTTP function, the EMF flush). Not only the routes (observed-routes.test.ts walks the manifest): every
// module under functions/ that exports a `handler` — a route's own module, the workflow tasks, the
// workers — found by reading the sources, so a new function cannot be added without the wrapper. The
// expired-holds sweeper was one that had it not.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isObserved } from '#adapters/observability/powertools';
import { CREDIT_HOLDS_SWEEPER_ENTRY } from '../../../lib/constructs/credit-holds-sweeper.ts';
import { WORKFLOW_FUNCTION_ENTRIES } from '../../../lib/constructs/run-workflow.ts';

const FUNCTIONS = fileURLToPath(new URL('../../../functions/', import.meta.url));

/**
 * The generic entry of the operation routes imports its operation through a bundler alias that names a
 * different file per function (lib/constructs/bundling.ts), so it cannot be imported as it is; the handler
 * it builds for each operation is checked per route in observed-routes.test.ts.
 */
const ALIASED_ENTRIES = new Set(['http/operation-entry.ts']);

const EXPORTS_HANDLER = /^export\s+(?:const\s+handler\b|(?:async\s+)?function\s+handler\b|\{[^}]*\bhandler\b[^}]*\})/m;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

const handlerModules = sourcesUnder(FUNCTIONS)
  .filter((path) => EXPORTS_HANDLER.test(readFileSync(path, 'utf8')))
  .map((path) => relative(FUNCTIONS, path))
  .filter((module) => !ALIASED_ENTRIES.has(module))
  .sort();

describe('Lambda handler modules', () => {
  it('include every function CDK deploys that is not a route (workflow tasks, workers)', () => {
    const serviceEntries = [...Object.values(WORKFLOW_FUNCTION_ENTRIES), CREDIT_HOLDS_SWEEPER_ENTRY];
    expect(serviceEntries.length).toBeGreaterThan(0);
    for (const entry of serviceEntries) expect(handlerModules).toContain(entry);
  });

  it.each(handlerModules)('functions/%s exports an observed handler', async (module) => {
    const loaded = (await import(/* @vite-ignore */ join(FUNCTIONS, module))) as { handler?: unknown };
    expect(typeof loaded.handler).toBe('function');
    expect(
      isObserved(loaded.handler),
      `functions/${module}: build it with defineHandler or wrap it in observed()`,
    ).toBe(true);
  });
});
