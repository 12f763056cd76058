// operation: GET /api/mcp/api-keys/list → listKeys → ApiKeyRepository
import { systemClock } from '#core/clock';
import { listKeys } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/composition/stores';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { KeyView, pageOf } from '#operations/views';
import { key } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_api_keys',
  title: 'List API keys',
  description:
    'Lists the workspace API keys (name, display prefix, scopes, status, expiry); never the keys themselves.',
  example: { input: { limit: 50 }, status: 200, output: { items: [key], nextCursor: null } },
  route: 'api-keys-list',
  http: readRoute('/api/mcp/api-keys/list', 'manage:integrations', 'keys'),
  input: PageInput,
  output: pageOf(KeyView, 'Keys'),
  annotations: READ_ONLY,
  run: (query, { principal }) => listKeys(principal, query, { apiKeys, clock: systemClock }),
});
