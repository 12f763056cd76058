// operation: GET /api/mcp/codehost/repositories/sync-target → getSyncTarget → CodeHostRepository
import * as z from '#core/schema';
import { getSyncTarget } from '#core/codehost/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { SyncTargetAnswerView } from '#operations/integration-views';
import { codehostDeps } from './codehost-deps.ts';
import { syncTarget } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_codehost_sync_target',
  title: 'Get the repository sync target',
  description:
    "Reads the repository the workspace syncs from: branch, the commit last synced, the head last pushed (from GitHub's push webhooks) and whether a sync is due. null when none is set.",
  example: { input: {}, status: 200, output: { syncTarget } },
  route: 'codehost-sync-target',
  http: readRoute('/api/mcp/codehost/repositories/sync-target', 'manage:integrations', 'codehost'),
  input: z.strictObject({}),
  output: SyncTargetAnswerView,
  annotations: READ_ONLY,
  run: (_input, { principal }) => getSyncTarget(principal, codehostDeps),
});
