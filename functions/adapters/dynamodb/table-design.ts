// adapter: the whole single-table design in one place. The CDK table construct imports TABLE_SCHEMA,
// the repositories import the key builders, so infrastructure and runtime cannot drift apart.
//
// Entities and key templates
// ┌──────────────────┬─────────────────────────┬──────────────────────┬────────────────────┬──────────────────────┬──────────┐
// │ entity           │ PK                      │ SK                   │ GSI1PK             │ GSI1SK               │ ttl      │
// ├──────────────────┼─────────────────────────┼──────────────────────┼────────────────────┼──────────────────────┼──────────┤
// │ Workspace        │ WS#<workspaceId>        │ WORKSPACE            │ -                  │ -                    │ -        │
// │ Member           │ WS#<workspaceId>        │ MEMBER#<userId>      │ USER#<userId>      │ WS#<workspaceId>     │ -        │
// │ ApiKey (record)  │ WS#<workspaceId>        │ APIKEY#<keyId>       │ -                  │ -                    │ -        │
// │ ApiKey (lookup)  │ KEYHASH#<sha256 hex>    │ KEYHASH              │ -                  │ -                    │ expiry   │
// │ Canvas           │ WS#<workspaceId>        │ CANVAS#<canvasId>    │ -                  │ -                    │ -        │
// │ Bootstrap marker │ SYSTEM                  │ BOOTSTRAP            │ -                  │ -                    │ -        │
// │ Execution        │ WS#<workspaceId>        │ EXEC#<executionId>   │ CANVAS#<ws>#<cnv>  │ EXEC#<executionId>   │ -        │
// │ Execution, queued│ same item + GSI2PK QUEUED#<shard 0–15>, GSI2SK <queuedAt>#<executionId> (sparse)           │ -        │
// │ Execution graph  │ WS#<workspaceId>        │ EXEC#<id>#GRAPH      │ -                  │ -                    │ -        │
// │ Idempotency      │ WS#<workspaceId>        │ IDEMP#<sha256 of key>│ -                  │ -                    │ +24 h/7 d│
// │ Webhook trigger  │ WS#<workspaceId>        │ WEBHOOK#<cnv>#<node> │ -                  │ -                    │ -        │
// │ Webhook secret   │ WHSECRET#<sha256>       │ WHSECRET             │ -                  │ -                    │ -        │
// │ Rate window      │ WS#<workspaceId>        │ RATE#<name>#<window> │ -                  │ -                    │ window+1m│
// │ User             │ USER#<userId>           │ USER                 │ -                  │ -                    │ -        │
// │ User email lookup│ USEREMAIL#<email>       │ USEREMAIL            │ -                  │ -                    │ -        │
// │ Invite (record)  │ WS#<workspaceId>        │ INVITE#<inviteId>    │ -                  │ -                    │ expiry   │
// │ Invite (lookup)  │ INVITEHASH#<sha256 hex> │ INVITEHASH           │ -                  │ -                    │ expiry   │
// │ Connection       │ WS#<workspaceId>        │ CONN#<provider>      │ -                  │ -                    │ -        │
// │ Integr. policy   │ WS#<workspaceId>        │ INTPOLICY            │ -                  │ -                    │ -        │
// │ GitHub install.  │ CODEHOST#INST#<id>      │ INSTALLATION         │ CODEHOSTWS#<ws>    │ INST#<id>            │ -        │
// │ Sync target      │ WS#<workspaceId>        │ CODEHOST#SYNC        │ CODEHOSTREPO#<inst>#<owner/name> │ WS#<ws> │ -        │
// │ Draft-PR export  │ WS#<workspaceId>        │ CODEHOST#EXPORT#<id> │ -                  │ -                    │ -        │
// │ GitHub delivery  │ GHDELIVERY#<guid>       │ GHDELIVERY           │ -                  │ -                    │ +7 d     │
// │ OAuth model      │ OAUTH#<model>#<sha256>  │ OAUTH                │ OAUTHGRANT#<grant> │ <model>#<sha256>     │ expiry   │
// │                  │ (oidc-provider's models; the id, often the token itself, is stored hashed)      │          │
// └──────────────────┴─────────────────────────┴──────────────────────┴────────────────────┴──────────────────────┴──────────┘
//
// Access patterns (every request also pays one GetItem to authenticate its key: "authenticate key")
// | name                    | operation                                                    | items / round trips          |
// |-------------------------|--------------------------------------------------------------|------------------------------|
// | authenticate key        | GetItem PK=KEYHASH#<hash>, SK=KEYHASH (strongly consistent)  | 1                            |
// | create key              | TransactWrite: put record + put lookup (both or neither)     | 1                            |
// | revoke key              | GetItem record, TransactWrite: mark record + delete lookup   | 2 (revocation is immediate)  |
// | list keys               | Query PK=WS#<ws>, SK begins_with APIKEY#                     | 1 per page                   |
// | get workspace           | GetItem PK=WS#<ws>, SK=WORKSPACE                             | 1                            |
// | list members            | Query PK=WS#<ws>, SK begins_with MEMBER#                     | 1 per page                   |
// | workspaces of a user    | Query GSI1 GSI1PK=USER#<userId>                              | 1 per page                   |
// | get canvas              | GetItem PK=WS#<ws>, SK=CANVAS#<id> (workspace in the key, so │                              |
// |                         | another workspace's canvas simply is not found)              | 1                            |
// | mutate canvas           | GetItem, then PutItem conditioned on the version read        | 2 (optimistic concurrency)   |
// | list canvases           | Query PK=WS#<ws>, SK begins_with CANVAS#, projected summary  | 1 per page                   |
// | bootstrap once          | TransactWrite with attribute_not_exists on the marker        | 1                            |
// | accept run: load        | BatchGetItem canvas + idempotency record (consistent)        | 1                            |
// | accept run: write       | TransactWrite idempotency (if absent) + execution + graph    | 1 (a duplicate writes none)  |
// | get execution           | GetItem PK=WS#<ws>, SK=EXEC#<id>                             | 1                            |
// | engine step             | BatchGetItem execution + graph; PutItem on version           | 2                            |
// | runs of a canvas        | Query GSI1 GSI1PK=CANVAS#<ws>#<canvasId>, newest first       | 1 per page                   |
// | sweep stalled runs      | Query GSI2 GSI2PK=QUEUED#<shard>, GSI2SK < cutoff, per shard | 16 per sweep (+1 per stalled)|
// | authenticate webhook    | GetItem PK=WHSECRET#<hash>, SK=WHSECRET (consistent)         | 1                            |
// | register / revoke hook  | TransactWrite trigger + secret lookup (both or neither)      | 1                            |
// | hooks of a canvas       | Query PK=WS#<ws>, SK begins_with WEBHOOK#<canvasId>#         | 1 (only if it has hook nodes)|
// | rate limit a call       | UpdateItem ADD count, conditioned count < limit              | 1 (not in a transaction: hot)|
// | record a trigger's call | UpdateItem lastTriggeredAt (if the trigger exists)            | 1, alongside StartExecution  |
// | sign in                 | GetItem USEREMAIL#<email>, then GetItem USER#<id>            | 2                            |
// | create user             | TransactWrite user + email lookup (attribute_not_exists)     | 1 (an email is never taken twice)|
// | OAuth token check       | GetItem OAUTH#AccessToken#<hash>, GetItem member (consistent)| 2 per gateway call           |
// | revoke an OAuth grant   | Query GSI1 OAUTHGRANT#<grantId>, delete each                 | 1 + n                        |
// | accept invite           | TransactWrite delete invite + lookup, put Member             | 1                            |
// | list connections        | Query PK=WS#<ws>, SK begins_with CONN# (sealed part not read)| 1 (≤ one per provider)       |
// | upsert / revoke conn.   | GetItem, PutItem conditioned on version                      | 2                            |
// | provider access check   | GetItem policy ‖ GetItem connection (in parallel)            | 2 (+1 KMS Decrypt if own key)|
// | link installation       | PutItem attribute_not_exists (first workspace wins)          | 1                            |
// | installations of a ws   | Query GSI1 GSI1PK=CODEHOSTWS#<ws>                             | 1                            |
// | push webhook → targets  | Query GSI1 GSI1PK=CODEHOSTREPO#<inst>#<repo>, UpdateItem each | 1 + n                        |
// | dedupe GitHub delivery  | PutItem attribute_not_exists on GHDELIVERY#<guid>            | 1                            |
// | remove member / demote  | TransactWrite member + ConditionCheck other owners           | 1 (never leaves no owner)    |
//
// Why the key lookup is its own item: authentication must be one strongly consistent GetItem by the
// hash of the presented key, while listing needs the workspace's keys together. Revocation deletes the
// lookup item in the same transaction that marks the record, so it takes effect at once. The lookup
// item carries a TTL at the key's expiry; expiry is also checked in code because TTL deletion is lazy.
//
// Executions keep their frozen graph in a second item: the graph is read by the engine only, and
// keeping it out of the execution item leaves room there for outputs and the timeline. Idempotency
// records live 24 hours (TTL) and are written in the same transaction as the execution they name,
// so there is never a run without its record or a record without its run.
//
// The run outbox is the execution item itself: while a run is `queued` (accepted, or redriven, and not
// yet picked up by its first engine step) the item carries GSI2PK/GSI2SK, so it appears in the sparse
// index GSI2 (keys only); the engine's first save drops them, and with them the index entry. The
// scheduled sweeper (functions/workers/sweep-runs.ts) queries GSI2 for runs queued longer than a grace
// period and starts or redrives them — no extra write on the request path. GSI2PK is sharded by a hash
// of the executionId so index writes never concentrate on one partition.
//
// Canvases are one item each (nodes and edges inline, ≤ 400 KB, enforced by CANVAS_MAX_BYTES in the
// domain) so that a mutation is a single conditional write: there is never a half-written graph.

