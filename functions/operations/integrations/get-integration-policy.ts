// operation: GET /api/integrations/policies → getPolicy → PolicyRepository (the default when none is stored)
import * as z from '#core/schema';
import { getPolicy } from '#core/integrations/policies';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PolicyView } from '#operations/integration-views';
import { policyDeps } from './integration-deps.ts';
import { policy } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_integration_policy',
  title: 'Get the integration policy',
  description:
    "Reads the workspace's integration policy: allowed providers, models and voices (null = all), whether the deployment's shared credentials may be used, and the optional monthly credit cap.",
  example: { input: {}, status: 200, output: policy },
  route: 'integrations-policies-get',
  http: readRoute('/api/integrations/policies', 'manage:integrations', 'integrations'),
  input: z.strictObject({}),
  output: PolicyView,
  annotations: READ_ONLY,
  run: (_input, { principal }) => getPolicy(principal, policyDeps),
});
