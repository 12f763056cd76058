// No message is cut into `+` pieces across lines: `'Canvas ' +\n 'not found'` cannot be found by searching for
// "Canvas not found". A literal stays whole on one line (line-width.test.ts lets it pass the width). Text
// laid out line by line on purpose — every piece but the last ends in a newline — is left as it is, and so is
// a template that is mostly code (more than MAX_CODE characters inside its `${…}`): one line of it would be
// code nobody can read, not a message anybody searches for.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './graph.ts';
import { splitStrings } from './text-rules.ts';

function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed
    .split('\0')
    .filter((file) => /\.(ts|tsx|mts)$/.test(file) && !file.includes('.generated.') && !file.startsWith('.ci/'));
}

describe('string literals', () => {
  it('finds a message split over lines, and leaves one-line joins and line-by-line text alone', () => {
    const source = [
      "const a = 'Canvas ' +",
      "  'not found';",
      "const b = 'one' + 'line';",
      "const c = 'first\\n' +",
      "  'second\\n';",
      `const d = \`n=\${1} \` +`,
      "  ('and more');",
      "const e = 'x' +",
      '  String(1);',
      `const f = \`\${${'x'.repeat(61)}}\` +`,
      "  'tail';",
    ].join('\n');
    expect(splitStrings('sample.ts', source)).toEqual([1, 6]);
  });

  it('no string literal in the tree is cut into + pieces across lines', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const offenders = files.flatMap((file) => {
      let source: string;
      try {
        source = readFileSync(`${repoRoot}${file}`, 'utf8');
      } catch {
        return []; // listed by git but deleted in the working tree
      }
      return splitStrings(file, source).map((line) => `${file}:${line}`);
    });
    expect(offenders).toEqual([]);
  });
});
