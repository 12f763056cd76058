// The integration policy as a form: each restriction is "no restriction" or a chosen list, and the
// monthly cap a number or nothing. `updateOf` turns the form back into update_integration_policy's input.
import type { Policy, PolicyUpdate, Provider } from './types.ts';

export interface PolicyDraft {
  restrictProviders: boolean;
  providers: string[];
  restrictModels: boolean;
  /** Catalogue models ticked. */
  models: string[];
  /** Model or endpoint ids outside the catalogue, comma or line separated. */
  otherModels: string;
  restrictVoices: boolean;
  voices: string;
  allowShared: boolean;
  cap: string;
}

/** Comma- or line-separated ids, trimmed, each once. */
export function splitIds(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ];
}

export const catalogueModels = (providers: readonly Provider[]) =>
  providers.flatMap((provider) => provider.models.map((model) => model.id));

export function draftOf(policy: Policy, providers: readonly Provider[]): PolicyDraft {
  const known = new Set(catalogueModels(providers));
  const models = policy.allowedModels ?? [];
  return {
    restrictProviders: policy.allowedProviders !== null,
    providers: policy.allowedProviders ?? providers.map((provider) => provider.id),
    restrictModels: policy.allowedModels !== null,
    models: models.filter((id) => known.has(id)),
    otherModels: models.filter((id) => !known.has(id)).join(', '),
    restrictVoices: policy.allowedVoices !== null,
    voices: (policy.allowedVoices ?? []).join(', '),
    allowShared: policy.allowSharedCredentials,
    cap: policy.monthlyCreditCap === null ? '' : String(policy.monthlyCreditCap),
  };
}

export function updateOf(draft: PolicyDraft): { update: PolicyUpdate } | { problem: string } {
  const cap = draft.cap.trim();
  if (cap !== '' && !/^\d{1,10}$/.test(cap))
    return { problem: 'The monthly credit cap must be a whole number of credits, or empty for no cap.' };
  if (cap !== '' && Number(cap) > 1_000_000_000)
    return { problem: 'The monthly credit cap can be at most 1,000,000,000 credits.' };
  return {
    update: {
      allowedProviders: draft.restrictProviders ? [...draft.providers] : null,
      allowedModels: draft.restrictModels ? [...new Set([...draft.models, ...splitIds(draft.otherModels)])] : null,
      allowedVoices: draft.restrictVoices ? splitIds(draft.voices) : null,
      allowSharedCredentials: draft.allowShared,
      monthlyCreditCap: cap === '' ? null : Number(cap),
    },
  };
}

export const toggled = (list: readonly string[], id: string, on: boolean) =>
  on ? [...new Set([...list, id])] : list.filter((entry) => entry !== id);
