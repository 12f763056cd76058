// No line in the tree is wider than the formatter's line width (biome.jsonc's lineWidth). Biome breaks code but
// not string literals or comments, so this check covers what it leaves: a long message is broken into
// concatenated parts, a long comment into more lines.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './graph.ts';

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
  it(`no line in the tree is wider than ${WIDTH} characters`, () => {
    const files = trackedFiles();
    expect(files.length).toBeGreaterThan(500);
    const offenders = files.flatMap((file) =>
      (readIfPresent(file) ?? '')
        .split('\n')
        .flatMap((line, index) => (line.length > WIDTH ? [`${file}:${index + 1} (${line.length})`] : [])),
    );
    expect(offenders).toEqual([]);
  });
});
