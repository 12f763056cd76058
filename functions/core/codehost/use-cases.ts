// core: the code-host use cases. Every call that names an installation first checks that it is linked
// to the caller's workspace (404 otherwise, never telling whether it exists); an installation becomes
// linked when a workspace first syncs a repository through it, and then belongs to that workspace only.
//
//   browse (installations, repositories, repository, files/search) ── linked? ── GitHub (installation token)
//   sync    ── link (first claim wins) ── branch head ── tree ── record sync target
//   attach  ── file exists at the commit ── node.sourceLink (canvas write, optimistic concurrency)
//   export  ── prepare: node documents → files (stored) ── result: commit on new branch + draft PR (once)
import { randomBytes } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Canvas } from '../canvas/model.ts';
import { editCanvas, getCanvas, type CanvasDeps } from '../canvas/use-cases.ts';
import {
  draftExportView,
  syncTargetView,
  type DraftExport,
  type InstallationRecord,
  type SyncTarget,
} from './model.ts';
import type { CodeHost, CodeHostRepository } from './ports.ts';

export interface CodeHostDeps {
  codehost: CodeHost;
  records: CodeHostRepository;
  clock: Clock;
}

function installationView(record: InstallationRecord) {
  const { workspaceId: _ws, ...view } = record;
  return view;
}

async function linkedInstallation(
  principal: Principal,
  installationId: number,
  deps: Pick<CodeHostDeps, 'records'>,
): Promise<InstallationRecord> {
  const record = await deps.records.getInstallation(installationId);
  if (!record || record.workspaceId !== principal.workspaceId) {
    throw new NotFoundError(
      `Installation ${installationId} is not linked to this workspace; link it with POST /api/mcp/codehost/repositories/sync`,
    );
  }
  if (record.suspended) throw new ConflictError(`Installation ${installationId} is suspended on the code host`);
  return record;
}

export async function listInstallations(principal: Principal, deps: Pick<CodeHostDeps, 'records'>) {
  const records = await deps.records.listInstallations(principal.workspaceId);
  return { items: records.map(installationView), nextCursor: null };
}

export async function listRepositories(principal: Principal, input: { installationId: number }, deps: CodeHostDeps) {
  await linkedInstallation(principal, input.installationId, deps);
  return { items: await deps.codehost.listRepositories(input.installationId), nextCursor: null };
}

export async function getRepository(
  principal: Principal,
  input: { installationId: number; repository: string },
  deps: CodeHostDeps,
) {
  await linkedInstallation(principal, input.installationId, deps);
  return deps.codehost.getRepository(input.installationId, input.repository);
}

export async function searchFiles(
  principal: Principal,
  input: { installationId: number; repository: string; query: string; limit: number },
  deps: CodeHostDeps,
) {
  await linkedInstallation(principal, input.installationId, deps);
  return deps.codehost.searchCode(input.installationId, input.repository, input.query, input.limit);
}

export async function getSyncTarget(principal: Principal, deps: Pick<CodeHostDeps, 'records'>) {
  const target = await deps.records.getSyncTarget(principal.workspaceId);
  return { syncTarget: target ? syncTargetView(target) : null };
}

/** Links the installation on first use, makes the repository the workspace's sync target and reads its branch head. */
export async function syncRepository(
  principal: Principal,
  input: { installationId: number; repository: string; branch?: string },
  deps: CodeHostDeps,
) {
  const now = deps.clock.now().toISOString();
  let installation = await deps.records.getInstallation(input.installationId);
  if (installation && installation.workspaceId !== principal.workspaceId) {
    throw new NotFoundError(`Installation ${input.installationId} is not available to this workspace`);
  }
  if (!installation) {
    const described = await deps.codehost.getInstallation(input.installationId);
    installation = { ...described, workspaceId: principal.workspaceId, linkedAt: now, updatedAt: now };
    await deps.records.linkInstallation(installation);
  }
  if (installation.suspended)
    throw new ConflictError(`Installation ${input.installationId} is suspended on the code host`);
  const repository = await deps.codehost.getRepository(input.installationId, input.repository);
  const branch = input.branch ?? repository.defaultBranch;
  const head = await deps.codehost.branchHead(input.installationId, repository.fullName, branch);
  const tree = await deps.codehost.countFiles(input.installationId, repository.fullName, head);
  const target: SyncTarget = {
    workspaceId: principal.workspaceId,
    installationId: input.installationId,
    repository: repository.fullName,
    branch,
    syncedCommit: head,
    syncedAt: now,
    fileCount: tree.files,
    // The head just read is the newest we know of; push webhooks move it on.
    remoteHead: head,
    remoteHeadAt: now,
  };
  await deps.records.putSyncTarget(target);
  return {
    syncTarget: syncTargetView(target),
    installation: installationView(installation),
    truncated: tree.truncated,
  };
}

/**
 * Links a canvas node to a file at a commit (a branch name or the sync target's head is resolved to its commit first).
 */
