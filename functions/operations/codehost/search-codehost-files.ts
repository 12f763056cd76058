// operation: GET /api/mcp/codehost/files/search → searchFiles (linked installation) → GitHub code search
import * as z from '#core/schema';
import { InstallationId, RepositoryName } from '#core/codehost/model';
import { searchFiles } from '#core/codehost/use-cases';
import { defineOperation } from '#operations/operation';
import { SearchResultView } from '#operations/integration-views';
import { CODEHOST_READ } from './annotations.ts';
import { codehostDeps } from './codehost-deps.ts';
import { READS_CODEHOST, readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'search_codehost_files',
  title: 'Search files in a repository',
  description:
    "Searches a repository's default branch with the code host's code search (files under 384 KB; GitHub allows about 10 searches a minute). Answers paths and blob shas to link nodes to.",
  example: {
    input: { installationId: 4242, repository: 'acme/docs', query: 'onboarding', limit: 10 },
    status: 200,
    output: {
      totalCount: 1,
      incomplete: false,
      items: [
        {
          path: 'guides/onboarding.md',
          name: 'onboarding.md',
          sha: 'e69de29bb2d1d6434b8b29ae775ad8c2e48c5391',
          htmlUrl: 'https://github.com/acme/docs/blob/main/guides/onboarding.md',
        },
      ],
    },
  },
  route: 'codehost-files-search',
  http: readRoute('/api/mcp/codehost/files/search', 'read:canvases', 'codehost', READS_CODEHOST),
  input: z.strictObject({
    installationId: InstallationId.check(z.describe('A linked installation id')),
    repository: RepositoryName.check(z.describe('owner/name')),
    query: z
      .string()
      .check(
        z.trim(),
        z.minLength(1),
        z.maxLength(200),
        z.describe('Search terms (GitHub code search syntax, without repo:)'),
      ),
    limit: z
      ._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 30)
      .check(z.describe('Results, 1–100 (default 30)')),
  }),
  output: SearchResultView,
  annotations: CODEHOST_READ,
  run: (input, { principal }) => searchFiles(principal, input, codehostDeps),
});
