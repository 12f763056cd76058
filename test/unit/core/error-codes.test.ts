// unit: every domain error carries a stable machine code, declared once on its class (functions/core/errors.ts),
// and the HTTP body, the OpenAPI document and docs/api.md all say the same.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  ERROR_CODES,
  ERROR_CODE_LIST,
  ForbiddenError,
  IdempotencyConflictError,
  MissingScopeError,
  NotFoundError,
  VersionConflictError,
} from '#core/errors';
import { INTERNAL_ERROR_BODY, errorBody, statusOf } from '#http/errors';
import { buildOpenApiDocument } from '../../../functions/openapi/document.ts';

const FUNCTIONS = join(import.meta.dirname, '../../../functions');
const DOCS = join(import.meta.dirname, '../../../docs');

type ErrorClass = typeof DomainError;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sources(join(dir, entry.name))
      : entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Every exported class under functions/ that descends from DomainError, loaded from its module. */
async function domainErrorClasses(): Promise<Map<string, ErrorClass>> {
  const declared = new Map<string, { parent: string; file: string }>();
  for (const file of sources(FUNCTIONS)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/export class (\w+) extends (\w+)/g))
      declared.set(match[1]!, { parent: match[2]!, file });
  }
  const descends = (name: string): boolean =>
    name === 'DomainError' || (declared.has(name) && descends(declared.get(name)!.parent));
  const classes = new Map<string, ErrorClass>();
  for (const [name, { file }] of declared) {
    if (!descends(name)) continue;
    const module = (await import(pathToFileURL(file).href)) as Record<string, ErrorClass>;
    classes.set(name, module[name]!);
  }
  return classes;
}

describe('error codes', () => {
  it('gives every domain error class under functions/ a listed code', async () => {
    // Act
    const classes = await domainErrorClasses();

    // Assess
    expect(classes.size).toBeGreaterThanOrEqual(20);
    for (const [name, type] of classes) {
      expect(type, name).toBeTypeOf('function');
      expect(ERROR_CODE_LIST, name).toContain(type.code);
    }
  });

  it('refines a code only with a new one, and every code means one HTTP status', async () => {
    // Prepare
    const classes = await domainErrorClasses();
    const statusByCode = new Map<string, Set<number>>();

    // Act
    for (const type of classes.values()) {
      const parent = Object.getPrototypeOf(type) as ErrorClass;
      if (Object.hasOwn(type, 'code') && parent !== DomainError && parent.code !== undefined)
        expect(type.code, type.name).not.toBe(parent.code);
      const status = statusOf(Object.create(type.prototype) as DomainError);
      statusByCode.set(type.code, (statusByCode.get(type.code) ?? new Set()).add(status));
    }

    // Assess
    for (const [code, statuses] of statusByCode) expect([...statuses], code).toHaveLength(1);
    // Every listed code is used: by a class, or by the 500 body of a fault of ours.
    const used = new Set([...statusByCode.keys(), INTERNAL_ERROR_BODY.code]);
    expect([...used].sort()).toEqual([...ERROR_CODE_LIST].sort());
  });

  it('lists codes in snake_case with a distinct meaning and an action each', () => {
    // Assess
    for (const code of ERROR_CODE_LIST) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
    const meanings = ERROR_CODE_LIST.map((code) => ERROR_CODES[code].meaning);
    expect(new Set(meanings).size).toBe(meanings.length);
    for (const code of ERROR_CODE_LIST) expect(ERROR_CODES[code].action.length).toBeGreaterThan(5);
  });

  it('answers the body { error, code }, with the scope beside a missing_scope', () => {
    // Assess
    expect(errorBody(new NotFoundError('Canvas cnv_x not found'))).toEqual({
      error: 'Canvas cnv_x not found',
      code: 'not_found',
    });
    expect(errorBody(new VersionConflictError('stale'))).toEqual({ error: 'stale', code: 'version_conflict' });
    expect(errorBody(new IdempotencyConflictError('reused'))).toEqual({
      error: 'reused',
      code: 'idempotency_conflict',
    });
    expect(errorBody(new ForbiddenError('Not a member'))).toEqual({ error: 'Not a member', code: 'forbidden' });
    expect(errorBody(new MissingScopeError('write:canvas'))).toEqual({
      error: 'Missing scope: write:canvas',
      code: 'missing_scope',
      scope: 'write:canvas',
    });
  });

  it('lists every code in the OpenAPI Error schema and in the docs table', () => {
    // Act
    const document = buildOpenApiDocument() as unknown as {
      components: { schemas: { Error: { properties: { code: { enum: string[] } }; required: string[] } } };
    };
    const docs = readFileSync(join(DOCS, 'api.md'), 'utf8');

    // Assess
    expect(document.components.schemas.Error.properties.code.enum).toEqual(ERROR_CODE_LIST);
    expect(document.components.schemas.Error.required).toEqual(['error', 'code']);
    for (const code of ERROR_CODE_LIST) expect(docs, code).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
  });
});
