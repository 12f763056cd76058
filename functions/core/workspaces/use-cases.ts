// use cases: workspace info, members, rename, and provisioning a workspace with its first key.
import { NotFoundError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import { mintKey } from '../keys/use-cases.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page, PageQuery } from '../pagination.ts';
import type { WorkspaceRepository } from '../ports.ts';
import { ALL_SCOPES, type Scope } from '../scopes.ts';
import type { Member, Workspace } from './model.ts';

export interface WorkspaceDeps {
  workspaces: WorkspaceRepository;
  clock: Clock;
}

export async function getWorkspace(principal: Principal, deps: Pick<WorkspaceDeps, 'workspaces'>): Promise<Workspace> {
  const workspace = await deps.workspaces.get(principal.workspaceId);
  if (!workspace) throw new NotFoundError('Workspace not found');
  return workspace;
}

export function listMembers(
  principal: Principal,
  page: PageQuery,
  deps: Pick<WorkspaceDeps, 'workspaces'>,
): Promise<Page<Member>> {
  return deps.workspaces.listMembers(principal.workspaceId, page);
}

export function renameWorkspace(principal: Principal, name: string, deps: WorkspaceDeps): Promise<Workspace> {
  return deps.workspaces.rename(principal.workspaceId, name, deps.clock.now().toISOString());
}

export interface ProvisionedWorkspace {
  workspaceId: string;
  ownerUserId: string;
  keyId: string;
  /** The full key: shown once, never stored. */
  apiKey: string;
  scopes: Scope[];
}

/**
 * Creates a workspace, its owner and an all-scopes key in one transaction.
 * With `once`, it does so only if no workspace was ever bootstrapped in this store (local mode).
 */
export async function provisionWorkspace(
  input: { name: string; ownerEmail: string; presetKey?: string; once?: boolean },
  deps: WorkspaceDeps,
): Promise<ProvisionedWorkspace | undefined> {
  const now = deps.clock.now();
  const workspace: Workspace = {
    id: newId(ID_PREFIX.workspace),
    name: input.name,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  const owner: Member = {
    workspaceId: workspace.id,
    userId: newId(ID_PREFIX.user),
    email: input.ownerEmail,
    role: 'owner',
    joinedAt: now.toISOString(),
  };
  const key = mintKey({
    workspaceId: workspace.id,
    name: 'Owner key',
    scopes: ALL_SCOPES,
    createdByKeyId: null,
    now,
    presetKey: input.presetKey,
  });
  const created = await deps.workspaces.provision({
    workspace,
    owner,
    key: { record: key.record, lookup: key.lookup },
    onceMarker: input.once ?? false,
  });
  if (!created) return undefined;
  return {
    workspaceId: workspace.id,
    ownerUserId: owner.userId,
    keyId: key.record.id,
    apiKey: key.key,
    scopes: [...ALL_SCOPES],
  };
}
