// adapter: oidc-provider's storage (clients, sessions, interactions, grants, codes, tokens) on the
// single table, and the access-token reader of the gateway's token check.
//
// No item holds a value that works as a credential (docs/oauth.md "What the table holds"):
// - A model's id is the credential for codes and tokens, the cookie for sessions and interactions
//   (the interaction's also in its URL): the item is keyed by its SHA-256 and the payload is stored
//   without `jti`, which find(id) puts back from the id it was asked for.
// - Grant ids and session uids are references between items, never presented by a client: stored
//   as `sha256:<hex>` and handed back in that form, which the adapter accepts wherever it takes
//   the plain value, so references read from the table keep working. Nothing outside reaches
//   Grant.find or findByUid, so the stored form opens nothing.
// - The interaction drops the session cookie oidc-provider copies into it (it never reads it back)
//   and stores its `returnTo` URL without its own id.
// - A client secret is stored as its digest; provider.ts compares digests.
// SHA-256 rather than an HMAC with a service key: every one of these values is at least 256 random
// bits (oidc-provider draws them with nanoid or randomBytes), so no digest can be reversed or guessed
// even without a key, and the gateway finds a token by digest with no key to share (as API keys).
//
// Items carry a TTL at their expiry (DynamoDB deletes them lazily; oidc-provider checks `exp` itself
// and so does authenticateOAuthToken). Tokens of a grant are indexed on GSI1 so that revoking the
// grant (refresh-token reuse, revocation) deletes them all.
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { OAuthTokenReader, StoredAccessToken } from '#core/oauth/authenticate';
import { hashOAuthId } from '#core/oauth/tokens';
import { table } from './client.ts';
import { deleteItem, getItem, putItem, queryAll } from './entities.ts';
import { GSI1, keys, TTL_ATTRIBUTE } from './table-design.ts';

type Payload = Record<string, unknown>;
type Item = Record<string, unknown>;

/**
 * Set on every item written with digested ids. Items written before carry the plain values and are
 * never served (they expire by TTL); the one exception is a client without a secret, whose item
 * holds nothing that works as a credential, so public clients stay registered.
 */
const DIGESTED = 'digested';

const REFERENCE_PREFIX = 'sha256:';
/** The digest of a grant id or session uid, given the value or its stored reference. */
function referenceDigest(value: string): string {
  return value.startsWith(REFERENCE_PREFIX) ? value.slice(REFERENCE_PREFIX.length) : hashOAuthId(value);
}
const reference = (value: unknown) => (typeof value === 'string' ? REFERENCE_PREFIX + referenceDigest(value) : value);

/** How a client secret is stored; never idempotent, so presenting the stored digest matches nothing. */
export function clientSecretDigest(secret: string): string {
  return REFERENCE_PREFIX + hashOAuthId(secret);
}

/** Models whose tokens belong to a grant (oidc-provider's memory adapter indexes the same ones). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);
/** Where an interaction's `returnTo` had its own id. */
const OWN_ID = '{uid}';

function withConsentReference(result: unknown): unknown {
  const consent = (result as { consent?: { grantId?: unknown } } | undefined)?.consent;
  return consent ? { ...(result as object), consent: { ...consent, grantId: reference(consent.grantId) } } : result;
}

/** The payload as stored: no credential, references as digests. */
function toStored(model: string, id: string, payload: Payload): Payload {
  const { jti: _jti, ...stored } = payload;
  if ('grantId' in stored) stored.grantId = reference(stored.grantId);
  if ('sessionUid' in stored) stored.sessionUid = reference(stored.sessionUid);
  if (model === 'Session') {
    stored.uid = reference(stored.uid);
    if (stored.authorizations) {
      const authorizations = Object.entries(stored.authorizations as Record<string, Payload>);
      stored.authorizations = Object.fromEntries(
        authorizations.map(([clientId, entry]) => [clientId, { ...entry, grantId: reference(entry.grantId) }]),
      );
    }
  }
  if (model === 'Interaction') {
    if (typeof stored.returnTo === 'string') stored.returnTo = stored.returnTo.replaceAll(id, OWN_ID);
    if (stored.session) {
      const { cookie: _cookie, ...session } = stored.session as Payload;
      stored.session = { ...session, uid: reference(session.uid) };
    }
    stored.result = withConsentReference(stored.result);
    stored.lastSubmission = withConsentReference(stored.lastSubmission);
  }
  if (model === 'Client' && typeof stored.client_secret === 'string')
    stored.client_secret = clientSecretDigest(stored.client_secret);
  return stored;
}

