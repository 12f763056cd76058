// route: GET /api/mcp/codehost/installations → listInstallations → CodeHostRepository
import * as z from '#core/schema';
import { listInstallations } from '#core/codehost/use-cases';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { InstallationView } from '#operations/integration-views';
import { pageOf } from '#operations/views';
import { codehostDeps } from './deps.ts';

export const operation = defineOperation({
  name: 'list_codehost_installations',
  title: 'List code-host installations',
  description:
    'Lists the GitHub App installations linked to this workspace (an installation is linked by the first repository sync through it).',
  route: 'codehost-installations',
  input: z.strictObject({}),
  output: pageOf(InstallationView, 'Linked installations'),
  annotations: READ_ONLY,
  run: (_input, { principal }) => listInstallations(principal, codehostDeps),
});

export const handler = operationRoute(operation);
