// core: the ports of the code-host domain — the code host itself (GitHub REST through a GitHub App) and
// the records the service keeps of it.
import type { DraftExport, InstallationRecord, RepositoryInfo, SyncTarget } from './model.ts';

export interface CodeHost {
  /** The installation as GitHub describes it (App JWT). NotFoundError if the App has no such installation. */
  getInstallation(installationId: number): Promise<Omit<InstallationRecord, 'workspaceId' | 'linkedAt' | 'updatedAt'>>;
  listRepositories(installationId: number): Promise<RepositoryInfo[]>;
  getRepository(installationId: number, repository: string): Promise<RepositoryInfo>;
  searchCode(
    installationId: number,
    repository: string,
    query: string,
    limit: number,
  ): Promise<{
    totalCount: number;
    incomplete: boolean;
    items: { path: string; name: string; sha: string; htmlUrl: string }[];
  }>;
  /** The commit a branch points at. */
  branchHead(installationId: number, repository: string, branch: string): Promise<string>;
  /** How many files (blobs) the tree of a commit holds. */
  countFiles(
    installationId: number,
    repository: string,
    commitSha: string,
  ): Promise<{ files: number; truncated: boolean }>;
  /** The file at a commit, or undefined when it does not exist there. */
  fileAt(
    installationId: number,
    repository: string,
    path: string,
    commitSha: string,
  ): Promise<{ sha: string; htmlUrl: string } | undefined>;
  /**
   * One commit with `files` on top of `baseBranch`, on the new branch `branch` (Git data API: blobs, tree, commit,
   * ref).
   */
  commitToNewBranch(
    installationId: number,
    repository: string,
    input: { baseBranch: string; branch: string; message: string; files: { path: string; content: string }[] },
  ): Promise<{ commitSha: string }>;
  openDraftPullRequest(
    installationId: number,
    repository: string,
    input: { head: string; base: string; title: string; body: string },
  ): Promise<{ number: number; url: string }>;
}

export interface CodeHostRepository {
  getInstallation(installationId: number): Promise<InstallationRecord | undefined>;
  /** Links an installation to a workspace; ConflictError if another workspace holds it. */
  linkInstallation(record: InstallationRecord): Promise<void>;
  updateInstallation(
    installationId: number,
    changes: Partial<Pick<InstallationRecord, 'suspended' | 'repositorySelection' | 'account' | 'updatedAt'>>,
  ): Promise<void>;
  deleteInstallation(installationId: number): Promise<void>;
  listInstallations(workspaceId: string): Promise<InstallationRecord[]>;
  getSyncTarget(workspaceId: string): Promise<SyncTarget | undefined>;
  putSyncTarget(target: SyncTarget): Promise<void>;
  /** Sync targets following `repository` through `installationId` (push webhooks). */
  syncTargetsOf(installationId: number, repository: string): Promise<SyncTarget[]>;
  recordRemoteHead(workspaceId: string, head: string, at: string): Promise<void>;
  getExport(workspaceId: string, exportId: string): Promise<DraftExport | undefined>;
  putExport(draft: DraftExport, expectedStatus: DraftExport['status'] | null): Promise<void>;
  /** Records a webhook delivery for good; false if it was recorded before (a redelivery or a replay). */
  claimDelivery(claim: string): Promise<boolean>;
  /** Gives a claimed delivery back (its effects failed), so a redelivery is applied. */
  releaseDelivery(claim: string): Promise<void>;
}
