// The policy form: null means no restriction, a ticked list restricts; the cap is a whole number or none.
import { describe, expect, it } from 'vitest';
import { draftOf, splitIds, toggled, updateOf } from '../../../../../web/src/console/integrations/policy-form.ts';
import type { Policy, Provider } from '../../../../../web/src/console/integrations/types.ts';

const provider = (id: string, models: string[]): Provider => ({
  id,
  kind: 'video',
  vendor: 'v',
  label: id,
  capabilities: [],
  models: models.map((model) => ({ id: model, label: model, modes: [] })),
  defaultModel: null,
  bringYourOwnCredential: true,
  sharedCredentials: false,
  status: 'bring-your-own',
});
const providers = [provider('provider-one', ['veo-a']), provider('speech', [])];
const open: Policy = {
  workspaceId: 'wsp_1',
  allowedProviders: null,
  allowedModels: null,
  allowedVoices: null,
  allowSharedCredentials: true,
  monthlyCreditCap: null,
  updatedAt: null,
};

describe('policy form', () => {
  it('round-trips the default policy unchanged', () => {
    expect(updateOf(draftOf(open, providers))).toEqual({
      update: {
        allowedProviders: null,
        allowedModels: null,
        allowedVoices: null,
        allowSharedCredentials: true,
        monthlyCreditCap: null,
      },
    });
  });

  it('restricting providers starts from all of them ticked, and unticking one removes it', () => {
    const draft = { ...draftOf(open, providers), restrictProviders: true };
    expect(draft.providers).toEqual(['provider-one', 'speech']);
    const update = updateOf({ ...draft, providers: toggled(draft.providers, 'speech', false) });
    expect(update).toMatchObject({ update: { allowedProviders: ['provider-one'] } });
  });

  it('keeps models outside the catalogue as typed ids, and voices as a list', () => {
    const draft = draftOf(
      { ...open, allowedModels: ['veo-a', 'fal-ai/other'], allowedVoices: ['v1', 'v2'], monthlyCreditCap: 500 },
      providers,
    );
    expect(draft).toMatchObject({ models: ['veo-a'], otherModels: 'fal-ai/other', voices: 'v1, v2', cap: '500' });
    expect(updateOf(draft)).toMatchObject({
      update: { allowedModels: ['veo-a', 'fal-ai/other'], allowedVoices: ['v1', 'v2'], monthlyCreditCap: 500 },
    });
  });

  it('refuses a cap that is not a whole number', () => {
    expect(updateOf({ ...draftOf(open, providers), cap: '12.5' })).toMatchObject({
      problem: expect.stringContaining('whole number'),
    });
    expect(updateOf({ ...draftOf(open, providers), cap: '' })).toMatchObject({ update: { monthlyCreditCap: null } });
  });

  it('splits ids on commas and lines, once each', () => {
    expect(splitIds(' a, b\nb ,, c ')).toEqual(['a', 'b', 'c']);
  });
});
