// test support (unit): WorkspaceRepository in memory, including the store-wide bootstrap marker.
import { NotFoundError } from '#core/errors';
import type { ApiKeyLookup, ApiKeyRecord } from '#core/keys/api-key';
import type { Page, PageQuery } from '#core/pagination';
import type { WorkspaceRepository } from '#core/ports';
import type { Member, Workspace } from '#core/workspaces/model';

export class InMemoryWorkspaceRepository implements WorkspaceRepository {
  readonly workspaces = new Map<string, Workspace>();
  readonly members: Member[] = [];
  readonly keys: { record: ApiKeyRecord; lookup: ApiKeyLookup }[] = [];
  bootstrapped = false;

  async get(workspaceId: string): Promise<Workspace | undefined> {
    const workspace = this.workspaces.get(workspaceId);
    return workspace && structuredClone(workspace);
  }

  async rename(workspaceId: string, name: string, updatedAt: string): Promise<Workspace> {
    const workspace = this.workspaces.get(workspaceId);
    if (!workspace) throw new NotFoundError('Workspace not found');
    const renamed = { ...workspace, name, updatedAt };
    this.workspaces.set(workspaceId, renamed);
    return structuredClone(renamed);
  }

  async listMembers(workspaceId: string, page: PageQuery): Promise<Page<Member>> {
    const items = this.members.filter((member) => member.workspaceId === workspaceId).slice(0, page.limit);
    return { items: structuredClone(items), nextCursor: null };
  }

  async provision(input: {
    workspace: Workspace;
    owner: Member;
    key: { record: ApiKeyRecord; lookup: ApiKeyLookup };
    onceMarker: boolean;
  }): Promise<boolean> {
    if (input.onceMarker) {
      if (this.bootstrapped) return false;
      this.bootstrapped = true;
    }
    this.workspaces.set(input.workspace.id, structuredClone(input.workspace));
    this.members.push(structuredClone(input.owner));
    this.keys.push(structuredClone(input.key));
    return true;
  }
}
