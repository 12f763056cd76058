// core: workspaces and their members.
export type MemberRole = 'owner' | 'admin' | 'editor' | 'viewer';

export interface Workspace {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface Member {
  workspaceId: string;
  userId: string;
  email: string;
  role: MemberRole;
  joinedAt: string;
}
