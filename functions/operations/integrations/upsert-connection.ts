// operation: POST /api/integrations/connections → upsertConnection (shape per provider, envelope encryption) →
// ConnectionRepository
import * as z from '#core/schema';
import { CredentialProviderSchema, upsertConnection } from '#core/integrations/connections';
import { AllowedOrigins } from '#core/integrations/allowed-origins';
import { created } from '#operations/outcome';
import { UPDATES, defineOperation } from '#operations/operation';
import { UpsertedConnectionView } from '#operations/integration-views';
import { connectionDeps } from './integration-deps.ts';
import { connection } from '#operations/example-values';
import { SEALS_CREDENTIALS, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'upsert_connection',
  title: 'Store a provider credential',
  description:
    "Stores (or replaces) the workspace's own credential for a provider: provider-one {apiKey} (Gemini API key), provider-two {apiKey} (fal key_id:key_secret), speech {apiKey} (ElevenLabs), workspace-suite {clientId, refreshToken}, http {NAME: secret, …} (named secrets for http-request nodes). It is encrypted at rest and never shown again; the answer is masked metadata. allowedOrigins names where http-request nodes may send its values (none: nowhere); without credential, the call changes the label or allowed origins of the stored connection and keeps its secret.",
  example: {
    input: {
      provider: 'provider-two',
      credential: { apiKey: '3f1c2b7a-0d4e:9a8b7c6d5e4f3a2b1c0dx9Qz' },
      label: 'Our fal account',
      allowedOrigins: ['https://queue.fal.run'],
    },
    status: 201,
    output: { ...connection, created: true },
    also: {
      status: 200,
      description: 'An existing credential was replaced',
      output: { ...connection, created: false },
    },
  },
  route: 'integrations-connections-upsert',
  http: writeRoute('/api/integrations/connections', 'manage:integrations', 'integrations', SEALS_CREDENTIALS),
  input: z.strictObject({
    provider: CredentialProviderSchema.check(z.describe('Which provider the credential is for')),
    credential: z
      .optional(z.record(z.string(), z.string().check(z.maxLength(4096))))
      .check(
        z.describe('The credential fields of that provider (see the description); omit to keep the stored secret'),
      ),
    label: z
      .optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))
      .check(z.describe('A name to recognise it by')),
    allowedOrigins: z.optional(AllowedOrigins),
  }),
  output: UpsertedConnectionView,
  audit: 'connection.upsert',
  annotations: { ...UPDATES, destructiveHint: true },
  run: async (input, { principal }) => {
    const result = await upsertConnection(principal, input, connectionDeps);
    return result.created ? created(result) : result;
  },
});
