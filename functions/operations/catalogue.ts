// operations: the catalogue — every operation, in named toolsets, in the order the gateway lists its tools
// (by what an agent does: read canvases, author them, run them, wire webhooks, administer). A test walks it against
// the route manifest: every tool-backing route has its operation here, and every operation a route or a
// documented reason. Adding an operation is adding its route file and one line here; the gateway, the
// OpenAPI document and the CDK function follow from it.
import type { Operation } from './operation.ts';
import { operation as canvasList } from '#operations/canvases/list-canvases';
import { operation as canvasState } from '#operations/canvases/get-canvas';
import { operation as canvasPortsManifest } from '#operations/canvases/get-port-manifest';
import { operation as canvasPortsValidate } from '#operations/canvases/validate-edge';
import { operation as canvasCostEstimate } from '#operations/canvases/estimate-canvas-cost';
import { operation as canvasCreate } from '#operations/authoring/create-canvas';
import { operation as canvasRename } from '#operations/authoring/rename-canvas';
import { operation as canvasPatch } from '#operations/authoring/patch-canvas';
import { operation as canvasNodeAdd } from '#operations/authoring/add-node';
import { operation as canvasNodeUpdate } from '#operations/authoring/update-node';
import { operation as canvasNodeDocumentWrite } from '#operations/authoring/write-node-document';
import { operation as canvasNodeMove } from '#operations/authoring/move-node';
import { operation as canvasNodeResize } from '#operations/authoring/resize-node';
import { operation as canvasNodeDelete } from '#operations/authoring/delete-node';
import { operation as canvasEdgeAdd } from '#operations/authoring/add-edge';
import { operation as canvasEdgeDelete } from '#operations/authoring/delete-edge';
import { operation as canvasFitViewport } from '#operations/authoring/fit-canvas-viewport';
import { operation as canvasArchive } from '#operations/authoring/archive-canvas';
import { operation as canvasRestore } from '#operations/authoring/restore-canvas';
import { operation as canvasDelete } from '#operations/authoring/delete-canvas';
import { operation as runsRun } from '#operations/runs/run-workflow';
import { operation as runsGet } from '#operations/runs/get-execution';
import { operation as runsTimeline } from '#operations/runs/get-execution-timeline';
import { operation as runsOutputs } from '#operations/runs/get-execution-outputs';
import { operation as canvasExecutions } from '#operations/runs/list-canvas-executions';
import { operation as runsCancel } from '#operations/runs/cancel-execution';
import { operation as runsReplay } from '#operations/runs/replay-execution';
import { operation as runsRedrive } from '#operations/runs/redrive-execution';
import { operation as callbacksSigningSecret } from '#operations/webhooks/set-callback-signing-secret';
import { operation as webhooksRegister } from '#operations/webhooks/register-webhook';
import { operation as webhooksRevoke } from '#operations/webhooks/revoke-webhook';
import { operation as webhooksSigningSecret } from '#operations/webhooks/set-webhook-signing-secret';
import { operation as webhooksList } from './webhooks/list-webhooks.ts';
import { operation as workspaceInfo } from '#operations/workspace/get-workspace';
import { operation as workspaceMembers } from '#operations/workspace/list-workspace-members';
import { operation as workspaceRename } from '#operations/workspace/rename-workspace';
import { operation as workspaceInvite } from '#operations/workspace/invite-member';
import { operation as workspaceInviteRevoke } from '#operations/workspace/revoke-invite';
import { operation as workspaceRemoveMember } from '#operations/workspace/remove-member';
import { operation as changeMemberRole } from './workspace/change-member-role.ts';
import { operation as templatesList } from '#operations/templates/list-templates';
import { operation as templatesSnapshot } from '#operations/templates/get-template-snapshot';
import { operation as templatesUse } from '#operations/templates/use-template';
import { operation as templatesPublish } from '#operations/templates/publish-template';
import { operation as templatesDelete } from '#operations/templates/delete-template';
import { operation as canvasUploadReserve } from '#operations/assets/reserve-canvas-upload';
import { operation as canvasUploadVerify } from '#operations/assets/verify-canvas-upload';
import { operation as canvasUploadFinalize } from '#operations/assets/finalize-canvas-upload';
import { operation as canvasUploadPromote } from '#operations/assets/promote-canvas-asset';
import { operation as canvasUploadCancel } from '#operations/assets/cancel-canvas-upload';
import { operation as canvasAssets } from '#operations/assets/list-canvas-assets';
import { operation as assetsList } from '#operations/assets/list-assets';
import { operation as assetsDetail } from '#operations/assets/get-asset';
import { operation as assetsUsages } from '#operations/assets/get-asset-usages';
import { operation as assetsUploadReserve } from '#operations/assets/reserve-asset-upload';
import { operation as assetsUploadFinalize } from '#operations/assets/finalize-asset-upload';
import { operation as assetsUploadCancel } from '#operations/assets/cancel-asset-upload';
import { operation as assetsRename } from '#operations/assets/rename-asset';
import { operation as assetsMove } from '#operations/assets/move-asset';
import { operation as assetsTags } from '#operations/assets/tag-asset';
import { operation as assetsPlace } from '#operations/assets/place-asset';
import { operation as assetsTrash } from '#operations/assets/trash-asset';
import { operation as assetsRestore } from '#operations/assets/restore-asset';
import { operation as assetsPurge } from '#operations/assets/purge-asset';
import { operation as keysList } from '#operations/workspace/list-api-keys';
import { operation as keysCreate } from '#operations/workspace/create-api-key';
import { operation as keysRevoke } from '#operations/workspace/revoke-api-key';
import { operation as keysVerifyKey } from '#operations/workspace/verify-key';
import { operation as auditList } from '#operations/workspace/list-audit-entries';
import { operation as creditsBalance } from '#operations/credits/get-credit-balance';
import { operation as creditsTransactions } from '#operations/credits/list-credit-transactions';
import { operation as billingSummary } from '#operations/credits/get-billing-summary';
import { operation as integrationsServiceStatus } from '#operations/integrations/get-service-status';
import { operation as integrationsProviders } from '#operations/integrations/list-providers';
import { operation as integrationsConnectionsList } from '#operations/integrations/list-connections';
import { operation as integrationsConnectionsUpsert } from '#operations/integrations/upsert-connection';
import { operation as integrationsConnectionsRevoke } from '#operations/integrations/revoke-connection';
import { operation as integrationsPoliciesGet } from '#operations/integrations/get-integration-policy';
import { operation as integrationsPoliciesUpdate } from '#operations/integrations/update-integration-policy';
import { operation as workspaceSuiteConnection } from '#operations/integrations/get-workspace-suite-connection';
import { operation as codehostInstallations } from '#operations/codehost/list-codehost-installations';
import { operation as codehostRepositories } from '#operations/codehost/list-codehost-repositories';
import { operation as codehostRepository } from '#operations/codehost/get-codehost-repository';
import { operation as codehostFilesSearch } from '#operations/codehost/search-codehost-files';
import { operation as codehostSyncTarget } from '#operations/codehost/get-codehost-sync-target';
import { operation as codehostSync } from '#operations/codehost/sync-codehost-repository';
import { operation as codehostSourceLinksAttach } from '#operations/codehost/attach-source-link';
import { operation as codehostDraftPrPrepare } from '#operations/codehost/prepare-draft-pr-export';
import { operation as codehostDraftPrResult } from '#operations/codehost/get-draft-pr-export-result';
import { operation as falGenerateVideo } from '#operations/generation/generate-video-provider-two';
import { operation as generateVideo } from '#operations/generation/generate-video-provider-one';
import { operation as generateVideoStatus } from '#operations/generation/get-video-job-provider-one';
import { operation as falGenerateVideoStatus } from '#operations/generation/get-video-job-provider-two';
import { operation as generateAudio } from '#operations/generation/generate-audio';
import { operation as publishMcpServer } from '#operations/published/publish-mcp-server';
import { operation as updateMcpServer } from '#operations/published/update-mcp-server';
import { operation as unpublishMcpServer } from '#operations/published/unpublish-mcp-server';
import { operation as listMcpServers } from '#operations/published/list-mcp-servers';
import { operation as getMcpServer } from '#operations/published/get-mcp-server';
import { operation as createMcpServerCredential } from '#operations/published/create-mcp-server-credential';
import { operation as listMcpServerCredentials } from '#operations/published/list-mcp-server-credentials';
import { operation as revokeMcpServerCredential } from '#operations/published/revoke-mcp-server-credential';

