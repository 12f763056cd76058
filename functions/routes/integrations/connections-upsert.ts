// route: POST /api/integrations/connections → upsertConnection (shape per provider, envelope encryption) → ConnectionRepository
import * as z from '#core/schema';
import { CredentialProviderSchema, upsertConnection } from '#core/integrations/connections';
import { operationRoute } from '#http/operation-route';
import { created } from '#http/responses';
import { UPDATES, defineOperation } from '#operations/operation';
import { UpsertedConnectionView } from '#operations/integration-views';
import { connectionDeps } from './deps.ts';

export const operation = defineOperation({
  name: 'upsert_connection',
  title: 'Store a provider credential',
  description:
    "Stores (or replaces) the workspace's own credential for a provider: provider-one {apiKey} (Gemini API key), provider-two {apiKey} (fal key_id:key_secret), speech {apiKey} (ElevenLabs), workspace-suite {clientId, refreshToken}. It is encrypted at rest and never shown again; the answer is masked metadata.",
  route: 'integrations-connections-upsert',
  input: z.strictObject({
    provider: CredentialProviderSchema.check(z.describe('Which provider the credential is for')),
    credential: z.record(z.string(), z.string().check(z.maxLength(4096))).check(z.describe('The credential fields of that provider (see the description)')),
    label: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.describe('A name to recognise it by')),
  }),
  output: UpsertedConnectionView,
  annotations: { ...UPDATES, destructiveHint: true },
  run: async (input, { principal }) => {
    const result = await upsertConnection(principal, input, connectionDeps);
    return result.created ? created(result) : result;
  },
});

export const handler = operationRoute(operation);
