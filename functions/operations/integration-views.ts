// operations: the output schemas of the integration operations (providers, connections, policies, the
// code host, the workspace suite). Loose objects, as in views.ts: described fields a client can rely on.
import * as z from '#core/schema';

const text = (description: string) => z.string().check(z.describe(description));
const flag = (description: string) => z.boolean().check(z.describe(description));
const nullableText = (description: string) => z.nullable(z.string()).check(z.describe(description));

const ProviderStatusView = z
  .enum(['available', 'bring-your-own', 'unavailable'])
  .check(
    z.describe(
      "available: the deployment's shared credential is configured; bring-your-own: usable with a workspace connection only; unavailable: not usable",
    ),
  );

export const ProviderCatalogueView = z.looseObject({
  providers: z
    .array(
      z.looseObject({
        id: text('Provider id: provider-one, provider-two (video), speech, codehost, workspace-suite'),
        kind: text('video, speech, codehost, workspace-suite or http'),
        vendor: text('Who runs the provider'),
        label: text('Display name'),
        capabilities: z.array(z.string()).check(z.describe('What the provider can do')),
        models: z
          .array(z.looseObject({ id: z.string(), label: z.string(), modes: z.array(z.string()) }))
          .check(z.describe('The model contract: models the service validates parameters for, with their modes')),
        defaultModel: nullableText('Model used when a request names none'),
        bringYourOwnCredential: flag('Whether a workspace may store its own credential for it'),
        sharedCredentials: flag("Whether the deployment's shared credential is configured"),
        status: ProviderStatusView,
      }),
    )
    .check(z.describe('Every provider the service knows')),
});

export const ServiceStatusView = z.looseObject({
  status: z.enum(['ok', 'degraded']).check(z.describe('degraded when at least one provider is unavailable')),
  checkedAt: text('When this answer was computed (ISO 8601, UTC)'),
  providers: z
    .array(
      z.looseObject({ id: z.string(), label: z.string(), sharedCredentials: z.boolean(), status: ProviderStatusView }),
    )
    .check(z.describe('Per provider: shared credential configured and resulting status')),
});

export const ConnectionView = z.looseObject({
  provider: text('Provider the credential is for'),
  label: nullableText('Name given to it'),
  status: z.enum(['active', 'revoked']).check(z.describe('revoked: the encrypted secret has been deleted')),
  masked: z
    .record(z.string(), z.string())
    .check(z.describe('Each credential field that is set, with a hint (its last four characters, when long enough)')),
  createdAt: text('First stored (ISO 8601, UTC)'),
  updatedAt: text('Last changed (ISO 8601, UTC)'),
  revokedAt: nullableText('When revoked (ISO 8601, UTC); null while active'),
  updatedBy: text('Key or grant id that last changed it'),
  allowedOrigins: z
    .array(z.string())
    .check(
      z.describe(
        "Origins http-request nodes may send the connection's values to; empty: nowhere until someone with manage:integrations sets them",
      ),
    ),
});

export const UpsertedConnectionView = z.looseObject({
  ...ConnectionView.shape,
  created: flag('True when this call stored the first credential for the provider, false when it replaced one'),
});

export const PolicyView = z.looseObject({
  workspaceId: text('Workspace the policy belongs to'),
  allowedProviders: z.nullable(z.array(z.string())).check(z.describe('Providers the workspace may use; null for all')),
  allowedModels: z.nullable(z.array(z.string())).check(z.describe('Models the workspace may use; null for all')),
  allowedVoices: z
    .nullable(z.array(z.string()))
    .check(z.describe('Voices allowed with the shared speech credential; null for all')),
  allowSharedCredentials: flag("Whether the deployment's shared credentials may be used"),
  monthlyCreditCap: z.nullable(z.number()).check(z.describe('Monthly credit cap for generation; null for none')),
  updatedAt: nullableText('Last changed (ISO 8601, UTC); null for the default policy'),
});

