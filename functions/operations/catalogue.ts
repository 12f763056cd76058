// operations: the catalogue — every operation, in named toolsets, in the order the gateway lists its tools
// (by what an agent does: read canvases, author them, run them, wire webhooks, administer). A test walks it against
// the route manifest: every tool-backing route has its operation here, and every operation a route or a
// documented reason. Adding an operation is adding its route file and one line here; the gateway, the
// OpenAPI document and the CDK function follow from it.
import type { Operation } from './operation.ts';
import { operation as canvasList } from '#routes/canvas/list';
import { operation as canvasState } from '#routes/canvas/state';
import { operation as canvasPortsManifest } from '#routes/canvas/ports-manifest';
import { operation as canvasPortsValidate } from '#routes/canvas/ports-validate';
import { operation as canvasCostEstimate } from '#routes/canvas/cost-estimate';
import { operation as canvasCreate } from '#routes/canvas/create';
import { operation as canvasRename } from '#routes/canvas/rename';
import { operation as canvasPatch } from '#routes/canvas/patch';
import { operation as canvasNodeAdd } from '#routes/canvas/node-add';
import { operation as canvasNodeUpdate } from '#routes/canvas/node-update';
import { operation as canvasNodeDocumentWrite } from '#routes/canvas/node-document-write';
import { operation as canvasNodeMove } from '#routes/canvas/node-move';
import { operation as canvasNodeResize } from '#routes/canvas/node-resize';
import { operation as canvasNodeDelete } from '#routes/canvas/node-delete';
import { operation as canvasEdgeAdd } from '#routes/canvas/edge-add';
import { operation as canvasEdgeDelete } from '#routes/canvas/edge-delete';
import { operation as canvasFitViewport } from '#routes/canvas/fit-viewport';
import { operation as canvasArchive } from '#routes/canvas/archive';
import { operation as canvasRestore } from '#routes/canvas/restore';
import { operation as canvasDelete } from '#routes/canvas/delete';
import { operation as runsRun } from '#routes/runs/run';
import { operation as runsGet } from '#routes/runs/get';
import { operation as runsTimeline } from '#routes/runs/timeline';
import { operation as runsOutputs } from '#routes/runs/outputs';
import { operation as canvasExecutions } from '#routes/canvas/executions';
import { operation as runsCancel } from '#routes/runs/cancel';
import { operation as runsReplay } from '#routes/runs/replay';
import { operation as runsRedrive } from '#routes/runs/redrive';
import { operation as callbacksSigningSecret } from '#routes/runs/callback-signing-secret';
import { operation as webhooksRegister } from '#routes/webhooks/register';
import { operation as webhooksRevoke } from '#routes/webhooks/revoke';
import { operation as webhooksSigningSecret } from '#routes/webhooks/signing-secret';
import { operation as webhooksList } from './webhooks/list-webhooks.ts';
import { operation as workspaceInfo } from '#routes/workspace/info';
import { operation as workspaceMembers } from '#routes/workspace/members';
import { operation as workspaceRename } from '#routes/workspace/rename';
import { operation as workspaceInvite } from '#routes/workspace/invite';
import { operation as workspaceInviteRevoke } from '#routes/workspace/invite-revoke';
import { operation as workspaceRemoveMember } from '#routes/workspace/remove-member';
import { operation as changeMemberRole } from './workspace/change-member-role.ts';
import { operation as templatesList } from '#routes/templates/list';
import { operation as templatesSnapshot } from '#routes/templates/snapshot';
import { operation as templatesUse } from '#routes/templates/use';
import { operation as templatesPublish } from '#routes/templates/publish';
import { operation as templatesDelete } from '#routes/templates/delete';
import { operation as canvasUploadReserve } from '#routes/assets/canvas-r2-upload-reserve';
import { operation as canvasUploadVerify } from '#routes/assets/canvas-r2-upload-verify';
import { operation as canvasUploadFinalize } from '#routes/assets/canvas-r2-upload-finalize';
import { operation as canvasUploadPromote } from '#routes/assets/canvas-r2-upload-promote-library';
import { operation as canvasUploadCancel } from '#routes/assets/canvas-r2-upload-cancel';
import { operation as canvasAssets } from '#routes/assets/canvas-assets';
import { operation as assetsList } from '#routes/assets/workspace-assets';
import { operation as assetsDetail } from '#routes/assets/workspace-assets-detail';
import { operation as assetsUsages } from '#routes/assets/workspace-assets-usages';
import { operation as assetsUploadReserve } from '#routes/assets/workspace-assets-upload-reserve';
import { operation as assetsUploadFinalize } from '#routes/assets/workspace-assets-upload-finalize';
import { operation as assetsUploadCancel } from '#routes/assets/workspace-assets-upload-cancel';
import { operation as assetsRename } from '#routes/assets/workspace-assets-rename';
import { operation as assetsMove } from '#routes/assets/workspace-assets-move';
import { operation as assetsTags } from '#routes/assets/workspace-assets-tags';
import { operation as assetsPlace } from '#routes/assets/workspace-assets-place';
import { operation as assetsTrash } from '#routes/assets/workspace-assets-trash';
import { operation as assetsRestore } from '#routes/assets/workspace-assets-restore';
import { operation as assetsPurge } from '#routes/assets/workspace-assets-purge';
import { operation as keysList } from '#routes/keys/list';
import { operation as keysCreate } from '#routes/keys/create';
import { operation as keysRevoke } from '#routes/keys/revoke';
import { operation as keysVerifyKey } from '#routes/keys/verify-key';
import { operation as creditsBalance } from '#routes/credits/balance';
import { operation as creditsTransactions } from '#routes/credits/transactions';
import { operation as billingSummary } from '#routes/credits/summary';
import { operation as integrationsServiceStatus } from '#routes/integrations/service-status';
import { operation as integrationsProviders } from '#routes/integrations/providers';
import { operation as integrationsConnectionsList } from '#routes/integrations/connections-list';
import { operation as integrationsConnectionsUpsert } from '#routes/integrations/connections-upsert';
import { operation as integrationsConnectionsRevoke } from '#routes/integrations/connections-revoke';
import { operation as integrationsPoliciesGet } from '#routes/integrations/policies-get';
import { operation as integrationsPoliciesUpdate } from '#routes/integrations/policies-update';
import { operation as workspaceSuiteConnection } from '#routes/integrations/workspace-suite-connection';
import { operation as codehostInstallations } from '#routes/codehost/installations';
import { operation as codehostRepositories } from '#routes/codehost/repositories';
import { operation as codehostRepository } from '#routes/codehost/repository';
import { operation as codehostFilesSearch } from '#routes/codehost/files-search';
import { operation as codehostSyncTarget } from '#routes/codehost/sync-target';
import { operation as codehostSync } from '#routes/codehost/sync';
import { operation as codehostSourceLinksAttach } from '#routes/codehost/source-links-attach';
import { operation as codehostDraftPrPrepare } from '#routes/codehost/draft-pr-prepare';
import { operation as codehostDraftPrResult } from '#routes/codehost/draft-pr-result';
import { operation as falGenerateVideo } from '#routes/generation/fal-generate-video';
import { operation as generateVideo } from '#routes/generation/generate-video';
import { operation as generateVideoStatus } from '#routes/generation/generate-video-status';
import { operation as falGenerateVideoStatus } from '#routes/generation/fal-generate-video-status';
import { operation as generateAudio } from '#routes/generation/generate-audio';

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
    description:
      'Run workflows and follow them: start, read, timeline, outputs, cancel, replay, redrive, callback secret.',
    operations: [
      runsRun,
      runsGet,
      runsTimeline,
      runsOutputs,
      canvasExecutions,
      runsCancel,
      runsReplay,
      runsRedrive,
      callbacksSigningSecret,
    ],
  },
  {
    name: 'webhooks',
    description: 'Webhook triggers: list, register and revoke them, read their signing secret.',
    operations: [webhooksList, webhooksRegister, webhooksRevoke, webhooksSigningSecret],
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
    description: 'Workspace administration: its info, members and invites, API keys, key verification.',
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
];

/** Every operation, flattened in catalogue order. */
export const OPERATIONS: readonly Operation[] = TOOLSETS.flatMap((toolset) => toolset.operations);
