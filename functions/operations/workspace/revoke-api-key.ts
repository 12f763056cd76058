// operation: POST /api/mcp/api-keys/revoke → revokeKey → ApiKeyRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { RevokeKeyInput } from '#core/keys/api-key';
import { revokeKey } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/composition/stores';
import { DESTROYS, defineOperation } from '#operations/operation';
import { KeyView } from '#operations/views';
import { LATER, key } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'revoke_api_key',
  title: 'Revoke API key',
  description: 'Revokes a workspace API key; it is refused from the very next request. Repeating it is harmless.',
  example: { input: { id: key.id }, status: 200, output: { ...key, status: 'revoked', revokedAt: LATER } },
  route: 'api-keys-revoke',
  http: writeRoute('/api/mcp/api-keys/revoke', 'manage:integrations', 'keys'),
  input: z.strictObject({ id: RevokeKeyInput.shape.id.check(z.describe('Key id (key_…), from list_api_keys')) }),
  output: KeyView,
  audit: 'api-key.revoke',
  annotations: DESTROYS,
  run: ({ id }, { principal }) => revokeKey(principal, id, { apiKeys, clock: systemClock }),
});
