// operation: GET /api/integrations/providers → providerCatalogue (catalogue + shared-credential presence)
import * as z from '#core/schema';
import { providerCatalogue } from '#core/integrations/service-status';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ProviderCatalogueView } from '#operations/integration-views';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_providers',
  title: 'List providers',
  description:
    'Lists the external providers this deployment knows (two video providers, the speech provider, the code host, the workspace suite): capabilities, models, defaults, whether shared credentials are configured and whether a workspace may bring its own.',
  example: {
    input: {},
    status: 200,
    output: {
      providers: [
        {
          id: 'speech',
          kind: 'speech',
          vendor: 'ElevenLabs',
          label: 'Speech provider',
          capabilities: ['text-to-speech', 'speech-to-speech'],
          models: [{ id: 'multilingual_v2', label: 'Multilingual v2', modes: ['tts'] }],
          defaultModel: 'multilingual_v2',
          defaultVoice: 'EXAVITQu4vr4xnSDxMaL',
          bringYourOwnCredential: true,
          sharedCredentials: true,
          status: 'available',
        },
      ],
    },
  },
  route: 'integrations-providers',
  http: readRoute('/api/integrations/providers', null, 'integrations'),
  input: z.strictObject({}),
  output: ProviderCatalogueView,
  annotations: READ_ONLY,
  run: async () => providerCatalogue(sharedCredentialPresence()),
});
