// adapter: UserRepository and MembershipRepository on the single table (User, email lookup, Member,
// Invite record + lookup items; see table-design.ts).
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '#core/errors';
import type { User } from '#core/users/model';
import type { MembershipRepository, UserRepository } from '#core/users/ports';
import type { Invite } from '#core/workspaces/invites';
import type { Member, MemberRole } from '#core/workspaces/model';
import { table } from './client.ts';
import { queryAll } from './operations.ts';
import { conditionally, isConditionFailure } from './errors.ts';
import { GSI1, keys, TTL_ATTRIBUTE } from './table-design.ts';

type Item = Record<string, unknown>;
type TransactItems = NonNullable<TransactWriteCommandInput['TransactItems']>;
const epochSeconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

function strip<T>(item: Item): T {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g2, entity: _entity, [TTL_ATTRIBUTE]: _ttl, ...rest } = item;
  return rest as T;
}

const memberItem = (member: Member) => ({
  ...keys.member(member.workspaceId, member.userId),
  entity: 'Member',
  ...member,
});

export class DynamoUserRepository implements UserRepository {
  async create(user: User): Promise<void> {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.user(user.id), entity: 'User', ...user },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
              {
                Put: {
                  TableName: tableName,
                  Item: { ...keys.userEmail(user.email), entity: 'UserEmail', userId: user.id },
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        ),
      'A user with this email already exists',
    );
  }

  async get(userId: string): Promise<User | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.user(userId), ConsistentRead: true }),
    );
    return Item ? strip<User>(Item) : undefined;
  }

  async findByEmail(normalisedEmail: string): Promise<User | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.userEmail(normalisedEmail), ConsistentRead: true }),
    );
    return Item ? this.get(Item.userId as string) : undefined;
  }
}

export class DynamoMembershipRepository implements MembershipRepository {
  async getMember(workspaceId: string, userId: string): Promise<Member | undefined> {
    const { client, tableName } = table();
    const { PK, SK } = keys.member(workspaceId, userId);
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: { PK, SK }, ConsistentRead: true }));
    return Item ? strip<Member>(Item) : undefined;
  }

  async membershipsOf(userId: string): Promise<Member[]> {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.member('', userId).GSI1PK },
    });
    return items.filter((item) => item.entity === 'Member').map((item) => strip<Member>(item));
  }

  async addMember(member: Member): Promise<void> {
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new PutCommand({
            TableName: tableName,
            Item: memberItem(member),
            ConditionExpression: 'attribute_not_exists(PK)',
          }),
        ),
      'This user is already a member of the workspace',
    );
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
    return items.map((item) => strip<Member>(item));
  }

  async changeMember(member: Member, change: { role: MemberRole | null }): Promise<void> {
    const { client, tableName } = table();
    const key = keys.member(member.workspaceId, member.userId);
    const write: TransactItems[number] =
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
    const items: TransactItems = [write];
    if (member.role === 'owner' && change.role !== 'owner') {
      // Another owner must still be one when this commits: two concurrent removals cannot both win.
      const others = (await this.owners(member.workspaceId)).filter((owner) => owner.userId !== member.userId);
      if (others.length === 0) throw new ConflictError('The last owner of a workspace cannot be removed or demoted');
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
    await conditionally(
      () => client.send(new TransactWriteCommand({ TransactItems: items })),
      'The membership changed meanwhile; try again',
    );
  }

  async createInvite(invite: Invite): Promise<void> {
    const { client, tableName } = table();
    const ttl = { [TTL_ATTRIBUTE]: epochSeconds(invite.expiresAt) };
    await client.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName,
              Item: { ...keys.invite(invite.workspaceId, invite.id), entity: 'Invite', ...invite, ...ttl },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Put: {
              TableName: tableName,
              Item: {
                ...keys.inviteLookup(invite.tokenHash),
                entity: 'InviteLookup',
                workspaceId: invite.workspaceId,
                inviteId: invite.id,
                ...ttl,
              },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
        ],
      }),
    );
  }

  async getInvite(workspaceId: string, inviteId: string): Promise<Invite | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.invite(workspaceId, inviteId), ConsistentRead: true }),
    );
    return Item ? strip<Invite>(Item) : undefined;
  }

  async findInviteByTokenHash(tokenHash: string): Promise<Invite | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.inviteLookup(tokenHash), ConsistentRead: true }),
    );
    return Item ? this.getInvite(Item.workspaceId as string, Item.inviteId as string) : undefined;
  }

  private deleteItems(invite: Invite): TransactItems {
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
    const { client, tableName } = table();
    await conditionally(
      () =>
        client.send(
          new TransactWriteCommand({
            TransactItems: [
              ...this.deleteItems(invite),
              {
                Put: {
                  TableName: tableName,
                  Item: memberItem(member),
                  ConditionExpression: 'attribute_not_exists(PK)',
                },
              },
            ],
          }),
        ),
      'The invite was already used, or you are already a member of this workspace',
    );
  }

  async bootstrapWorkspaceId(): Promise<string | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(
      new GetCommand({ TableName: tableName, Key: keys.bootstrapMarker(), ConsistentRead: true }),
    );
    return Item?.workspaceId as string | undefined;
  }
}

export const users = new DynamoUserRepository();
export const memberships = new DynamoMembershipRepository();
