// operation: GET /api/integrations/service-status → serviceStatus (shared-credential presence, no outbound probes)
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { serviceStatus } from '#core/integrations/service-status';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ServiceStatusView } from '#operations/integration-views';
import { AT, providerStatus } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_service_status',
  title: 'Get service status',
  description:
    'Reports whether each provider can be used in this deployment (shared credential configured, bring-your-own only, or unavailable) and an overall ok/degraded status. Makes no calls to the providers.',
  example: { input: {}, status: 200, output: { status: 'ok', checkedAt: AT, providers: providerStatus } },
  route: 'integrations-service-status',
  http: readRoute('/api/integrations/service-status', null, 'integrations'),
  input: z.strictObject({}),
  output: ServiceStatusView,
  annotations: READ_ONLY,
  run: async () => serviceStatus(sharedCredentialPresence(), systemClock.now()),
});
