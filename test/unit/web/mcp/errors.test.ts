// unit: the studio reads a failed tool call by its code (_meta.error), never by its words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../../../functions/core/errors.ts';
import { toolErrorOf, wordingOf } from '../../../../web/src/mcp/errors.ts';

const failed = (text: string, error?: Record<string, unknown>) => ({
  isError: true,
  content: [{ type: 'text', text }],
  ...(error ? { _meta: { error } } : {}),
});

describe('toolErrorOf', () => {
  it('words a 403 missing scope from the code and the scope, not from the sentence', () => {
    // Act: the sentence says nothing of scopes; only the code does.
    const error = toolErrorOf(
      failed('Some words an agent reads', { error: 'x', code: 'missing_scope', status: 403, scope: 'write:canvas' }),
      'create_canvas',
    );

    // Assess
    expect(error.message).toBe(
      'You do not have permission for this (it needs the write:canvas scope, which your role or sign-in does not include).',
    );
    expect(error).toMatchObject({ status: 403, code: 'missing_scope' });
  });

  it('words a 409 version conflict as someone else’s change, and a plain conflict as the service says it', () => {
    // Act
    const stale = toolErrorOf(
      failed('…', {
        error: 'Canvas is at version 4, not the expected 3; reload and retry',
        code: 'version_conflict',
        status: 409,
      }),
      'patch_canvas',
    );
    const archived = toolErrorOf(
      failed('…', { error: 'Canvas cnv_1 is archived; restore it before editing', code: 'conflict', status: 409 }),
      'add_node',
    );

    // Assess
    expect(stale.message).toMatch(/^Someone else changed this meanwhile\. /);
    expect(stale).toMatchObject({ status: 409, code: 'version_conflict' });
    expect(archived.message).toBe('Canvas cnv_1 is archived; restore it before editing.');
  });

  it('reads no status out of the words when a result carries no code', () => {
    // Act
    const error = toolErrorOf(failed('Missing scope: write:canvas. Read the current state again'), 'add_node');

    // Assess
    expect(error.status).toBeUndefined();
    expect(error.code).toBeUndefined();
  });

  it('words every code the service lists', () => {
    for (const code of ERROR_CODE_LIST)
      expect(wordingOf({ error: 'What happened', code, status: 400 }).length, code).toBeGreaterThan(5);
  });

  it('holds no regular expression over messages', () => {
    const source = readFileSync(join(import.meta.dirname, '../../../../web/src/mcp/errors.ts'), 'utf8');
    expect(source).not.toMatch(/RegExp|\.test\(|\.exec\(|\.match\(/);
  });
});
