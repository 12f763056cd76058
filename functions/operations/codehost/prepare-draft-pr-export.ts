// operation: POST /api/mcp/codehost/exports/draft-pr/prepare → prepareDraftExport (node documents → files) →
// CodeHostRepository
import * as z from '#core/schema';
import { BranchName, FilePath, InstallationId, RepositoryName } from '#core/codehost/model';
import { prepareDraftExport } from '#core/codehost/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { DraftExportView } from '#operations/integration-views';
import { codehostDeps } from './codehost-deps.ts';
import { draftExport } from '#operations/example-values';
import { WRITES_CODEHOST, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'prepare_draft_pr_export',
  title: 'Prepare a draft pull request export',
  description:
    "Collects a canvas's node documents as files (<directory>/<nodeId>.md|txt|json) and stores them as an export; nothing is pushed yet. Review the file list, then call get_draft_pr_export_result to open the draft pull request.",
  example: {
    input: { canvasId: draftExport.canvasId, installationId: 4242, directory: 'canvas-docs' },
    status: 201,
    output: draftExport,
  },
  route: 'codehost-draft-pr-prepare',
  http: writeRoute('/api/mcp/codehost/exports/draft-pr/prepare', 'manage:integrations', 'codehost', WRITES_CODEHOST),
  input: z.strictObject({
    canvasId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Canvas whose documents to export')),
    installationId: InstallationId.check(z.describe('A linked installation id')),
    repository: z.optional(RepositoryName).check(z.describe("owner/name; the workspace's sync target when omitted")),
    baseBranch: z
      .optional(BranchName)
      .check(z.describe('Branch the pull request targets; the default branch when omitted')),
    nodeIds: z
      .optional(z.array(z.string().check(z.minLength(1), z.maxLength(64))).check(z.minLength(1), z.maxLength(200)))
      .check(z.describe('Only these nodes; every node with a document when omitted')),
    directory: z
      ._default(FilePath, 'canvas-docs')
      .check(z.describe('Directory in the repository for the files (default canvas-docs)')),
    title: z
      .optional(z.string().check(z.minLength(1), z.maxLength(200)))
      .check(z.describe('Pull request title and commit message')),
  }),
  output: DraftExportView,
  audit: 'codehost.export',
  annotations: CREATES,
  run: async (input, { principal }) => created(await prepareDraftExport(principal, input, codehostDeps)),
});
