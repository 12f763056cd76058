// unit: every path of this repository that a comment, README.md or docs/*.md names exists. Files move
// (routes became operations, tests were regrouped) and the sentences pointing at them stay behind; a
// reader sent to a missing file learns nothing. A path is rooted at one of the source folders; a brace
// path (`functions/core/outbound/{http-call,url-policy}.ts`) names each of its expansions, a glob
// (`test/integration/fuzz-*.test.ts`) at least one file, and a placeholder
// (`functions/operations/<name>.ts`) ends the path before it.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../architecture/graph.ts';

const ROOTS = ['functions', 'lib', 'web/src', 'scripts', 'test', 'bin'];
// Not preceded by a path or package character, so `aws-cdk-lib/aws-s3` and `node_modules/x/lib/` are not read as ours.
const PATH = new RegExp(`(?<![\\w./@-])((?:${ROOTS.join('|')})/[\\w.{},*/-]*[\\w}/*])`, 'g');

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\0')
  .filter((file) => file !== '' && existsSync(`${repoRoot}${file}`));

const sources = tracked.filter(
  (file) => /\.(ts|tsx|mts|js|mjs|cjs)$/.test(file) && ROOTS.some((root) => file.startsWith(`${root}/`)),
);
const pages = tracked.filter((file) => file === 'README.md' || /^docs\/[^/]+\.md$/.test(file));

/** The comment text of a source file: what follows `//`, and the lines of block comments. */
function comments(text: string): string {
  return text
    .split('\n')
    .map((line) => {
      const trimmed = line.trim();
      if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return trimmed;
      const slashes = line.indexOf('//');
      return slashes === -1 ? '' : line.slice(slashes);
    })
    .join('\n');
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts`, innermost-first so nested braces expand too. */
function expandBraces(path: string): string[] {
  const group = /\{([^{}]*)\}/.exec(path);
  if (!group) return [path];
  const [before, after] = [path.slice(0, group.index), path.slice(group.index + group[0].length)];
  return group[1]!.split(',').flatMap((choice) => expandBraces(`${before}${choice}${after}`));
}

const everyPath = new Set(
  tracked.flatMap((file) => file.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/'))),
);

function exists(path: string): boolean {
  const bare = path.replace(/\.+$/, '').replace(/\/$/, '');
  if (!bare.includes('*')) return everyPath.has(bare);
  const glob = new RegExp(
    `^${bare
      .replace(/[.+?^$()|[\]\\]/g, '\\$&')
      .replace(/\*\*/g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\0/g, '.*')}$`,
  );
  return [...everyPath].some((candidate) => glob.test(candidate));
}

function stalePaths(file: string): string[] {
  const text = readFileSync(`${repoRoot}${file}`, 'utf8');
  const searched = file.endsWith('.md') ? text : comments(text);
  return [...searched.matchAll(PATH)].flatMap(([, named]) =>
    expandBraces(named!).flatMap((path) => (exists(path) ? [] : [`${file}: ${path}`])),
  );
}

describe('paths named in comments, README.md and docs/*.md', () => {
  it('expand brace paths to each choice', () => {
    expect(expandBraces('functions/core/{a,b}.ts')).toEqual(['functions/core/a.ts', 'functions/core/b.ts']);
    expect(expandBraces('test/{unit,infra}/{x,y}')).toEqual([
      'test/unit/x',
      'test/unit/y',
      'test/infra/x',
      'test/infra/y',
    ]);
  });

  it('name files and folders that exist', () => {
    expect(sources.length).toBeGreaterThan(500);
    expect(pages.length).toBeGreaterThan(10);
    expect([...sources, ...pages].flatMap(stalePaths)).toEqual([]);
  });
});
