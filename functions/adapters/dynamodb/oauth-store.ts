// adapter: oidc-provider's storage (clients, sessions, interactions, grants, codes, tokens) on the
// single table, and the access-token reader of the gateway's token check.
//
// Every id is stored as its SHA-256: for codes and tokens the id *is* the credential, so a table
// read never yields a usable token. Items carry a TTL at their expiry (DynamoDB deletes them lazily;
// oidc-provider checks `exp` itself and so does authenticateOAuthToken). Tokens of a grant are indexed
// on GSI1 so that revoking the grant (refresh-token reuse, revocation) deletes them all.
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OAuthTokenReader, StoredAccessToken } from '#core/oauth/authenticate';
import { hashOAuthId } from '#core/oauth/tokens';
import { table } from './client.ts';
import { queryAll } from './operations.ts';
import { GSI1, keys, TTL_ATTRIBUTE } from './table-design.ts';

type Payload = Record<string, unknown>;

/** The adapter contract of oidc-provider (its Adapter interface), one instance per model name. */
export class DynamoOAuthAdapter {
  constructor(private readonly model: string) {}

  private key(id: string) {
    return keys.oauthModel(this.model, hashOAuthId(id));
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const { client, tableName } = table();
    const idHash = hashOAuthId(id);
    const index =
      typeof payload.grantId === 'string'
        ? keys.oauthByGrant(payload.grantId, this.model, idHash)
        : typeof payload.uid === 'string'
          ? keys.oauthBySessionUid(payload.uid, idHash)
          : {};
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: {
          ...this.key(id),
          ...index,
          entity: `OAuth${this.model}`,
          payload,
          ...(expiresIn ? { [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + expiresIn } : {}),
        },
      }),
    );
  }

  async find(id: string): Promise<Payload | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: this.key(id), ConsistentRead: true }));
    if (!Item) return undefined;
    // Lazily deleted by TTL: an item past its expiry is gone as far as the server is concerned.
    if (typeof Item[TTL_ATTRIBUTE] === 'number' && (Item[TTL_ATTRIBUTE] as number) * 1000 <= Date.now()) return undefined;
    return Item.payload as Payload;
  }

  async findByUid(uid: string): Promise<Payload | undefined> {
    const { client, tableName } = table();
    const { Items = [] } = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1.indexName,
        KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
        ExpressionAttributeValues: { ':pk': keys.oauthUidPartition(uid) },
      }),
    );
    return Items[0]?.payload as Payload | undefined;
  }

  async findByUserCode(): Promise<Payload | undefined> {
    return undefined; // The device flow is not enabled.
  }

  /**
   * Marks a code or refresh token used. Conditional, so two concurrent redemptions cannot both pass:
   * the loser fails (oidc-provider answers server_error) instead of minting a second set of tokens.
   */
  async consume(id: string): Promise<void> {
    const { client, tableName } = table();
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: this.key(id),
        UpdateExpression: 'SET payload.#consumed = :now',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(payload.#consumed)',
        ExpressionAttributeNames: { '#consumed': 'consumed' },
        ExpressionAttributeValues: { ':now': Math.floor(Date.now() / 1000) },
      }),
    );
  }

  async destroy(id: string): Promise<void> {
    const { client, tableName } = table();
    await client.send(new DeleteCommand({ TableName: tableName, Key: this.key(id) }));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const { client, tableName } = table();
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.oauthGrantPartition(grantId) },
      ProjectionExpression: 'PK, SK',
    });
    for (const item of items) await client.send(new DeleteCommand({ TableName: tableName, Key: { PK: item.PK, SK: item.SK } }));
  }
}

/** The gateway's read of an access token: one strongly consistent GetItem, no oidc-provider loaded. */
export class DynamoOAuthTokenReader implements OAuthTokenReader {
  async findAccessToken(tokenHash: string): Promise<StoredAccessToken | undefined> {
    const { client, tableName } = table();
    const { Item } = await client.send(new GetCommand({ TableName: tableName, Key: keys.oauthModel('AccessToken', tokenHash), ConsistentRead: true }));
    const payload = Item?.payload as Partial<StoredAccessToken> | undefined;
    if (!payload || typeof payload.accountId !== 'string' || typeof payload.exp !== 'number') return undefined;
    return payload as StoredAccessToken;
  }
}

export const oauthTokens = new DynamoOAuthTokenReader();
