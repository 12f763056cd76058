// operation: GET /api/mcp/codehost/installations → listInstallations → CodeHostRepository
import * as z from '#core/schema';
import { listInstallations } from '#core/codehost/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { InstallationView } from '#operations/integration-views';
import { pageOf } from '#operations/views';
import { codehostDeps } from './codehost-deps.ts';
import { installation } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_codehost_installations',
  title: 'List code-host installations',
  description:
    'Lists the GitHub App installations linked to this workspace (an installation is linked by the first repository sync through it).',
  example: { input: {}, status: 200, output: { items: [installation], nextCursor: null } },
  route: 'codehost-installations',
  http: readRoute('/api/mcp/codehost/installations', 'read:canvases', 'codehost'),
  input: z.strictObject({}),
  output: pageOf(InstallationView, 'Linked installations'),
  annotations: READ_ONLY,
  run: (_input, { principal }) => listInstallations(principal, codehostDeps),
});
