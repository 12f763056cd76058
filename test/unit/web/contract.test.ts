// The studio reads the service through the generated contract (web/src/mcp/contract.generated.ts), not
// through hand-written copies of its views: every tool it names is in the contract, and no interface or
// object type declared in web/src has the keys of a server view (derive it: ToolOutput<'tool'>).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { OUTPUT_SCHEMAS, type ToolName } from '../../../web/src/mcp/contract.generated.ts';

const WEB = new URL('../../../web/src/', import.meta.url).pathname;
const sources = (readdirSync(WEB, { recursive: true }) as string[])
  .filter((file) => /\.tsx?$/.test(file) && !file.includes('.generated.'))
  .map((file) => ({ file, text: readFileSync(join(WEB, file), 'utf8') }));

/** Screen types that share an edge's or a document's keys but are the studio's own (not an answer). */
const SCREEN_ONLY = new Set([
  // The connection a person is dragging: an edge before it has an id.
  'canvas/ports.ts ConnectionAttempt',
  // A document as the editor holds it while typing (updatedAt only once saved).
  'canvas/types.ts NodeDocument',
]);

/** The property names of every object the service's output schemas describe, at any depth. */
function serverViews(): string[][] {
  const views: string[][] = [];
  const walk = (schema: unknown): void => {
    if (Array.isArray(schema)) {
      schema.forEach(walk);
      return;
    }
    if (typeof schema !== 'object' || schema === null) return;
    const { properties } = schema as { properties?: Record<string, unknown> };
    if (properties && Object.keys(properties).length > 0) views.push(Object.keys(properties));
    for (const [key, value] of Object.entries(schema)) walk(key === 'properties' ? Object.values(value) : value);
  };
  walk(Object.values(OUTPUT_SCHEMAS));
  return views;
}

/** Object types declared in a studio file (interfaces and `type X = { … }`), with their property names. */
function declaredObjects(file: string, text: string): { name: string; keys: string[] }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const found: { name: string; keys: string[] }[] = [];
  const keysOf = (members: ts.NodeArray<ts.TypeElement>) =>
    members.filter(ts.isPropertySignature).map((member) => member.name.getText(source));
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) found.push({ name: node.name.text, keys: keysOf(node.members) });
    if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
      found.push({ name: node.name.text, keys: keysOf(node.type.members) });
    }
  });
  return found;
}

describe('the studio contract', () => {
  it('types every tool the studio calls', () => {
    // Prepare
    const names = new Set(Object.keys(OUTPUT_SCHEMAS) as ToolName[]);
    const called = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/\.call\(\s*'([a-z_]+)'|readPages\(\s*\w+,\s*'([a-z_]+)'/g)].map((match) => ({
        file,
        tool: match[1] ?? match[2]!,
      })),
    );
    // Assess
    expect(called.length).toBeGreaterThan(50);
    expect(called.filter(({ tool }) => !names.has(tool as ToolName))).toEqual([]);
  });

  it('leaves no hand-written copy of a server view in web/src', () => {
    // Prepare: a declared object with three or more keys, all of them a server view's, covering most of it.
    const views = serverViews();
    const copies = sources.flatMap(({ file, text }) =>
      declaredObjects(file, text)
        .filter(({ keys }) => keys.length >= 3)
        .filter(({ keys }) =>
          views.some((view) => keys.every((key) => view.includes(key)) && keys.length >= 0.6 * view.length),
        )
        .map(({ name }) => `${relative(WEB, join(WEB, file))} ${name}`),
    );
    // Assess
    expect(copies.filter((copy) => !SCREEN_ONLY.has(copy))).toEqual([]);
  });
});
