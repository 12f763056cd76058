// unit: the README and docs/*.md point only at files of this repository — every relative link resolves
// to a file or folder that exists inside it, and no backticked path climbs out of it (a reader of a
// fresh clone has nothing outside it).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(resolve(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

const inside = (path: string) => !relative(root, path).startsWith('..');

describe('links in README.md and docs/*.md', () => {
  it('resolve to files inside the repository', () => {
    const broken: string[] = [];
    for (const page of pages) {
      const text = readFileSync(resolve(root, page), 'utf8');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^(https?:|mailto:|#)/.test(target!)) continue;
        const path = resolve(dirname(resolve(root, page)), target!.split('#')[0]!);
        if (!inside(path) || !existsSync(path)) broken.push(`${page}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('name no path outside the repository', () => {
    const outside: string[] = [];
    for (const page of pages) {
      const text = readFileSync(resolve(root, page), 'utf8');
      for (const [, path] of text.matchAll(/`(\.\.\/[^`\s]*|\/work\/[^`\s]*)`/g)) outside.push(`${page}: ${path}`);
    }
    expect(outside).toEqual([]);
  });
});
