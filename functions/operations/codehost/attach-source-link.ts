// operation: POST /api/mcp/codehost/source-links/attach → attachSourceLink (file at a commit) → GitHub +
// CanvasRepository
import * as z from '#core/schema';
import { FilePath, InstallationId, RepositoryName } from '#core/codehost/model';
import { attachSourceLink } from '#core/codehost/use-cases';
import { UPDATES, defineOperation } from '#operations/operation';
import { SourceLinkAnswerView } from '#operations/integration-views';
import { codehostDeps } from './codehost-deps.ts';
import { AT, HEAD, draftExport } from '#operations/example-values';
import { WRITES_CODEHOST, writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'attach_source_link',
  title: 'Link a node to a repository file',
  description:
    'Links a canvas node to a file of a repository at a commit (a branch name, or the default branch, is resolved to its current commit, so the link never moves). The file must exist there.',
  example: {
    input: {
      canvasId: draftExport.canvasId,
      nodeId: 'tpl',
      installationId: 4242,
      repository: 'acme/docs',
      path: 'guides/onboarding.md',
    },
    status: 200,
    output: {
      canvasId: draftExport.canvasId,
      canvasVersion: 5,
      nodeId: 'tpl',
      sourceLink: {
        provider: 'codehost',
        installationId: 4242,
        repository: 'acme/docs',
        path: 'guides/onboarding.md',
        commitSha: HEAD,
        url: `https://github.com/acme/docs/blob/${HEAD}/guides/onboarding.md`,
        linkedAt: AT,
      },
    },
  },
  route: 'codehost-source-links-attach',
  http: writeRoute('/api/mcp/codehost/source-links/attach', 'write:canvas', 'codehost', WRITES_CODEHOST),
  input: z.strictObject({
    canvasId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Canvas of the node')),
    nodeId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Node to link')),
    installationId: InstallationId.check(z.describe('A linked installation id')),
    repository: RepositoryName.check(z.describe('owner/name')),
    path: FilePath.check(z.describe('File path in the repository')),
    ref: z
      .optional(z.string().check(z.minLength(1), z.maxLength(255)))
      .check(z.describe('Commit sha or branch; the default branch when omitted')),
  }),
  output: SourceLinkAnswerView,
  audit: 'canvas.update',
  annotations: { ...UPDATES, openWorldHint: true },
  run: (input, { principal }) => attachSourceLink(principal, input, codehostDeps),
});
