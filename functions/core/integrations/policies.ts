// core: a workspace's integration policy — which providers, models and voices it may use, whether the
// deployment's shared credentials may be used, and an optional monthly credit cap. One item per
// workspace; absent means the default (everything allowed, shared credentials allowed, no cap).
import * as z from '../schema.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import { ProviderIdSchema } from './providers.ts';
import type { PolicyRepository } from './ports.ts';
import type { WorkspacePolicy } from './records.ts';

const id = z.string().check(z.minLength(1), z.maxLength(200));

export const UpdatePolicyInput = z.strictObject({
  allowedProviders: z.optional(z.nullable(z.array(ProviderIdSchema).check(z.maxLength(10)))),
  allowedModels: z.optional(z.nullable(z.array(id).check(z.maxLength(200)))),
  allowedVoices: z.optional(z.nullable(z.array(id).check(z.maxLength(200)))),
  allowSharedCredentials: z.optional(z.boolean()),
  monthlyCreditCap: z.optional(z.nullable(z.int().check(z.minimum(0), z.maximum(1_000_000_000)))),
});
export type UpdatePolicyInput = z.infer<typeof UpdatePolicyInput>;

export type { WorkspacePolicy } from './records.ts';

export function defaultPolicy(workspaceId: string): WorkspacePolicy {
  return {
    workspaceId,
    allowedProviders: null,
    allowedModels: null,
    allowedVoices: null,
    allowSharedCredentials: true,
    monthlyCreditCap: null,
    updatedAt: null,
    version: 0,
  };
}

export function policyView(policy: WorkspacePolicy) {
  const { version: _version, ...view } = policy;
  return view;
}

export async function getPolicy(principal: Principal, deps: { policies: PolicyRepository }) {
  return policyView((await deps.policies.get(principal.workspaceId)) ?? defaultPolicy(principal.workspaceId));
}

/** Fields given replace the stored ones; fields left out keep their value. */
export async function updatePolicy(
  principal: Principal,
  input: UpdatePolicyInput,
  deps: { policies: PolicyRepository; clock: Clock },
) {
  const existing = await deps.policies.get(principal.workspaceId);
  const current = existing ?? defaultPolicy(principal.workspaceId);
  const unique = <T>(values: T[] | null | undefined, fallback: T[] | null) =>
    values === undefined ? fallback : values === null ? null : [...new Set(values)];
  const next: WorkspacePolicy = {
    ...current,
    allowedProviders: unique(input.allowedProviders, current.allowedProviders),
    allowedModels: unique(input.allowedModels, current.allowedModels),
    allowedVoices: unique(input.allowedVoices, current.allowedVoices),
    allowSharedCredentials: input.allowSharedCredentials ?? current.allowSharedCredentials,
    monthlyCreditCap: input.monthlyCreditCap === undefined ? current.monthlyCreditCap : input.monthlyCreditCap,
    updatedAt: deps.clock.now().toISOString(),
    version: current.version + 1,
  };
  await deps.policies.put(next, existing ? existing.version : null);
  return policyView(next);
}
