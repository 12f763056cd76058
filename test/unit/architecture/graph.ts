// The import graph of functions/ and lib/, built once per test file by madge (the same tool and options
// as `npx madge --circular --extensions ts functions lib`), so a test and a person at the shell agree.
import { fileURLToPath } from 'node:url';
import madge from 'madge';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export function importGraph() {
  return madge(['functions', 'lib'], {
    baseDir: repoRoot,
    fileExtensions: ['ts'],
    tsConfig: `${repoRoot}tsconfig.json`,
  });
}
