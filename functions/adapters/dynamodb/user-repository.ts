// adapter: UserRepository and MembershipRepository on the single table (User, email lookup, Member,
// Invite record + lookup items; see table-design.ts).
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { LastOwnerError } from '#core/errors';
import type { User } from '#core/users/model';
import type { MembershipRepository, UserRepository } from '#core/users/ports';
import type { Invite } from '#core/workspaces/invites';
import type { Member, MemberRole } from '#core/workspaces/model';
import { table } from './client.ts';
import { isConditionFailure } from './errors.ts';
import {
  getEntity,
  getItem,
  newItemPut,
  putNew,
  queryAll,
  toEntities,
  transactWrite,
  type TransactItem,
} from './entities.ts';
import { GSI1, keys, TTL_ATTRIBUTE } from './table-design.ts';

const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

const memberItem = (member: Member) => ({
  ...keys.member(member.workspaceId, member.userId),
  entity: 'Member',
  ...member,
});

export class DynamoUserRepository implements UserRepository {
  async create(user: User): Promise<void> {
    await transactWrite(
      [
        newItemPut({ ...keys.user(user.id), entity: 'User', ...user }),
        newItemPut({ ...keys.userEmail(user.email), entity: 'UserEmail', userId: user.id }),
      ],
      'A user with this email already exists',
    );
  }

  async get(userId: string): Promise<User | undefined> {
    return getEntity<User>(keys.user(userId));
  }

  async findByEmail(normalisedEmail: string): Promise<User | undefined> {
    const item = await getItem(keys.userEmail(normalisedEmail));
    return item ? this.get(item.userId as string) : undefined;
  }
}

export class DynamoMembershipRepository implements MembershipRepository {
  async getMember(workspaceId: string, userId: string): Promise<Member | undefined> {
    const { PK, SK } = keys.member(workspaceId, userId);
    return getEntity<Member>({ PK, SK });
  }

  async membershipsOf(userId: string): Promise<Member[]> {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.member('', userId).GSI1PK },
    });
    return toEntities<Member>(items.filter((item) => item.entity === 'Member'));
  }

  async addMember(member: Member): Promise<void> {
    await putNew(memberItem(member), 'This user is already a member of the workspace');
  }

  async owners(workspaceId: string): Promise<Member[]> {
    const items = await queryAll({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      FilterExpression: '#role = :owner',
      ExpressionAttributeNames: { '#role': 'role' },
      ExpressionAttributeValues: {
        ':pk': keys.workspacePartition(workspaceId),
        ':prefix': keys.memberPrefix,
        ':owner': 'owner',
      },
      ConsistentRead: true,
    });
    return toEntities<Member>(items);
  }

  async changeMember(member: Member, change: { role: MemberRole | null }): Promise<void> {
    const { tableName } = table();
    const key = keys.member(member.workspaceId, member.userId);
    const write: TransactItem =
      change.role === null
        ? {
            Delete: {
              TableName: tableName,
              Key: { PK: key.PK, SK: key.SK },
              ConditionExpression: 'attribute_exists(PK)',
            },
          }
        : {
            Update: {
              TableName: tableName,
              Key: { PK: key.PK, SK: key.SK },
              UpdateExpression: 'SET #role = :role',
              ConditionExpression: 'attribute_exists(PK)',
              ExpressionAttributeNames: { '#role': 'role' },
              ExpressionAttributeValues: { ':role': change.role },
            },
          };
    const items: TransactItem[] = [write];
    if (member.role === 'owner' && change.role !== 'owner') {
      // Another owner must still be one when this commits: two concurrent removals cannot both win.
      const others = (await this.owners(member.workspaceId)).filter((owner) => owner.userId !== member.userId);
      if (others.length === 0) throw new LastOwnerError('The last owner of a workspace cannot be removed or demoted');
      const other = keys.member(others[0]!.workspaceId, others[0]!.userId);
      items.push({
        ConditionCheck: {
          TableName: tableName,
          Key: { PK: other.PK, SK: other.SK },
          ConditionExpression: '#role = :owner',
          ExpressionAttributeNames: { '#role': 'role' },
          ExpressionAttributeValues: { ':owner': 'owner' },
        },
      });
    }
    await transactWrite(items, 'The membership changed meanwhile; try again');
  }

  async createInvite(invite: Invite): Promise<void> {
    const { client } = table();
    const ttl = { [TTL_ATTRIBUTE]: epochSeconds(invite.expiresAt) };
    // Ids and token hashes are fresh: a taken key is a fault, not a conflict to answer.
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          newItemPut({ ...keys.invite(invite.workspaceId, invite.id), entity: 'Invite', ...invite, ...ttl }),
          newItemPut({
            ...keys.inviteLookup(invite.tokenHash),
            entity: 'InviteLookup',
            workspaceId: invite.workspaceId,
            inviteId: invite.id,
            ...ttl,
          }),
        ],
      }),
    );
  }

  async getInvite(workspaceId: string, inviteId: string): Promise<Invite | undefined> {
    return getEntity<Invite>(keys.invite(workspaceId, inviteId));
  }

  async findInviteByTokenHash(tokenHash: string): Promise<Invite | undefined> {
    const item = await getItem(keys.inviteLookup(tokenHash));
    return item ? this.getInvite(item.workspaceId as string, item.inviteId as string) : undefined;
  }

  private deleteItems(invite: Invite): TransactItem[] {
    const { tableName } = table();
    return [
      {
        Delete: {
          TableName: tableName,
          Key: keys.invite(invite.workspaceId, invite.id),
          ConditionExpression: 'attribute_exists(PK)',
        },
      },
      { Delete: { TableName: tableName, Key: keys.inviteLookup(invite.tokenHash) } },
    ];
  }

  async deleteInvite(invite: Invite): Promise<boolean> {
    const { client } = table();
    try {
      await client.send(new TransactWriteCommand({ TransactItems: this.deleteItems(invite) }));
      return true;
    } catch (error) {
      if (isConditionFailure(error)) return false;
      throw error;
    }
  }

  async acceptInvite(invite: Invite, member: Member): Promise<void> {
    await transactWrite(
      [...this.deleteItems(invite), newItemPut(memberItem(member))],
      'The invite was already used, or you are already a member of this workspace',
    );
  }

  async bootstrapWorkspaceId(): Promise<string | undefined> {
    const marker = await getItem(keys.bootstrapMarker());
    return marker?.workspaceId as string | undefined;
  }
}
