// The import graph of functions/ and lib/, built by madge (the same tool and options as
// `npx madge --circular --extensions ts functions lib`), so a test and a person at the shell agree.
// Built once per test file and shared by its tests: madge parses every module, tens of seconds on a
// loaded 2-core machine.
import { fileURLToPath } from 'node:url';
import madge from 'madge';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let graph: ReturnType<typeof madge> | undefined;

export function importGraph(): ReturnType<typeof madge> {
  graph ??= madge(['functions', 'lib'], {
    baseDir: repoRoot,
    fileExtensions: ['ts'],
    tsConfig: `${repoRoot}tsconfig.json`,
  });
  return graph;
}
