// The stack outputs the documentation tells people to read exist: every `OutputKey` query of a shell
// snippet and every backticked `Stack.Output` name in README.md and docs/*.md is an output of the
// synthesized stack it names (a name ending in … is a prefix: CDK appends a hash to nested construct ids).
import { readdirSync, readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-docs-outputs');
const STACKS = ['StatefulStack', 'StatelessStack'] as const;

interface OutputReference {
  readonly file: string;
  readonly stack: string;
  readonly name: string;
  readonly prefix: boolean;
}

const root = new URL('../../', import.meta.url);
const files = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** Output names a page refers to: shell queries (`--stack-name S … OutputKey=='N'`) and `S.N` in backticks. */
function outputReferences(file: string, text: string): OutputReference[] {
  const references: OutputReference[] = [];
  for (const match of text.matchAll(
    /--stack-name\s+(\w+)[^\n]*(?:\\\n[^\n]*)*?OutputKey\s*(==|,)\s*['`]([A-Za-z0-9]+)['`]/g,
  )) {
    // `starts_with(OutputKey,'N')` is a prefix query; `OutputKey=='N'` an exact one.
    references.push({ file, stack: match[1]!, name: match[3]!, prefix: match[2] === ',' });
  }
  for (const match of text.matchAll(/`(StatefulStack|StatelessStack)\.([A-Za-z0-9]+)(…)?`/g)) {
    references.push({ file, stack: match[1]!, name: match[2]!, prefix: match[3] === '…' });
  }
  return references;
}

describe('stack outputs named by the documentation', () => {
  let outputs: Map<string, string[]>;

  beforeAll(() => {
    // Prepare: the real app, synthesized without bundling.
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    outputs = new Map([
      ['StatefulStack', Object.keys(Template.fromStack(built.stateful).toJSON().Outputs ?? {})],
      ['StatelessStack', Object.keys(Template.fromStack(built.stateless).toJSON().Outputs ?? {})],
    ]);
  }, 120_000);

  it('finds the references in the pages (the README deploy snippet among them)', () => {
    const references = files.flatMap((file) => outputReferences(file, readFileSync(new URL(file, root), 'utf8')));
    expect(references.some((reference) => reference.file === 'README.md' && reference.stack === 'StatefulStack')).toBe(
      true,
    );
    expect(references.length).toBeGreaterThan(3);
  });

  it('exist in the synthesized stack each one names', () => {
    // Act
    const references = files.flatMap((file) => outputReferences(file, readFileSync(new URL(file, root), 'utf8')));
    // Assess
    for (const reference of references) {
      expect(STACKS, `${reference.file}: ${reference.stack}`).toContain(reference.stack);
      const names = outputs.get(reference.stack)!;
      const found = names.some((name) =>
        reference.prefix ? name.startsWith(reference.name) : name === reference.name,
      );
      expect(
        found,
        `${reference.file} names ${reference.stack} output ${reference.name}${reference.prefix ? '…' : ''}; ` +
          `the stack has ${names.join(', ')}`,
      ).toBe(true);
    }
  });
});
