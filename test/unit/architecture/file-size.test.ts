// No file of the service, the studio, the scripts, the CDK app, the tests (unit, integration, infrastructure,
// end-to-end) or the docs is over 400 lines: a file that long has more than one job, and one job per file is
// how a reader finds a thing and a reviewer sees a change. A long page is split by topic, a long test file by
// what its describe blocks cover, with shared setup in a support module beside it.
// Only generated files and data are longer, each named below with its reason.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './graph.ts';

const MAX_LINES = 400;

/** Files allowed to be longer: generated or data, never written by hand. */
const GENERATED_OR_DATA: ReadonlyArray<readonly [RegExp, string]> = [
  [/\.generated\.(json|ts)$/, 'written by `npm run tool-index` from the operation catalogue'],
  [/^docs\/openapi\.json$/, 'written by `npm run openapi`'],
  [/(^|\/)package-lock\.json$/, "npm's lockfile"],
  [/^test\/support\/fixtures\/.*\.csv$/, 'published sample data, kept byte for byte'],
  [/\.(png|jpe?g|gif|ico|webp|woff2?|mp3|mp4|wav|zip|gz)$/, 'binary: lines mean nothing'],
];

function heldFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((file) => file !== '' && existsSync(`${repoRoot}${file}`))
    .filter((file) => !GENERATED_OR_DATA.some(([pattern]) => pattern.test(file)));
}

const lineCount = (file: string) => readFileSync(`${repoRoot}${file}`, 'utf8').split('\n').length - 1;

describe('file size', () => {
  it(`no hand-written file is over ${MAX_LINES} lines`, () => {
    const files = heldFiles();
    expect(files.filter((file) => file.startsWith('functions/')).length).toBeGreaterThan(300);
    expect(files.filter((file) => file.startsWith('web/src/')).length).toBeGreaterThan(50);
    expect(files.filter((file) => file.startsWith('test/unit/')).length).toBeGreaterThan(100);
    expect(files.filter((file) => file.startsWith('test/integration/')).length).toBeGreaterThan(50);
    expect(files.filter((file) => file.startsWith('test/infra/')).length).toBeGreaterThan(20);
    expect(files.filter((file) => file.startsWith('docs/')).length).toBeGreaterThan(20);
    const over = files.flatMap((file) => {
      const lines = lineCount(file);
      return lines > MAX_LINES ? [`${file} (${lines})`] : [];
    });
    expect(over).toEqual([]);
  });

  it('allows length only to files that are generated or data and exist', () => {
    const listed = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' }).split('\0');
    for (const [pattern] of GENERATED_OR_DATA.slice(0, 3)) expect(listed.some((file) => pattern.test(file))).toBe(true);
  });
});
