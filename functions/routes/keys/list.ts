// route: GET /api/mcp/api-keys/list → listKeys → ApiKeyRepository
import { systemClock } from '#core/clock';
import { listKeys } from '#core/keys/use-cases';
import { PageQuery } from '#core/pagination';
import { apiKeys } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

export const handler = defineRoute('api-keys-list', { query: PageQuery }, ({ query, principal }) =>
  listKeys(principal, query, { apiKeys, clock: systemClock }),
);
