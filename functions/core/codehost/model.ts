// core: what the service keeps and shows of the code host (GitHub through a GitHub App).
import * as z from '../schema.ts';

/** `owner/name`, as GitHub spells a repository's full name. */
export const RepositoryName = z
  .string()
  .check(z.regex(/^[A-Za-z0-9_.-]{1,100}\/[A-Za-z0-9_.-]{1,100}$/, 'repository must be owner/name'));
export const InstallationId = z.coerce.number().check(z.int(), z.positive());
export const BranchName = z
  .string()
  .check(z.minLength(1), z.maxLength(255), z.regex(/^(?!\/)(?!.*\.\.)[^\s~^:?*[\\]+$/, 'not a valid branch name'));
export const FilePath = z
  .string()
  .check(
    z.minLength(1),
    z.maxLength(1024),
    z.regex(/^(?!\/)(?!.*(^|\/)\.\.(\/|$))[^\0]+$/, 'not a valid repository path'),
  );

export function splitRepository(fullName: string): { owner: string; repo: string } {
  const [owner, repo] = fullName.split('/') as [string, string];
  return { owner, repo };
}

/** An installation of the deployment's GitHub App, linked to at most one workspace. */
export interface InstallationRecord {
  installationId: number;
  workspaceId: string;
  account: string;
  accountType: string;
  repositorySelection: string;
  suspended: boolean;
  linkedAt: string;
  updatedAt: string;
}

export interface RepositoryInfo {
  id: number;
  fullName: string;
  defaultBranch: string;
  private: boolean;
  htmlUrl: string;
}

/** The repository a workspace syncs from, and what the last sync saw. */
export interface SyncTarget {
  workspaceId: string;
  installationId: number;
  repository: string;
  branch: string;
  /** The commit the last sync read. */
  syncedCommit: string | null;
  syncedAt: string | null;
  fileCount: number | null;
  /** The branch head last reported by a push webhook; differs from syncedCommit when a sync is due. */
  remoteHead: string | null;
  remoteHeadAt: string | null;
}

export function syncTargetView(target: SyncTarget) {
  const { workspaceId: _ws, ...view } = target;
  return { ...view, stale: target.remoteHead !== null && target.remoteHead !== target.syncedCommit };
}

export interface DraftExportFile {
  path: string;
  content: string;
  nodeId: string;
}

export type DraftExportStatus = 'prepared' | 'opened';

export interface DraftExport {
  exportId: string;
  workspaceId: string;
  canvasId: string;
  installationId: number;
  repository: string;
  baseBranch: string;
  branch: string;
  title: string;
  body: string;
  files: DraftExportFile[];
  status: DraftExportStatus;
  createdAt: string;
  /** Set once the branch is pushed and the draft pull request opened. */
  result: { commitSha: string; pullRequestNumber: number; pullRequestUrl: string; openedAt: string } | null;
}

export function draftExportView(draft: DraftExport) {
  const { workspaceId: _ws, files, ...view } = draft;
  return {
    ...view,
    files: files.map((file) => ({
      path: file.path,
      nodeId: file.nodeId,
      bytes: Buffer.byteLength(file.content, 'utf8'),
    })),
  };
}