export const IntegrationConnectionView = z.looseObject({
  provider: text('Provider id'),
  label: text('Display name'),
  vendor: text('Who runs the provider'),
  state: z
    .enum(['connected', 'not-connected', 'revoked', 'unavailable'])
    .check(z.describe('Whether the workspace can use the provider now')),
  credential: z
    .nullable(z.enum(['workspace', 'shared']))
    .check(
      z.describe("Which credential would be used: the workspace's own or the deployment's shared one; null when none"),
    ),
  sharedCredentials: flag("Whether the deployment's shared credential is configured"),
  capabilities: z.array(z.string()).check(z.describe('What the provider can do')),
  connection: z
    .nullable(z.looseObject({}))
    .check(z.describe("The workspace's stored connection as masked metadata; null when none was ever stored")),
});

export const InstallationView = z.looseObject({
  installationId: z.number().check(z.describe('GitHub App installation id')),
  account: text('User or organisation the App is installed on'),
  accountType: text('User or Organization'),
  repositorySelection: text('all or selected repositories'),
  suspended: flag('Suspended installations refuse every call'),
  linkedAt: text('When the workspace linked it (ISO 8601, UTC)'),
});

export const RepositoryView = z.looseObject({
  id: z.number().check(z.describe('Repository id on the code host')),
  fullName: text('owner/name'),
  defaultBranch: text('Default branch'),
  private: flag('Private repository'),
  htmlUrl: text('Web address'),
});

export const SearchResultView = z.looseObject({
  totalCount: z.number().check(z.describe('Matches in all')),
  incomplete: flag('The code host stopped searching early'),
  items: z
    .array(z.looseObject({ path: z.string(), name: z.string(), sha: z.string(), htmlUrl: z.string() }))
    .check(z.describe('Matching files')),
});

const SyncTargetView = z.looseObject({
  installationId: z.number(),
  repository: z.string(),
  branch: z.string(),
  syncedCommit: z.nullable(z.string()),
  syncedAt: z.nullable(z.string()),
  fileCount: z.nullable(z.number()),
  remoteHead: z.nullable(z.string()),
  remoteHeadAt: z.nullable(z.string()),
  stale: z.boolean(),
});

export const SyncTargetAnswerView = z.looseObject({
  syncTarget: z
    .nullable(SyncTargetView)
    .check(z.describe('The sync target (stale: a push moved the branch since the last sync); null when none is set')),
});

export const SyncAnswerView = z.looseObject({
  syncTarget: SyncTargetView.check(z.describe('The sync target after this sync')),
  installation: InstallationView.check(z.describe('The installation, now linked to this workspace')),
  truncated: flag('The tree was too large to count completely'),
});

export const SourceLinkAnswerView = z.looseObject({
  canvasId: text('Canvas the edit applied to'),
  canvasVersion: z.number().check(z.describe('The canvas version after the edit')),
  nodeId: text('The linked node'),
  sourceLink: z
    .looseObject({})
    .check(z.describe('provider, installationId, repository, path, commitSha, url, linkedAt')),
});

export const DraftExportView = z.looseObject({
  exportId: text('Export id'),
  canvasId: text('Canvas exported'),
  installationId: z.number().check(z.describe('Installation used')),
  repository: text('owner/name'),
  baseBranch: text('Branch the pull request targets'),
  branch: text('New branch the files are committed on'),
  title: text('Pull request title'),
  status: z
    .enum(['prepared', 'opened'])
    .check(z.describe('prepared: stored, not pushed; opened: the draft pull request exists')),
  files: z
    .array(z.looseObject({ path: z.string(), nodeId: z.string(), bytes: z.number() }))
    .check(z.describe('Files of the export')),
  result: z
    .nullable(z.looseObject({}))
    .check(z.describe('commitSha, pullRequestNumber, pullRequestUrl, openedAt once opened; null before')),
});