/** The payload oidc-provider gets back: its id, from the lookup, where the stored one has none. */
function fromStored(model: string, id: string | undefined, item: Item | undefined): Payload | undefined {
  if (!item) return undefined;
  const payload = item.payload as Payload;
  if (item[DIGESTED] !== true && !(model === 'Client' && !('client_secret' in payload))) return undefined;
  // Lazily deleted by TTL: an item past its expiry is gone as far as the server is concerned.
  if (typeof item[TTL_ATTRIBUTE] === 'number' && item[TTL_ATTRIBUTE] * 1000 <= Date.now()) return undefined;
  if (id === undefined) return payload;
  const restored: Payload = { ...payload, jti: id };
  if (model === 'Interaction' && typeof payload.returnTo === 'string')
    restored.returnTo = payload.returnTo.replaceAll(OWN_ID, id);
  return restored;
}

/** The adapter contract of oidc-provider (its Adapter interface), one instance per model name. */
export class DynamoOAuthAdapter {
  constructor(private readonly model: string) {}

  /** A grant is found by its id or by a stored reference to it; anything else only by its value. */
  private digest(id: string): string {
    return this.model === 'Grant' ? referenceDigest(id) : hashOAuthId(id);
  }

  private key(id: string) {
    return keys.oauthModel(this.model, this.digest(id));
  }

  async upsert(id: string, payload: Payload, expiresIn?: number): Promise<void> {
    const idHash = this.digest(id);
    const index =
      GRANTABLE.has(this.model) && typeof payload.grantId === 'string'
        ? keys.oauthByGrant(referenceDigest(payload.grantId), this.model, idHash)
        : this.model === 'Session' && typeof payload.uid === 'string'
          ? keys.oauthBySessionUid(referenceDigest(payload.uid), idHash)
          : {};
    await putItem({
      ...this.key(id),
      ...index,
      entity: `OAuth${this.model}`,
      [DIGESTED]: true,
      payload: toStored(this.model, id, payload),
      ...(expiresIn ? { [TTL_ATTRIBUTE]: Math.floor(Date.now() / 1000) + expiresIn } : {}),
    });
  }

  async find(id: string): Promise<Payload | undefined> {
    return fromStored(this.model, id, await getItem(this.key(id)));
  }

  /** The session's id is not stored, so the session comes back without one; callers read only its fields. */
  async findByUid(uid: string): Promise<Payload | undefined> {
    const { client, tableName } = table();
    const { Items = [] } = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: GSI1.indexName,
        KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
        ExpressionAttributeValues: { ':pk': keys.oauthUidPartition(referenceDigest(uid)) },
      }),
    );
    return fromStored(this.model, undefined, Items[0]);
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
    await deleteItem(this.key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    const items = await queryAll({
      IndexName: GSI1.indexName,
      KeyConditionExpression: `${GSI1.partitionKey} = :pk`,
      ExpressionAttributeValues: { ':pk': keys.oauthGrantPartition(referenceDigest(grantId)) },
      ProjectionExpression: 'PK, SK',
    });
    for (const item of items) await deleteItem({ PK: item.PK as string, SK: item.SK as string });
  }
}

/** The gateway's read of an access token: one strongly consistent GetItem, no oidc-provider loaded. */
export class DynamoOAuthTokenReader implements OAuthTokenReader {
  async findAccessToken(tokenHash: string): Promise<StoredAccessToken | undefined> {
    const item = await getItem(keys.oauthModel('AccessToken', tokenHash));
    const payload = fromStored('AccessToken', undefined, item) as Partial<StoredAccessToken> | undefined;
    if (!payload || typeof payload.accountId !== 'string' || typeof payload.exp !== 'number') return undefined;
    return payload as StoredAccessToken;
  }
}
