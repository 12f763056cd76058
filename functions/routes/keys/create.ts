// route: POST /api/mcp/api-keys/create → createKey (scope ceiling) → ApiKeyRepository
import { systemClock } from '#core/clock';
import { CreateKeyInput } from '#core/keys/api-key';
import { createKey } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';
import { created } from '#http/responses';

export const handler = defineRoute('api-keys-create', { body: CreateKeyInput }, async ({ body, principal }) =>
  created(await createKey(principal, body, { apiKeys, clock: systemClock })),
);
