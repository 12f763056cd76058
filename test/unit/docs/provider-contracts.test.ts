// docs: the model contract tables in docs/generation-provider-two.md and docs/generation-provider-one.md
// are the ones the code makes.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { falContractTable } from '../../../scripts/fal-contract-table.ts';
import { veoContractTable } from '../../../scripts/veo-contract-table.ts';

const doc = (name: string) => readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

describe('the provider contract documents', () => {
  it('docs/generation-provider-two.md holds the contract table made from fal-models.ts (npx tsx scripts/fal-contract-table.ts)', () => {
    expect(doc('generation-provider-two.md')).toContain(falContractTable());
  });

  it('docs/generation-provider-one.md holds the contract tables made from veo-models.ts (npx tsx scripts/veo-contract-table.ts)', () => {
    expect(doc('generation-provider-one.md')).toContain(veoContractTable());
  });
});
