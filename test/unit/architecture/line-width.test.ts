// No line in the tree is wider than the formatter's line width (biome.jsonc's lineWidth). Biome breaks code but
// not string literals or comments, so this check covers what it leaves: a long comment is broken into more
// lines. A string literal is the one exception: a message stays on one line, whole, so it can be searched
// for (split-strings.test.ts keeps it from being cut into `+` pieces again); the rest of its line still counts.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './graph.ts';
import { countedWidth } from './text-rules.ts';

/** The formatter's line width, read from biome.jsonc so the two cannot disagree. */
function formatterWidth(): number {
  const setting = /"lineWidth":\s*(\d+)/.exec(readFileSync(`${repoRoot}biome.jsonc`, 'utf8'));
  if (!setting) throw new Error('biome.jsonc sets no formatter lineWidth');
  return Number(setting[1]);
}

const WIDTH = formatterWidth();

/** What the check leaves out, and why. */
const EXEMPT: ReadonlyArray<readonly [RegExp, string]> = [
  [/\.md$/, 'prose: a renderer rewraps paragraphs, and a table row or an image line cannot be broken'],
  [/\.generated\.|^docs\/openapi\.json$/, 'generated output: its generator, not a person, lays it out'],
  [/^test\/support\/fixtures\/.*\.csv$/, 'published sample data, kept byte for byte'],
  [/(^|\/)package-lock\.json$/, "npm's file"],
  [/(^|\/)package\.json$/, 'npm reads a script or the description as one JSON string'],
  [/\.asl\.json$/, 'the Amazon States Language has no comments but its Comment strings, and JSON cannot break one'],
  [/\.(png|jpe?g|gif|ico|webp|woff2?|mp3|mp4|wav|zip|gz)$/, 'binary'],
];

function trackedFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed.split('\0').filter((file) => file !== '' && !EXEMPT.some(([pattern]) => pattern.test(file)));
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(`${repoRoot}${file}`, 'utf8');
  } catch {
    return undefined; // listed by git but deleted in the working tree
  }
}

describe('line width', () => {
  it('counts a source line without its string literals, and every other character', () => {
    const message = `'${'m'.repeat(200)}'`;
    expect(countedWidth('a.ts', `throw new Error(${message});`)).toBe(20);
    expect(countedWidth('a.ts', `${' '.repeat(119)}x; // ${'c'.repeat(10)}`)).toBe(135);
    expect(countedWidth('a.md', message)).toBe(202);
    expect(countedWidth('a.ts', `\`${'t'.repeat(200)}\${value}\``)).toBe(10);
  });

  it(`no line in the tree is wider than ${WIDTH} characters`, () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(500);
    const offenders = files.flatMap((file) =>
      (readIfPresent(file) ?? '')
        .split('\n')
        .flatMap((line, index) => (countedWidth(file, line) > WIDTH ? [`${file}:${index + 1} (${line.length})`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
