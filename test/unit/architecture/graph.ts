// The import graphs of functions/ and lib/, and of the studio (web/src), built by madge (the same tool and options
// as `npx madge --circular --extensions ts functions lib` and `npx madge --circular --extensions ts,tsx
// --ts-config web/tsconfig.json web/src`), so a test and a person at the shell agree. Each is built once per test
// file and shared by its tests: madge parses every module, seconds to tens of seconds on a loaded 2-core machine.
import { fileURLToPath } from 'node:url';
import madge from 'madge';

export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

let graph: ReturnType<typeof madge> | undefined;
let webGraph: ReturnType<typeof madge> | undefined;

export function importGraph(): ReturnType<typeof madge> {
  graph ??= madge(['functions', 'lib'], {
    baseDir: repoRoot,
    fileExtensions: ['ts'],
    tsConfig: `${repoRoot}tsconfig.json`,
  });
  return graph;
}

/** The studio's graph; a stylesheet a module imports is a node of it too (`web/src/…/x.css`). */
export function webImportGraph(): ReturnType<typeof madge> {
  webGraph ??= madge(['web/src'], {
    baseDir: repoRoot,
    fileExtensions: ['ts', 'tsx'],
    tsConfig: `${repoRoot}web/tsconfig.json`,
  });
  return webGraph;
}
