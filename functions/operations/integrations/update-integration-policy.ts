// operation: POST /api/integrations/policies → updatePolicy (given fields replace, others kept) → PolicyRepository
import * as z from '#core/schema';
import { UpdatePolicyInput, updatePolicy } from '#core/integrations/policies';
import { UPDATES, defineOperation } from '#operations/operation';
import { PolicyView } from '#operations/integration-views';
import { policyDeps } from './integration-deps.ts';
import { policy } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

const field = UpdatePolicyInput.shape;

export const operation = defineOperation({
  name: 'update_integration_policy',
  title: 'Update the integration policy',
  description:
    "Sets the workspace's integration policy. Fields given replace the stored value (null = no restriction); fields left out are kept. Voices restrict the shared speech credential only: with its own key a workspace may use any voice of its account.",
  example: {
    input: { allowedProviders: ['provider-two', 'speech'], monthlyCreditCap: 5000 },
    status: 200,
    output: policy,
  },
  route: 'integrations-policies-update',
  http: writeRoute('/api/integrations/policies', 'manage:integrations', 'integrations'),
  input: z.strictObject({
    allowedProviders: field.allowedProviders.check(z.describe('Providers the workspace may use; null for all')),
    allowedModels: field.allowedModels.check(z.describe('Model or endpoint ids the workspace may use; null for all')),
    allowedVoices: field.allowedVoices.check(
      z.describe('Voice ids allowed with the shared speech credential; null for all'),
    ),
    allowSharedCredentials: field.allowSharedCredentials.check(
      z.describe("Whether the deployment's shared credentials may be used when the workspace has none of its own"),
    ),
    monthlyCreditCap: field.monthlyCreditCap.check(
      z.describe('Credits per calendar month (UTC) the workspace may spend on generation; null for no cap'),
    ),
  }),
  output: PolicyView,
  audit: 'integration-policy.update',
  annotations: UPDATES,
  run: (input, { principal }) => updatePolicy(principal, input, policyDeps),
});
