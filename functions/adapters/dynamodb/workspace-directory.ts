// adapter: every workspace of the table, for operators (the admin CLI's list-workspaces): the way to find
// a workspace id when the banner or the create-workspace output is gone. A Scan filtered to Workspace
// items: no access pattern of the service needs "all workspaces", so no index is kept for it, and an
// operator's occasional command can afford reading the table once.
import { getItem, queryAll, scanAll } from './entities.ts';
import { keys } from './table-design.ts';

export interface WorkspaceListing {
  id: string;
  name: string;
  createdAt: string;
  /** Keys that authenticate now (neither revoked nor expired), and all keys ever made. */
  activeKeys: number;
  keys: number;
  members: number;
  owners: string[];
  /** The workspace `npm start` (or BOOTSTRAP_API_KEY) made on first start. */
  bootstrap: boolean;
}

export async function listAllWorkspaces(now: Date): Promise<WorkspaceListing[]> {
  const found = await scanAll({
    FilterExpression: 'entity = :entity',
    ExpressionAttributeValues: { ':entity': 'Workspace' },
  });
  const marker = await getItem(keys.bootstrapMarker(), { consistent: false });

  const listings = await Promise.all(
    found.map(async (item): Promise<WorkspaceListing> => {
      const id = String(item.id);
      const partition = keys.workspacePartition(id);
      const prefixed = (prefix: string) =>
        queryAll({
          KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
          ExpressionAttributeValues: { ':pk': partition, ':prefix': prefix },
        });
      const [apiKeys, members] = await Promise.all([prefixed(keys.apiKeyPrefix), prefixed(keys.memberPrefix)]);
      const active = apiKeys.filter(
        (key) => !key.revokedAt && (!key.expiresAt || Date.parse(String(key.expiresAt)) > now.getTime()),
      );
      return {
        id,
        name: String(item.name),
        createdAt: String(item.createdAt),
        activeKeys: active.length,
        keys: apiKeys.length,
        members: members.length,
        owners: members.filter((member) => member.role === 'owner').map((member) => String(member.email)),
        bootstrap: marker?.workspaceId === id,
      };
    }),
  );
  return listings.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}
