// The studio's tool contract (web/src/mcp/contract.generated.ts) is rendered from the tool index, which
// is rendered from the operation catalogue; this keeps the committed file equal to both.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderToolIndex } from '#gateway/tool-index-source';
import { STUDIO_CONTRACT_FILE, renderStudioContract, typeOf } from '../../../scripts/studio-contract.ts';

describe('studio contract', () => {
  it('is what contract.generated.ts holds (run `npm run tool-index` after changing an operation)', () => {
    // Prepare
    const expected = renderStudioContract(JSON.parse(renderToolIndex()));
    // Assess
    expect(readFileSync(STUDIO_CONTRACT_FILE, 'utf8')).toBe(expected);
  });

  it('prints the JSON Schema keywords the views use as TypeScript', () => {
    // Assess
    expect(typeOf({ type: ['string', 'null'] })).toBe('string | null');
    expect(typeOf({ enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeOf({ const: true })).toBe('true');
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'number' }] } })).toBe(
      '(string | number)[]',
    );
    expect(typeOf({ type: 'object', additionalProperties: { type: 'integer' } })).toBe('Record<string, number>');
    expect(typeOf({ type: 'object', properties: { a: { type: 'string' }, 'b-c': {} }, required: ['a'] })).toBe(
      '{\n  a: string;\n  "b-c"?: unknown;\n}',
    );
  });
});
