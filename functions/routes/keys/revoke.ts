// route: POST /api/mcp/api-keys/revoke → revokeKey → ApiKeyRepository
import { systemClock } from '#core/clock';
import { RevokeKeyInput } from '#core/keys/api-key';
import { revokeKey } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

export const handler = defineRoute('api-keys-revoke', { body: RevokeKeyInput }, ({ body, principal }) =>
  revokeKey(principal, body.id, { apiKeys, clock: systemClock }),
);
