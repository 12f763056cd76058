// operation: POST /api/mcp/api-keys/create → createKey (scope ceiling) → ApiKeyRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { CreateKeyInput } from '#core/keys/api-key';
import { createKey } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/composition/stores';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { CreatedKeyView } from '#operations/views';
import { key } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

const { name, scopes, expiresInDays } = CreateKeyInput.shape;

export const operation = defineOperation({
  name: 'create_api_key',
  title: 'Create API key',
  description:
    'Mints a workspace API key with the given scopes (at most those of the calling credential). The full key is in this answer only: hand it over now, it cannot be shown again.',
  example: {
    input: { name: 'ci', scopes: ['read:canvases'], expiresInDays: 30 },
    status: 201,
    output: { ...key, key: 'workspace_Ab3dEf6hJk9mNp2rSt5vWx8zYb1cDe4g' },
  },
  route: 'api-keys-create',
  http: writeRoute('/api/mcp/api-keys/create', 'manage:integrations', 'keys'),
  input: z.strictObject({
    name: name.check(z.describe('A name to recognise the key by (1–100 characters)')),
    scopes: scopes.check(z.describe('Scopes to grant; default read:canvases and run:workflows')),
    expiresInDays: expiresInDays.check(z.describe('Expiry in days, 1–365; omit for a key that does not expire')),
  }),
  output: CreatedKeyView,
  audit: 'api-key.create',
  annotations: CREATES,
  run: async (input, { principal }) => created(await createKey(principal, input, { apiKeys, clock: systemClock })),
});