/** A named group of operations, as an agent thinks of its work; the gateway lists tools group by group. */
export interface Toolset {
  /** Short, stable id (the gateway's toolset selection names groups by it). */
  readonly name: string;
  /** One line saying what the group is for. */
  readonly description: string;
  readonly operations: readonly Operation[];
}

/** The catalogue: every operation, in named groups, in the order the gateway lists its tools. */
export const TOOLSETS: readonly Toolset[] = [
  {
    name: 'canvases',
    description: 'Read canvases: list them, read one, its port manifest, edge validation and cost estimate.',
    operations: [canvasList, canvasState, canvasPortsManifest, canvasPortsValidate, canvasCostEstimate],
  },
  {
    name: 'authoring',
    description:
      'Author canvases: create, rename, patch, add, update, move and delete nodes and edges, archive, delete.',
    operations: [
      canvasCreate,
      canvasRename,
      canvasPatch,
      canvasNodeAdd,
      canvasNodeUpdate,
      canvasNodeDocumentWrite,
      canvasNodeMove,
      canvasNodeResize,
      canvasNodeDelete,
      canvasEdgeAdd,
      canvasEdgeDelete,
      canvasFitViewport,
      canvasArchive,
      canvasRestore,
      canvasDelete,
    ],
  },
  {
    name: 'runs',
    description: 'Run workflows and follow them: start, read, timeline, outputs, cancel, replay, redrive.',
    operations: [runsRun, runsGet, runsTimeline, runsOutputs, canvasExecutions, runsCancel, runsReplay, runsRedrive],
  },
  {
    name: 'webhooks',
    // The callback signing secret is here, beside the triggers' secrets: who manages a workspace's signing
    // secrets is rarely the agent that builds and runs canvases, and the default tools/list stays small.
    description:
      'Webhooks both ways: triggers (list, register, revoke, signing secret) and the callback signing secret.',
    operations: [webhooksList, webhooksRegister, webhooksRevoke, webhooksSigningSecret, callbacksSigningSecret],
  },
  {
    name: 'templates',
    description: 'Templates: list, snapshot a canvas, use, publish and delete.',
    operations: [templatesList, templatesSnapshot, templatesUse, templatesPublish, templatesDelete],
  },
  {
    name: 'assets',
    description: 'Assets: canvas uploads and the workspace library (upload, rename, move, tag, place, trash, purge).',
    operations: [
      canvasAssets,
      canvasUploadReserve,
      canvasUploadVerify,
      canvasUploadFinalize,
      canvasUploadCancel,
      canvasUploadPromote,
      assetsList,
      assetsDetail,
      assetsUsages,
      assetsUploadReserve,
      assetsUploadFinalize,
      assetsUploadCancel,
      assetsRename,
      assetsMove,
      assetsTags,
      assetsPlace,
      assetsTrash,
      assetsRestore,
      assetsPurge,
    ],
  },
  {
    name: 'workspace',
    description: 'Workspace administration: its info, members and invites, API keys, key verification, audit log.',
    operations: [
      workspaceInfo,
      workspaceMembers,
      workspaceRename,
      workspaceInvite,
      workspaceInviteRevoke,
      workspaceRemoveMember,
      changeMemberRole,
      keysList,
      keysCreate,
      keysRevoke,
      keysVerifyKey,
      auditList,
    ],
  },
  {
    name: 'credits',
    description: 'Credits and billing: balance, transactions, billing summary.',
    operations: [creditsBalance, creditsTransactions, billingSummary],
  },
  {
    name: 'integrations',
    description: 'Integrations: service status, providers, stored connections, policies, workspace suite.',
    operations: [
      integrationsServiceStatus,
      integrationsProviders,
      integrationsConnectionsList,
      integrationsConnectionsUpsert,
      integrationsConnectionsRevoke,
      integrationsPoliciesGet,
      integrationsPoliciesUpdate,
      workspaceSuiteConnection,
    ],
  },
  {
    name: 'codehost',
    description:
      'Code host (GitHub): installations, repositories, file search, sync, source links, draft pull requests.',
    operations: [
      codehostInstallations,
      codehostRepositories,
      codehostRepository,
      codehostFilesSearch,
      codehostSyncTarget,
      codehostSync,
      codehostSourceLinksAttach,
      codehostDraftPrPrepare,
      codehostDraftPrResult,
    ],
  },
  {
    name: 'generation',
    description: 'Media generation: video (two providers) and audio, and their job status.',
    operations: [generateVideo, generateVideoStatus, falGenerateVideo, falGenerateVideoStatus, generateAudio],
  },
  {
    name: 'published',
    description: 'Publish a canvas as its own MCP server (docs/published-servers.md); its umcp_ credentials.',
    operations: [
      publishMcpServer,
      updateMcpServer,
      unpublishMcpServer,
      listMcpServers,
      getMcpServer,
      createMcpServerCredential,
      listMcpServerCredentials,
      revokeMcpServerCredential,
    ],
  },
];

/** Every operation, flattened in catalogue order. */
export const OPERATIONS: readonly Operation[] = TOOLSETS.flatMap((toolset) => toolset.operations);
