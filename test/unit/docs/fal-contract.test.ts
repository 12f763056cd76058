// docs: the model contract table in docs/generation-provider-two.md is the one the code makes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { falContractTable } from '../../../scripts/fal-contract-table.ts';

describe('docs/generation-provider-two.md', () => {
  it('holds the contract table made from fal-models.ts (npx tsx scripts/fal-contract-table.ts)', () => {
    expect(readFileSync(new URL('../../../docs/generation-provider-two.md', import.meta.url), 'utf8')).toContain(falContractTable());
  });
});
