// openapi: the examples of the integration operations (kept beside examples.ts so the two lists grow apart).
import type { OperationExample } from './examples.ts';

const AT = '2026-11-23T20:00:00.000Z';

const providerStatus = [
  { id: 'provider-one', label: 'Video provider one', sharedCredentials: true, status: 'available' },
  { id: 'provider-two', label: 'Video provider two', sharedCredentials: false, status: 'bring-your-own' },
  { id: 'speech', label: 'Speech provider', sharedCredentials: true, status: 'available' },
  { id: 'codehost', label: 'Code host', sharedCredentials: true, status: 'available' },
  { id: 'workspace-suite', label: 'Workspace suite', sharedCredentials: false, status: 'bring-your-own' },
];

const connection = {
  provider: 'provider-two',
  label: 'Our fal account',
  status: 'active',
  masked: { apiKey: '…x9Qz' },
  createdAt: AT,
  updatedAt: AT,
  revokedAt: null,
  updatedBy: 'key_01jd8x6e8g0j2l4n6q8s0u2w4y',
  allowedOrigins: ['https://queue.fal.run'],
};
const policy = {
  workspaceId: 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a',
  allowedProviders: ['provider-two', 'speech'],
  allowedModels: null,
  allowedVoices: ['EXAVITQu4vr4xnSDxMaL'],
  allowSharedCredentials: true,
  monthlyCreditCap: 5000,
  updatedAt: AT,
};

const installation = {
  installationId: 4242,
  account: 'acme',
  accountType: 'Organization',
  repositorySelection: 'selected',
  suspended: false,
  linkedAt: AT,
  updatedAt: AT,
};
const repository = {
  id: 7001,
  fullName: 'acme/docs',
  defaultBranch: 'main',
  private: true,
  htmlUrl: 'https://github.com/acme/docs',
};
const HEAD = '3b18e512dba79e4c8300dd08aeb37f8e728b8dad';
const syncTarget = {
  installationId: 4242,
  repository: 'acme/docs',
  branch: 'main',
  syncedCommit: HEAD,
  syncedAt: AT,
  fileCount: 128,
  remoteHead: HEAD,
  remoteHeadAt: AT,
  stale: false,
};
const draftExport = {
  exportId: 'export_01jd8xa2b4c6d8e0f2g4h6j8k0',
  canvasId: 'cnv_01jd8x4b6c8e0g2j4l6n8q0s2u',
  installationId: 4242,
  repository: 'acme/docs',
  baseBranch: 'main',
  branch: 'canvas-export/cnv_01jd8x4b6c8e0g2j4l6n8q0s2u-a1b2c3',
  title: 'Canvas export: Hello flow',
  body: 'Documents of canvas "Hello flow", exported as a draft for review.',
  status: 'prepared',
  createdAt: AT,
  files: [{ path: 'canvas-docs/tpl.md', nodeId: 'tpl', bytes: 412 }],
  result: null,
};

export const INTEGRATION_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  get_service_status: { input: {}, status: 200, output: { status: 'ok', checkedAt: AT, providers: providerStatus } },
  list_connections: { input: {}, status: 200, output: { items: [connection], nextCursor: null } },
  upsert_connection: {
    input: {
      provider: 'provider-two',
      credential: { apiKey: '3f1c2b7a-0d4e:9a8b7c6d5e4f3a2b1c0dx9Qz' },
      label: 'Our fal account',
      allowedOrigins: ['https://queue.fal.run'],
    },
    status: 201,
    output: { ...connection, created: true },
    also: {
      status: 200,
      description: 'An existing credential was replaced',
      output: { ...connection, created: false },
    },
  },
  revoke_connection: {
    input: { provider: 'provider-two' },
    status: 200,
    output: { ...connection, status: 'revoked', revokedAt: AT },
  },
  get_integration_policy: { input: {}, status: 200, output: policy },
  update_integration_policy: {
    input: { allowedProviders: ['provider-two', 'speech'], monthlyCreditCap: 5000 },
    status: 200,
    output: policy,
  },
  get_workspace_suite_connection: {
    input: {},
    status: 200,
    output: {
      provider: 'workspace-suite',
      label: 'Workspace suite',
      vendor: 'Workspace productivity suite (OAuth)',
      state: 'connected',
      credential: 'workspace',
      sharedCredentials: false,
      capabilities: ['documents', 'files'],
      connection: {
        label: 'Acme suite',
        status: 'active',
        masked: { clientId: '…', refreshToken: '…Zk3q' },
        createdAt: AT,
        updatedAt: AT,
        revokedAt: null,
      },
    },
  },
  list_codehost_installations: { input: {}, status: 200, output: { items: [installation], nextCursor: null } },
  list_codehost_repositories: {
    input: { installationId: 4242 },
    status: 200,
    output: { items: [repository], nextCursor: null },
  },
  get_codehost_repository: {
    input: { installationId: 4242, repository: 'acme/docs' },
    status: 200,
    output: repository,
  },
  search_codehost_files: {
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
  get_codehost_sync_target: { input: {}, status: 200, output: { syncTarget } },
  sync_codehost_repository: {
    input: { installationId: 4242, repository: 'acme/docs', branch: 'main' },
    status: 200,
    output: { syncTarget, installation, truncated: false },
  },
  attach_source_link: {
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
  prepare_draft_pr_export: {
    input: { canvasId: draftExport.canvasId, installationId: 4242, directory: 'canvas-docs' },
    status: 201,
    output: draftExport,
  },
  get_draft_pr_export_result: {
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
  list_providers: {
    input: {},
    status: 200,
    output: {
      providers: [
        {
          id: 'speech',
          kind: 'speech',
          vendor: 'ElevenLabs',
          label: 'Speech provider',
          capabilities: ['text-to-speech', 'speech-to-speech'],
          models: [{ id: 'multilingual_v2', label: 'Multilingual v2', modes: ['tts'] }],
          defaultModel: 'multilingual_v2',
          defaultVoice: 'EXAVITQu4vr4xnSDxMaL',
          bringYourOwnCredential: true,
          sharedCredentials: true,
          status: 'available',
        },
      ],
    },
  },
};
