// operation: GET /api/integrations/providers → providerCatalogue (catalogue + shared-credential presence)
import * as z from '#core/schema';
import { providerCatalogue } from '#core/integrations/service-status';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ProviderCatalogueView } from '#operations/integration-views';

export const operation = defineOperation({
  name: 'list_providers',
  title: 'List providers',
  description:
    'Lists the external providers this deployment knows (two video providers, the speech provider, the code host, the workspace suite): capabilities, models, defaults, whether shared credentials are configured and whether a workspace may bring its own.',
  route: 'integrations-providers',
  http: {
    method: 'GET',
    path: '/api/integrations/providers',
    scope: null,
    access: { table: 'read' },
    area: 'integrations',
  },
  input: z.strictObject({}),
  output: ProviderCatalogueView,
  annotations: READ_ONLY,
  run: async () => providerCatalogue(sharedCredentialPresence()),
});