export const TABLE_SCHEMA = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Epoch seconds; DynamoDB TTL deletes the item some time after it passes. */
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK', projection: 'ALL' },
    // Sparse: only queued executions carry its keys; the sweeper needs nothing but their keys.
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK', projection: 'KEYS_ONLY' },
  ],
} as const;

/** The attribute DynamoDB TTL reads, and the one index, by the names the table was built with. */
export const TTL_ATTRIBUTE = TABLE_SCHEMA.timeToLiveAttribute;
export const GSI1 = TABLE_SCHEMA.globalSecondaryIndexes[0];
export const GSI2 = TABLE_SCHEMA.globalSecondaryIndexes[1];
/** Shards of the queued-runs index (GSI2): a sweep queries each once. */
export const QUEUED_SHARDS = 16;

export const keys = {
  workspace: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'WORKSPACE' }),
  member: (workspaceId: string, userId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `MEMBER#${userId}`,
    GSI1PK: `USER#${userId}`,
    GSI1SK: `WS#${workspaceId}`,
  }),
  memberPrefix: 'MEMBER#',
  apiKeyRecord: (workspaceId: string, keyId: string) => ({ PK: `WS#${workspaceId}`, SK: `APIKEY#${keyId}` }),
  apiKeyPrefix: 'APIKEY#',
  apiKeyLookup: (keyHash: string) => ({ PK: `KEYHASH#${keyHash}`, SK: 'KEYHASH' }),
  canvas: (workspaceId: string, canvasId: string) => ({ PK: `WS#${workspaceId}`, SK: `CANVAS#${canvasId}` }),
  canvasPrefix: 'CANVAS#',
  workspacePartition: (workspaceId: string) => `WS#${workspaceId}`,
  bootstrapMarker: () => ({ PK: 'SYSTEM', SK: 'BOOTSTRAP' }),
  execution: (workspaceId: string, executionId: string) => ({ PK: `WS#${workspaceId}`, SK: `EXEC#${executionId}` }),
  executionByCanvas: (workspaceId: string, canvasId: string, executionId: string) => ({
    GSI1PK: `CANVAS#${workspaceId}#${canvasId}`,
    GSI1SK: `EXEC#${executionId}`,
  }),
  canvasExecutionsPartition: (workspaceId: string, canvasId: string) => `CANVAS#${workspaceId}#${canvasId}`,
  /** Only on an execution while it is queued (see "The run outbox" above). */
  queuedExecution: (shard: number, queuedAt: string, executionId: string) => ({ GSI2PK: `QUEUED#${shard}`, GSI2SK: `${queuedAt}#${executionId}` }),
  queuedPartition: (shard: number) => `QUEUED#${shard}`,
  executionGraph: (workspaceId: string, executionId: string) => ({ PK: `WS#${workspaceId}`, SK: `EXEC#${executionId}#GRAPH` }),
  idempotency: (workspaceId: string, keyHash: string) => ({ PK: `WS#${workspaceId}`, SK: `IDEMP#${keyHash}` }),
  webhookTrigger: (workspaceId: string, canvasId: string, nodeId: string) => ({ PK: `WS#${workspaceId}`, SK: `WEBHOOK#${canvasId}#${nodeId}` }),
  webhookTriggerPrefix: (canvasId: string) => `WEBHOOK#${canvasId}#`,
  webhookSecret: (secretHash: string) => ({ PK: `WHSECRET#${secretHash}`, SK: 'WHSECRET' }),
  rateWindow: (workspaceId: string, name: string, windowStart: number) => ({ PK: `WS#${workspaceId}`, SK: `RATE#${name}#${windowStart}` }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'USER' }),
  userEmail: (normalisedEmail: string) => ({ PK: `USEREMAIL#${normalisedEmail}`, SK: 'USEREMAIL' }),
  invite: (workspaceId: string, inviteId: string) => ({ PK: `WS#${workspaceId}`, SK: `INVITE#${inviteId}` }),
  inviteLookup: (tokenHash: string) => ({ PK: `INVITEHASH#${tokenHash}`, SK: 'INVITEHASH' }),
  oauthModel: (model: string, idHash: string) => ({ PK: `OAUTH#${model}#${idHash}`, SK: 'OAUTH' }),
  oauthByGrant: (grantId: string, model: string, idHash: string) => ({ GSI1PK: `OAUTHGRANT#${grantId}`, GSI1SK: `${model}#${idHash}` }),
  oauthGrantPartition: (grantId: string) => `OAUTHGRANT#${grantId}`,
  oauthBySessionUid: (uid: string, idHash: string) => ({ GSI1PK: `OAUTHUID#${uid}`, GSI1SK: `Session#${idHash}` }),
  oauthUidPartition: (uid: string) => `OAUTHUID#${uid}`,
  // Integrations (docs/integrations.md)
  connection: (workspaceId: string, provider: string) => ({ PK: `WS#${workspaceId}`, SK: `CONN#${provider}` }),
  connectionPrefix: 'CONN#',
  integrationPolicy: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'INTPOLICY' }),
  codehostInstallation: (installationId: number) => ({ PK: `CODEHOST#INST#${installationId}`, SK: 'INSTALLATION' }),
  codehostInstallationByWorkspace: (workspaceId: string, installationId: number) => ({ GSI1PK: `CODEHOSTWS#${workspaceId}`, GSI1SK: `INST#${installationId}` }),
  codehostWorkspacePartition: (workspaceId: string) => `CODEHOSTWS#${workspaceId}`,
  codehostSyncTarget: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'CODEHOST#SYNC' }),
  codehostSyncTargetByRepository: (installationId: number, repository: string, workspaceId: string) => ({ GSI1PK: `CODEHOSTREPO#${installationId}#${repository.toLowerCase()}`, GSI1SK: `WS#${workspaceId}` }),
  codehostRepositoryPartition: (installationId: number, repository: string) => `CODEHOSTREPO#${installationId}#${repository.toLowerCase()}`,
  codehostExport: (workspaceId: string, exportId: string) => ({ PK: `WS#${workspaceId}`, SK: `CODEHOST#EXPORT#${exportId}` }),
  githubDelivery: (deliveryId: string) => ({ PK: `GHDELIVERY#${deliveryId}`, SK: 'GHDELIVERY' }),
} as const;