export async function attachSourceLink(
  principal: Principal,
  input: { canvasId: string; nodeId: string; installationId: number; repository: string; path: string; ref?: string },
  deps: CodeHostDeps & { canvases: CanvasDeps['canvases'] },
) {
  await linkedInstallation(principal, input.installationId, deps);
  const commitSha = /^[0-9a-f]{40}$/.test(input.ref ?? '')
    ? input.ref!
    : await deps.codehost.branchHead(
        input.installationId,
        input.repository,
        input.ref ?? (await deps.codehost.getRepository(input.installationId, input.repository)).defaultBranch,
      );
  const file = await deps.codehost.fileAt(input.installationId, input.repository, input.path, commitSha);
  if (!file) throw new NotFoundError(`${input.path} does not exist in ${input.repository} at ${commitSha}`);
  const { canvas, result } = await editCanvas(
    principal,
    { canvasId: input.canvasId },
    (draft: Canvas, now: string) => {
      const node = draft.nodes.find((candidate) => candidate.id === input.nodeId);
      if (!node) throw new NotFoundError(`Node ${input.nodeId} not found on canvas ${input.canvasId}`);
      node.sourceLink = {
        provider: 'codehost',
        installationId: input.installationId,
        repository: input.repository,
        path: input.path,
        commitSha,
        url: file.htmlUrl,
        linkedAt: now,
      };
      node.updatedAt = now;
      return node;
    },
    { canvases: deps.canvases, clock: deps.clock },
  );
  return { canvasId: canvas.id, canvasVersion: canvas.version, nodeId: result.id, sourceLink: result.sourceLink };
}

const EXTENSION = { markdown: 'md', text: 'txt', json: 'json' } as const;
/** One export stays well inside a 400 KB item (the contents are kept until the pull request is opened). */
const MAX_EXPORT_BYTES = 300 * 1024;

/** Collects the canvas's node documents as files and stores the export, ready to be opened as a draft PR. */
export async function prepareDraftExport(
  principal: Principal,
  input: {
    canvasId: string;
    installationId: number;
    repository?: string;
    baseBranch?: string;
    nodeIds?: string[];
    directory: string;
    title?: string;
  },
  deps: CodeHostDeps & { canvases: CanvasDeps['canvases'] },
) {
  const target = await deps.records.getSyncTarget(principal.workspaceId);
  const repositoryName = input.repository ?? target?.repository;
  if (!repositoryName) throw new ValidationError('repository is required when the workspace has no sync target');
  await linkedInstallation(principal, input.installationId, deps);
  const canvas = await getCanvas(principal, input.canvasId, deps);
  const chosen = canvas.nodes.filter((node) => node.document && (!input.nodeIds || input.nodeIds.includes(node.id)));
  if (input.nodeIds) {
    const missing = input.nodeIds.filter((id) => !chosen.some((node) => node.id === id));
    if (missing.length > 0) throw new ValidationError(`These nodes have no document: ${missing.join(', ')}`);
  }
  if (chosen.length === 0) throw new ValidationError(`Canvas ${canvas.id} has no node documents to export`);
  const directory = input.directory.replace(/\/+$/, '');
  const files = chosen.map((node) => ({
    nodeId: node.id,
    path: `${directory}/${node.id}.${EXTENSION[node.document!.format]}`,
    content: node.document!.content,
  }));
  const bytes = files.reduce((sum, file) => sum + Buffer.byteLength(file.content, 'utf8'), 0);
  if (bytes > MAX_EXPORT_BYTES)
    throw new ValidationError(`The documents come to ${bytes} bytes; one export carries at most ${MAX_EXPORT_BYTES}`);
  const repository = await deps.codehost.getRepository(input.installationId, repositoryName);
  const exportId = newId('export');
  const draft: DraftExport = {
    exportId,
    workspaceId: principal.workspaceId,
    canvasId: canvas.id,
    installationId: input.installationId,
    repository: repository.fullName,
    baseBranch: input.baseBranch ?? repository.defaultBranch,
    branch: `canvas-export/${canvas.id}-${randomBytes(3).toString('hex')}`,
    title: input.title ?? `Canvas export: ${canvas.name}`,
    body: `Documents of canvas "${canvas.name}" (${canvas.id}, version ${canvas.version}), exported as a draft for review.`,
    files,
    status: 'prepared',
    createdAt: deps.clock.now().toISOString(),
    result: null,
  };
  await deps.records.putExport(draft, null);
  return draftExportView(draft);
}

/**
 * Opens the prepared export as a draft pull request, once: a repeated call answers the stored result.
 * A crash between the commit and the record leaves the export `prepared`; the retry then finds the
 * branch taken (422) and reports it rather than opening a second pull request.
 */
export async function openDraftExport(principal: Principal, input: { exportId: string }, deps: CodeHostDeps) {
  const draft = await deps.records.getExport(principal.workspaceId, input.exportId);
  if (!draft) throw new NotFoundError(`Export ${input.exportId} not found`);
  if (draft.status === 'opened') return draftExportView(draft);
  await linkedInstallation(principal, draft.installationId, deps);
  const { commitSha } = await deps.codehost.commitToNewBranch(draft.installationId, draft.repository, {
    baseBranch: draft.baseBranch,
    branch: draft.branch,
    message: draft.title,
    files: draft.files,
  });
  const pull = await deps.codehost.openDraftPullRequest(draft.installationId, draft.repository, {
    head: draft.branch,
    base: draft.baseBranch,
    title: draft.title,
    body: draft.body,
  });
  const opened: DraftExport = {
    ...draft,
    status: 'opened',
    result: {
      commitSha,
      pullRequestNumber: pull.number,
      pullRequestUrl: pull.url,
      openedAt: deps.clock.now().toISOString(),
    },
  };
  await deps.records.putExport(opened, 'prepared');
  return draftExportView(opened);
}
