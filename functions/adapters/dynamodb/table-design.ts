// adapter: the whole single-table design in one place. The CDK table construct imports TABLE_SCHEMA,
// the repositories import the key builders, so infrastructure and runtime cannot drift apart.
//
// Entities and key templates
// ┌──────────────────┬─────────────────────────┬───────────────────────┬──────────────────────────────────┬───────────┐
// │ entity           │ PK                      │ SK                    │ GSI1PK / GSI1SK                  │ ttl       │
// ├──────────────────┼─────────────────────────┼───────────────────────┼──────────────────────────────────┼───────────┤
// │ Workspace        │ WS#<workspaceId>        │ WORKSPACE             │ -                                │ -         │
// │ Member           │ WS#<workspaceId>        │ MEMBER#<userId>       │ USER#<userId> / WS#<workspaceId> │ -         │
// │ ApiKey (record)  │ WS#<workspaceId>        │ APIKEY#<keyId>        │ -                                │ -         │
// │ ApiKey (lookup)  │ KEYHASH#<sha256 hex>    │ KEYHASH               │ -                                │ expiry    │
// │ Canvas           │ WS#<workspaceId>        │ CANVAS#<canvasId>     │ -                                │ -         │
// │ Bootstrap marker │ SYSTEM                  │ BOOTSTRAP             │ -                                │ -         │
// │ Execution        │ WS#<workspaceId>        │ EXEC#<executionId>    │ CANVAS#<ws>#<cnv> /              │ -         │
// │                  │                         │                       │ EXEC#<executionId>               │           │
// │ Execution,       │ same item               │                       │ GSI2: QUEUED#<shard 0–15> /      │ -         │
// │ outbox           │                         │                       │ <since>#<executionId> (sparse)   │           │
// │ Execution graph  │ WS#<workspaceId>        │ EXEC#<id>#GRAPH (a    │ -                                │ -         │
// │                  │                         │ graph too large to    │                                  │           │
// │                  │                         │ embed; older runs)    │                                  │           │
// │ Run wait (park)  │ WS#<workspaceId>        │ RUNWAIT#<executionId> │ -                                │ deadline  │
// │                  │                         │ (the ASL's task       │                                  │ +1h       │
// │                  │                         │ token; webhook jobs)  │                                  │           │
// │ Idempotency      │ WS#<workspaceId>        │ IDEMP#<sha256 of key> │ -                                │ +24 h/7 d │
// │                  │                         │                       │                                  │ (none: a  │
// │                  │                         │                       │                                  │ body-only │
// │                  │                         │                       │                                  │ signature)│
// │ Webhook trigger  │ WS#<workspaceId>        │ WEBHOOK#<cnv>#<node>  │ -                                │ -         │
// │ Webhook secret   │ WHSECRET#<sha256>       │ WHSECRET              │ -                                │ -         │
// │ Rate window      │ WS#<workspaceId>        │ RATE#<name>#<window>  │ -                                │ window+1m │
// │ User             │ USER#<userId>           │ USER                  │ -                                │ -         │
// │ User email       │ USEREMAIL#<email>       │ USEREMAIL             │ -                                │ -         │
// │ lookup           │                         │                       │                                  │           │
// │ Invite (record)  │ WS#<workspaceId>        │ INVITE#<inviteId>     │ -                                │ expiry    │
// │ Invite (lookup)  │ INVITEHASH#<sha256 hex> │ INVITEHASH            │ -                                │ expiry    │
// │ Connection       │ WS#<workspaceId>        │ CONN#<provider>       │ -                                │ -         │
// │ Integr. policy   │ WS#<workspaceId>        │ INTPOLICY             │ -                                │ -         │
// │ Callback secrets │ WS#<workspaceId>        │ CBSECRET              │ -                                │ -         │
// │ GitHub install.  │ CODEHOST#INST#<id>      │ INSTALLATION          │ CODEHOSTWS#<ws> / INST#<id>      │ -         │
// │ Sync target      │ WS#<workspaceId>        │ CODEHOST#SYNC         │ CODEHOSTREPO#<inst>#<owner/name> │ -         │
// │                  │                         │                       │ / WS#<ws>                        │           │
// │ Draft-PR export  │ WS#<workspaceId>        │ CODEHOST#EXPORT#<id>  │ -                                │ -         │
// │ GitHub delivery  │ GHDELIVERY#body:<sha256 │ GHDELIVERY            │ -                                │ -         │
// │                  │ of the signed body>     │                       │                                  │           │
// │ OAuth model      │ OAUTH#<model>#<sha256>  │ OAUTH                 │ OAUTHGRANT#<gsha> /              │ expiry    │
// │                  │ (oidc-provider's        │                       │ <model>#<sha256>                 │           │
// │                  │ models; the id, often   │                       │                                  │           │
// │                  │ the token itself, is    │                       │                                  │           │
// │                  │ stored hashed)          │                       │                                  │           │
// │ Credit balance   │ WS#<workspaceId>        │ CREDITS (shard 0),    │ -                                │ -         │
// │  (sharded)       │                         │ CREDITS#<shard 1…N−1> │                                  │           │
// │ Ledger entry     │ WS#<workspaceId>        │ LEDGER#<iso ms>#<id>  │ -                                │ -         │
// │ Ledger operation │ WS#<workspaceId>        │ LEDGEROP#<opId>       │ -                                │ -         │
// │ Credit hold      │ WS#<workspaceId>        │ HOLD#<opId>           │ -                                │ -         │
// │ Hold, open       │ same item               │                       │ GSI2: OPENHOLD#<shard 0–15> /    │ -         │
// │                  │                         │                       │ <expiresAt>#<ws>#<opId> (sparse) │           │
// │ Generation month │ WS#<workspaceId>        │ CREDITMONTH#<yyyy-mm> │ -                                │ +2 months │
// │  (sharded)       │                         │ [#<shard 1…N−1>]      │                                  │           │
// │ Template         │ WS#<workspaceId>        │ TEMPLATE#<id>         │ -                                │ -         │
// │ Template part    │ WS#<workspaceId>        │ TEMPLATEPART#<id>#<n> │ -                                │ -         │
// │ Asset            │ WS#<workspaceId>        │ ASSET#<assetId>       │ CANVASASSET#<ws>#<cnv> /         │ -         │
// │                  │                         │                       │ ASSET#<id> (its canvas, if any)  │           │
// │ Upload (pending) │ WS#<workspaceId>        │ UPLOAD#<uploadId>     │ -                                │ +24 h     │
// │ Published server │ WS#<workspaceId>        │ PUBSERVER#<serverId>  │ -                                │ -         │
// │ Published slug   │ PUBSLUG#<slug>          │ PUBSLUG               │ -                                │ -         │
// │ umcp_ cred       │ WS#<workspaceId>        │ PUBCRED#<srv>#<id>    │ -                                │ -         │
// │ (rec.)           │                         │                       │                                  │           │
// │ umcp_ cred       │ UMCPHASH#<sha256 hex>   │ UMCPHASH              │ -                                │ expiry    │
// │ (look)           │                         │                       │                                  │           │
// │ Server's day     │ WS#<workspaceId>        │ PUBDAY#<srv>#<yyyy-   │ -                                │ day+2 d   │
// │ (credits)        │                         │ mm-dd>                │                                  │           │
// │ Run reservation  │ WS#<workspaceId>        │ PUBRESV#<executionId> │ -                                │ day+2 d   │
// │ Audit entry      │ WS#<workspaceId>        │ AUDIT#<iso ms>#<id>   │ -                                │ +90 d     │
// └──────────────────┴─────────────────────────┴───────────────────────┴──────────────────────────────────┴───────────┘
//
// Access patterns (every request also pays one GetItem to authenticate its key: "authenticate key")
// | name                    | operation                                                     | items / round trips     |
// |-------------------------|---------------------------------------------------------------|-------------------------|
// | authenticate key        | GetItem PK=KEYHASH#<hash>, SK=KEYHASH (strongly consistent)   | 1                       |
// | create key              | TransactWrite: put record + put lookup (both or neither)      | 1                       |
// | revoke key              | GetItem record, TransactWrite: mark record + delete lookup    | 2 (revocation is        |
// |                         |                                                               | immediate)              |
// | list keys               | Query PK=WS#<ws>, SK begins_with APIKEY#                      | 1 per page              |
// | get workspace           | GetItem PK=WS#<ws>, SK=WORKSPACE                              | 1                       |
// | list members            | Query PK=WS#<ws>, SK begins_with MEMBER#                      | 1 per page              |
// | workspaces of a user    | Query GSI1 GSI1PK=USER#<userId>                               | 1 per page              |
// | get canvas              | GetItem PK=WS#<ws>, SK=CANVAS#<id> (workspace in the key, so  | 1                       |
// |                         | another workspace's canvas simply is not found)               |                         |
// | mutate canvas           | GetItem, then PutItem conditioned on the version read         | 2 (optimistic           |
// |                         |                                                               | concurrency)            |
// | list canvases           | Query PK=WS#<ws>, SK begins_with CANVAS#, projected summary   | 1 per page              |
// | bootstrap once          | TransactWrite with attribute_not_exists on the marker         | 1                       |
// | accept run: load        | BatchGetItem canvas + idempotency record (consistent)         | 1                       |
// | accept run: write       | PutItem idempotency (if free); PutItem execution, graph in it | 2 (a duplicate writes   |
// |                         |                                                               | none)                   |
// | get execution           | GetItem PK=WS#<ws>, SK=EXEC#<id>                              | 1                       |
// | engine step             | GetItem execution (graph inside); UpdateItem on version       | 2                       |
// | runs of a canvas        | Query GSI1 GSI1PK=CANVAS#<ws>#<canvasId>, newest first        | 1 per page              |
// | sweep stalled runs      | Query GSI2 GSI2PK=QUEUED#<shard>, GSI2SK < cutoff, per shard  | 16 per sweep (+1 per    |
// |                         |                                                               | stalled)                |
// | authenticate webhook    | GetItem PK=WHSECRET#<hash>, SK=WHSECRET (consistent)          | 1                       |
// | register / revoke hook  | TransactWrite trigger + secret lookup (both or neither)       | 1                       |
// | hooks of a canvas       | Query PK=WS#<ws>, SK begins_with WEBHOOK#<canvasId>#          | 1 (only if it has hook  |
// |                         |                                                               | nodes)                  |
// | rate limit a call       | UpdateItem ADD count, conditioned count < limit               | 1 (not in a             |
// |                         |                                                               | transaction: hot)       |
// | admit a published call  | TransactWrite: day counter ADD n, conditioned count + n ≤     | 1 (+1 rate limit a      |
// |                         | limit (as `≤ limit − n`) + put PUBRESV (absent)               | call)                   |
// | release a reservation   | GetItem PUBRESV, TransactWrite delete it (exists) + counter   | 2 (+ the run's ledger   |
// |                         | ADD charged − reserved                                        | range)                  |
// | record a trigger's call | UpdateItem lastTriggeredAt (if the trigger exists)            | 1, alongside            |
// |                         |                                                               | StartExecution          |
// | sign in                 | GetItem USEREMAIL#<email>, then GetItem USER#<id>             | 2                       |
// | create user             | TransactWrite user + email lookup (attribute_not_exists)      | 1 (an email is never    |
// |                         |                                                               | taken twice)            |
// | OAuth token check       | GetItem OAUTH#AccessToken#<hash>, GetItem member (consistent) | 2 per gateway call      |
// | revoke an OAuth grant   | Query GSI1 OAUTHGRANT#<sha256(grantId)>, delete each          | 1 + n                   |
// | accept invite           | TransactWrite delete invite + lookup, put Member              | 1                       |
// | list connections        | Query PK=WS#<ws>, SK begins_with CONN# (sealed part not read) | 1 (≤ one per provider)  |
// | upsert / revoke conn.   | GetItem, PutItem conditioned on version                       | 2                       |
// | provider access check   | GetItem policy ‖ GetItem connection (in parallel)             | 2 (+1 KMS Decrypt if    |
// |                         |                                                               | own key)                |
// | link installation       | PutItem attribute_not_exists (first workspace wins)           | 1                       |
// | installations of a ws   | Query GSI1 GSI1PK=CODEHOSTWS#<ws>                             | 1                       |
// | push webhook → targets  | Query GSI1 GSI1PK=CODEHOSTREPO#<inst>#<repo>, UpdateItem each | 1 + n                   |
// | dedupe GitHub delivery  | PutItem attribute_not_exists on GHDELIVERY#body:<sha256>      | 1                       |
// | remove member / demote  | TransactWrite member + ConditionCheck other owners            | 1 (never leaves no      |
// |                         |                                                               | owner)                  |
// | credit balance          | Query PK=WS#<ws>, SK begins_with CREDITS (the shards, summed) | 1                       |
// | debit / grant (ledger)  | TransactWrite op marker (absent) + entry + balance (enough)   | 1 (a retry writes       |
// |                         |                                                               | nothing)                |
// | hold / release credits  | TransactWrite hold (absent / still held) + balance.held +     | 1                       |
// |                         | month counter (within the policy's cap, if any)               |                         |
// | settle a hold           | TransactWrite hold (held→settled) + op marker + entry + bal.  | 1                       |
// |                         | + month counter                                               |                         |
// | transactions, newest    | Query PK=WS#<ws>, SK begins_with LEDGER#, backwards           | 1 per page              |
// | 1st                     |                                                               |                         |
// | ledger range (export)   | Query PK=WS#<ws>, SK BETWEEN LEDGER#<from> AND LEDGER#<to>    | 1 per page (constant    |
// |                         |                                                               | memory)                 |
// | sweep expired holds     | Query GSI2 GSI2PK=OPENHOLD#<shard>, GSI2SK < now, per shard   | 16 per sweep (+2 per    |
// |                         |                                                               | expired)                |
// | list templates          | Query PK=WS#<ws>, SK begins_with TEMPLATE# (metadata only)    | 1 per page              |
// | template snapshot       | GetItem TEMPLATE#<id> ‖ Query TEMPLATEPART#<id>#, same        | 1 (both in parallel)    |
// |                         | revision                                                      |                         |
// | publish / republish     | TransactWrite metadata (condition) + parts (+ delete stale)   | 1 (+1 GetItem to        |
// |                         |                                                               | republish)              |
// | delete template         | GetItem metadata, TransactWrite delete metadata + parts       | 2                       |
// | reserve upload          | PutItem UPLOAD#<id> (TTL at its expiry)                       | 1                       |
// | finalize upload         | GetItem UPLOAD#, TransactWrite asset (not exists) + delete    | 2 (+1 GetItem canvas)   |
// |                         | reservation (exists) [+ canvas on its version]                |                         |
// | asset library page      | Query PK=WS#<ws>, SK begins_with ASSET#, filter               | 1 per page (more only   |
// |                         | library/trashed/kind/folder/tag                               | when a filter skips     |
// |                         |                                                               | most items)             |
// | assets of a canvas      | GetItem canvas, Query GSI1 CANVASASSET#<ws>#<cnv>, BatchGet   | 3                       |
// | video job: submit       | GetItem VIDEOJOB#<id>, PutItem (absent), UpdateItem (version) | 3 (+ hold, + provider   |
// |                         |                                                               | call)                   |
// | speech operation        | GetItem SPEECHOP#<op>, PutItem (absent), PutItem (version) ×1 | 3 (+ hold, + provider   |
// |                         |                                                               | call)                   |
// | video job: poll         | GetItem VIDEOJOB#<id>, PutItem on version when it changes     | 1–2 (+ policy reads)    |
// | audit a change          | the audit Put joins the change's own TransactWriteItems       | 0 more (a single write  |
// |                         | (audit-join.ts)                                               | becomes a transaction)  |
// | audit log, newest first | Query PK=WS#<ws>, SK BETWEEN AUDIT#<from> AND AUDIT#<to>      | 1 per page              |
// | usages of an asset      | Query PK=WS#<ws>, SK begins_with CANVAS#, projected to the    | 1 per page of canvases  |
// |                         | canvas's assetUses.<id> (derived from its nodes on write)     |                         |
//
// Why the key lookup is its own item: authentication must be one strongly consistent GetItem by the
// hash of the presented key, while listing needs the workspace's keys together. Revocation deletes the
// lookup item in the same transaction that marks the record, so it takes effect at once. The lookup
// item carries a TTL at the key's expiry; expiry is also checked in code because TTL deletion is lazy.
//
// An execution item keeps executionId, status and version plain and the rest deflated, with its frozen
// graph inside (execution-item.ts): GSI1 projects every attribute, so the item's size is paid twice on
// every write. A graph too large to embed, and the graphs of runs recorded before issue 26, live in a
// second item. Idempotency records live 24 hours (TTL) and are claimed just before the execution they
// name is written (two PutItems, not a transaction, which doubles every unit; runs/accept.ts settles a
// record whose run is missing).
//
// The run outbox is the execution item itself: while a run is `queued` (accepted, or redriven, and not
// yet picked up by its first engine step) the item carries GSI2PK/GSI2SK, so it appears in the sparse
// index GSI2 (keys only); the engine's first save drops them, and with them the index entry. The
// scheduled sweeper (functions/workers/sweep-runs.ts) queries GSI2 for runs queued longer than a grace
// period and starts or redrives them — no extra write on the request path. A finished run whose callback
// is still to be sent keeps the keys too (sorted by when it finished) until the callback is claimed; the
// sweeper sends it after a hold. GSI2PK is sharded by a hash
// of the executionId so index writes never concentrate on one partition.
//
// The credit ledger (functions/core/credits): entries are keyed by time so that a range (a FOCUS export)
// is one Query per page and `SK BETWEEN LEDGER#<from> AND LEDGER#<to>` is exactly [from, to): an entry
// at `to` sorts after the bare bound because its key goes on with `#<id>`. A time key cannot make a
// retry collide, so each write also puts a LEDGEROP#<operationId> marker, conditioned on its absence,
// in the same transaction: one operation, one entry. The balance item CREDITS carries balance and
// held; its conditions (balance - held >= n) keep it from going negative. It is the workspace's one
// hot item under concurrent debits: see docs/billing.md for the measured limit and how to scale past it.
// An open hold carries GSI2 keys (OPENHOLD#<shard>, by expiry) like a queued run does; settling or
// releasing it rewrites the item without them, so the sweeper of abandoned holds reads only open ones.
//
// Canvases are one item each (nodes and edges inline, ≤ 400 KB, enforced by CANVAS_MAX_BYTES in the
// domain) so that a mutation is a single conditional write: there is never a half-written graph.
// The canvas item also carries `assetUses` (assetId → node ids naming it), derived from its nodes by
// the repository on every write, so asset usages need no record of their own to keep in step.
//
// Templates keep a small metadata item (what a list reads) apart from their snapshot, which is gzipped
// JSON cut into binary parts of at most 200 KB (TEMPLATEPART items, each tagged with the revision it
// belongs to), so a snapshot of any size the canvas limit allows fits, and a list never pays for
// snapshots. Publish, republish and delete write metadata and parts in one transaction; a reader takes
// the parts of the metadata's revision only (see template-repository.ts).

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
/** Shards of the open-holds entries of GSI2: the hold sweeper queries each once. */
export const OPEN_HOLD_SHARDS = 16;

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
  queuedExecution: (shard: number, queuedAt: string, executionId: string) => ({
    GSI2PK: `QUEUED#${shard}`,
    GSI2SK: `${queuedAt}#${executionId}`,
  }),
  queuedPartition: (shard: number) => `QUEUED#${shard}`,
  executionGraph: (workspaceId: string, executionId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `EXEC#${executionId}#GRAPH`,
  }),
  idempotency: (workspaceId: string, keyHash: string) => ({ PK: `WS#${workspaceId}`, SK: `IDEMP#${keyHash}` }),
  webhookTrigger: (workspaceId: string, canvasId: string, nodeId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `WEBHOOK#${canvasId}#${nodeId}`,
  }),
  webhookTriggerPrefix: (canvasId: string) => `WEBHOOK#${canvasId}#`,
  webhookSecret: (secretHash: string) => ({ PK: `WHSECRET#${secretHash}`, SK: 'WHSECRET' }),
  rateWindow: (workspaceId: string, name: string, windowStart: number) => ({
    PK: `WS#${workspaceId}`,
    SK: `RATE#${name}#${windowStart}`,
  }),
  user: (userId: string) => ({ PK: `USER#${userId}`, SK: 'USER' }),
  userEmail: (normalisedEmail: string) => ({ PK: `USEREMAIL#${normalisedEmail}`, SK: 'USEREMAIL' }),
  invite: (workspaceId: string, inviteId: string) => ({ PK: `WS#${workspaceId}`, SK: `INVITE#${inviteId}` }),
  inviteLookup: (tokenHash: string) => ({ PK: `INVITEHASH#${tokenHash}`, SK: 'INVITEHASH' }),
  oauthModel: (model: string, idHash: string) => ({ PK: `OAUTH#${model}#${idHash}`, SK: 'OAUTH' }),
  oauthByGrant: (grantId: string, model: string, idHash: string) => ({
    GSI1PK: `OAUTHGRANT#${grantId}`,
    GSI1SK: `${model}#${idHash}`,
  }),
  oauthGrantPartition: (grantId: string) => `OAUTHGRANT#${grantId}`,
  oauthBySessionUid: (uid: string, idHash: string) => ({ GSI1PK: `OAUTHUID#${uid}`, GSI1SK: `Session#${idHash}` }),
  oauthUidPartition: (uid: string) => `OAUTHUID#${uid}`,
  /** Shard 0 of the balance: the one balance item of workspaces from before sharding. */
  creditBalance: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'CREDITS' }),
  /** One of a workspace's balance shards (docs/billing.md "Balance shards"); shard 0 is `creditBalance`. */
  creditBalanceShard: (workspaceId: string, shard: number) => ({
    PK: `WS#${workspaceId}`,
    SK: shard === 0 ? 'CREDITS' : `CREDITS#${shard}`,
  }),
  /** Every balance shard's sort key begins with it (and no other item's does). */
  creditBalancePrefix: 'CREDITS',
  /** `occurredAt` is ISO 8601 UTC with milliseconds, so the sort key orders by time. */
  ledgerEntry: (workspaceId: string, occurredAt: string, entryId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `LEDGER#${occurredAt}#${entryId}`,
  }),
  ledgerPrefix: 'LEDGER#',
  /** The bound for a range read: `LEDGER#<iso>` sorts before every entry at that instant. */
  ledgerTimeBound: (at: string) => `LEDGER#${at}`,
  ledgerOperation: (workspaceId: string, operationId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `LEDGEROP#${operationId}`,
  }),
  creditHold: (workspaceId: string, operationId: string) => ({ PK: `WS#${workspaceId}`, SK: `HOLD#${operationId}` }),
  /** Held + charged generation credits of one UTC month (`month`: YYYY-MM), what the policy's cap reads. */
  creditMonth: (workspaceId: string, month: string) => ({ PK: `WS#${workspaceId}`, SK: `CREDITMONTH#${month}` }),
  /** The month counter of one balance shard (holds on shard s count there); shard 0 is `creditMonth`. */
  creditMonthShard: (workspaceId: string, month: string, shard: number) => ({
    PK: `WS#${workspaceId}`,
    SK: shard === 0 ? `CREDITMONTH#${month}` : `CREDITMONTH#${month}#${shard}`,
  }),
  /** Only on a hold while it is open (status `held`): the expired-holds sweeper's index entry. */
  openHold: (shard: number, expiresAt: string, workspaceId: string, operationId: string) => ({
    GSI2PK: `OPENHOLD#${shard}`,
    GSI2SK: `${expiresAt}#${workspaceId}#${operationId}`,
  }),
  openHoldPartition: (shard: number) => `OPENHOLD#${shard}`,
  template: (workspaceId: string, templateId: string) => ({ PK: `WS#${workspaceId}`, SK: `TEMPLATE#${templateId}` }),
  templatePrefix: 'TEMPLATE#',
  /** Parts sort by their zero-padded index, so a query returns them in order. */
  templatePart: (workspaceId: string, templateId: string, index: number) => ({
    PK: `WS#${workspaceId}`,
    SK: `TEMPLATEPART#${templateId}#${String(index).padStart(3, '0')}`,
  }),
  templatePartPrefix: (templateId: string) => `TEMPLATEPART#${templateId}#`,
  asset: (workspaceId: string, assetId: string) => ({ PK: `WS#${workspaceId}`, SK: `ASSET#${assetId}` }),
  videoJob: (workspaceId: string, jobId: string) => ({ PK: `WS#${workspaceId}`, SK: `VIDEOJOB#${jobId}` }),
  speechOperation: (workspaceId: string, operationId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `SPEECHOP#${operationId}`,
  }),
  assetPrefix: 'ASSET#',
  /** Only on assets uploaded or generated for a canvas: the canvas's assets in one GSI1 query. */
  assetByCanvas: (workspaceId: string, canvasId: string, assetId: string) => ({
    GSI1PK: `CANVASASSET#${workspaceId}#${canvasId}`,
    GSI1SK: `ASSET#${assetId}`,
  }),
  canvasAssetsPartition: (workspaceId: string, canvasId: string) => `CANVASASSET#${workspaceId}#${canvasId}`,
  upload: (workspaceId: string, uploadId: string) => ({ PK: `WS#${workspaceId}`, SK: `UPLOAD#${uploadId}` }),
  // Integrations (docs/integrations.md)
  connection: (workspaceId: string, provider: string) => ({ PK: `WS#${workspaceId}`, SK: `CONN#${provider}` }),
  connectionPrefix: 'CONN#',
  integrationPolicy: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'INTPOLICY' }),
  // A workspace's own callback signing secrets, sealed (docs/callbacks.md, Signatures).
  callbackSecrets: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'CBSECRET' }),
  codehostInstallation: (installationId: number) => ({ PK: `CODEHOST#INST#${installationId}`, SK: 'INSTALLATION' }),
  codehostInstallationByWorkspace: (workspaceId: string, installationId: number) => ({
    GSI1PK: `CODEHOSTWS#${workspaceId}`,
    GSI1SK: `INST#${installationId}`,
  }),
  codehostWorkspacePartition: (workspaceId: string) => `CODEHOSTWS#${workspaceId}`,
  codehostSyncTarget: (workspaceId: string) => ({ PK: `WS#${workspaceId}`, SK: 'CODEHOST#SYNC' }),
  codehostSyncTargetByRepository: (installationId: number, repository: string, workspaceId: string) => ({
    GSI1PK: `CODEHOSTREPO#${installationId}#${repository.toLowerCase()}`,
    GSI1SK: `WS#${workspaceId}`,
  }),
  codehostRepositoryPartition: (installationId: number, repository: string) =>
    `CODEHOSTREPO#${installationId}#${repository.toLowerCase()}`,
  codehostExport: (workspaceId: string, exportId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `CODEHOST#EXPORT#${exportId}`,
  }),
  githubDelivery: (claim: string) => ({ PK: `GHDELIVERY#${claim}`, SK: 'GHDELIVERY' }),
  // Published servers (docs/published-servers.md): the slug item claims a URL once; credentials like API keys.
  publishedServer: (workspaceId: string, serverId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `PUBSERVER#${serverId}`,
  }),
  publishedServerPrefix: 'PUBSERVER#',
  publishedSlug: (slug: string) => ({ PK: `PUBSLUG#${slug}`, SK: 'PUBSLUG' }),
  publishedCredential: (workspaceId: string, serverId: string, credentialId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `PUBCRED#${serverId}#${credentialId}`,
  }),
  publishedCredentialPrefix: (serverId: string) => `PUBCRED#${serverId}#`,
  publishedCredentialLookup: (keyHash: string) => ({ PK: `UMCPHASH#${keyHash}`, SK: 'UMCPHASH' }),
  /** A published server's credits of one UTC day (`day`: YYYY-MM-DD): reserved by runs in flight + charged. */
  publishedDay: (workspaceId: string, serverId: string, day: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `PUBDAY#${serverId}#${day}`,
  }),
  /** What one published run holds against its server's day until it ends. */
  publishedReservation: (workspaceId: string, executionId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `PUBRESV#${executionId}`,
  }),
  // The audit log (docs/audit.md): keyed by time like the ledger, so a range is one Query per page.
  auditEntry: (workspaceId: string, at: string, entryId: string) => ({
    PK: `WS#${workspaceId}`,
    SK: `AUDIT#${at}#${entryId}`,
  }),
  auditTimeBound: (at: string) => `AUDIT#${at}`,
} as const;
