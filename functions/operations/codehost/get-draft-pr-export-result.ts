// operation: POST /api/mcp/codehost/exports/draft-pr/result → openDraftExport (commit on a new branch + draft PR, once)
// → GitHub
import * as z from '#core/schema';
import { openDraftExport } from '#core/codehost/use-cases';
import { defineOperation } from '#operations/operation';
import { DraftExportView } from '#operations/integration-views';
import { codehostDeps } from './codehost-deps.ts';
import { AT, HEAD, draftExport } from '#operations/example-values';

export const operation = defineOperation({
  name: 'get_draft_pr_export_result',
  title: 'Open the draft pull request of an export',
  description:
    'Commits a prepared export on a new branch and opens it as a draft pull request, then answers the result (commit, pull request number and URL). Calling it again answers the same result without pushing again.',
  example: {
    input: { exportId: draftExport.exportId },
    status: 200,
    output: {
      ...draftExport,
      status: 'opened',
      result: {
        commitSha: HEAD,
        pullRequestNumber: 17,
        pullRequestUrl: 'https://github.com/acme/docs/pull/17',
        openedAt: AT,
      },
    },
  },
  route: 'codehost-draft-pr-result',
  http: {
    method: 'POST',
    path: '/api/mcp/codehost/exports/draft-pr/result',
    scope: 'manage:integrations',
    access: { table: 'readWrite', codehost: true },
    timeoutSeconds: 25,
    area: 'codehost',
  },
  input: z.strictObject({
    exportId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Export id from prepare_draft_pr_export')),
  }),
  output: DraftExportView,
  audit: 'codehost.export',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  run: (input, { principal }) => openDraftExport(principal, input, codehostDeps),
});
