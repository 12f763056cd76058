// route: POST /api/mcp/codehost/repositories/sync → syncRepository (link installation, branch head, tree) → GitHub + CodeHostRepository
import * as z from '#core/schema';
import { BranchName, InstallationId, RepositoryName } from '#core/codehost/model';
import { syncRepository } from '#core/codehost/use-cases';
import { operationRoute } from '#http/operation-route';
import { UPDATES, defineOperation } from '#operations/operation';
import { SyncAnswerView } from '#operations/integration-views';
import { codehostDeps } from './deps.ts';

export const operation = defineOperation({
  name: 'sync_codehost_repository',
  title: 'Sync a repository',
  description:
    "Makes a repository the workspace's sync target and reads its branch head and file count. The first sync through an installation links that installation to this workspace (an installation belongs to one workspace).",
  route: 'codehost-sync',
  input: z.strictObject({
    installationId: InstallationId.check(
      z.describe('GitHub App installation id (from the install redirect or list_codehost_installations)'),
    ),
    repository: RepositoryName.check(z.describe('owner/name')),
    branch: z.optional(BranchName).check(z.describe('Branch to follow; the default branch when omitted')),
  }),
  output: SyncAnswerView,
  annotations: { ...UPDATES, openWorldHint: true },
  run: (input, { principal }) => syncRepository(principal, input, codehostDeps),
});

export const handler = operationRoute(operation);
