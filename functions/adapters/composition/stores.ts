// composition: the handle of every DynamoDB adapter (the single table's repositories), each built on first
// use, once per process, and replaceable in a test (./root.ts: overrideDeps). S3's are in ./objects.ts,
// Step Functions' and outbound HTTP's in ./services.ts, the
// provider jobs' in ./generation.ts: apart, so a function that only reads the table
// bundles no S3 or Step Functions client. The deps a use case takes are composed from handles in this folder.
import { DynamoApiKeyRepository } from '../dynamodb/api-key-repository.ts';
import { DynamoAssetRepository } from '../dynamodb/asset-repository.ts';
import { DynamoCallbackSecretRepository } from '../dynamodb/callback-secret-repository.ts';
import { DynamoCanvasRepository } from '../dynamodb/canvas-repository.ts';
import { DynamoCodeHostRepository } from '../dynamodb/codehost-repository.ts';
import { DynamoConnectionRepository, DynamoPolicyRepository } from '../dynamodb/integration-repository.ts';
import { DynamoLedgerReader } from '../dynamodb/ledger-reader.ts';
import { DynamoLedgerRepository } from '../dynamodb/ledger-repository.ts';
import { DynamoOAuthTokenReader } from '../dynamodb/oauth-store.ts';
import { DynamoPublishedDaySpend } from '../dynamodb/published-day-spend.ts';
import { DynamoPublishedServerRepository } from '../dynamodb/published-server-repository.ts';
import { DynamoRunRepository } from '../dynamodb/run-repository.ts';
import { DynamoTemplateRepository } from '../dynamodb/template-repository.ts';
import { DynamoMembershipRepository, DynamoUserRepository } from '../dynamodb/user-repository.ts';
import { DynamoRateLimiter, DynamoWebhookRepository } from '../dynamodb/webhook-repository.ts';
import { DynamoWorkspaceRepository } from '../dynamodb/workspace-repository.ts';
import { adapter } from './root.ts';

// Workspaces, keys, members and the OAuth tokens that stand for them.
export const apiKeys = /* @__PURE__ */ adapter('apiKeys', () => new DynamoApiKeyRepository());
export const workspaces = /* @__PURE__ */ adapter('workspaces', () => new DynamoWorkspaceRepository());
export const users = /* @__PURE__ */ adapter('users', () => new DynamoUserRepository());
export const memberships = /* @__PURE__ */ adapter('memberships', () => new DynamoMembershipRepository());
export const oauthTokens = /* @__PURE__ */ adapter('oauthTokens', () => new DynamoOAuthTokenReader());

// Canvases, templates, assets.
export const canvases = /* @__PURE__ */ adapter('canvases', () => new DynamoCanvasRepository());
export const templates = /* @__PURE__ */ adapter('templates', () => new DynamoTemplateRepository());
export const assets = /* @__PURE__ */ adapter('assets', () => new DynamoAssetRepository());

// Integrations: connections, workspace policies, the code host's records.
export const connections = /* @__PURE__ */ adapter('connections', () => new DynamoConnectionRepository());
export const policies = /* @__PURE__ */ adapter('policies', () => new DynamoPolicyRepository());
export const codehostRecords = /* @__PURE__ */ adapter('codehostRecords', () => new DynamoCodeHostRepository());

// Credits: the ledger (holds, debits), its read side (FOCUS), a published server's daily spend.
export const ledger = /* @__PURE__ */ adapter('ledger', () => new DynamoLedgerRepository());
export const ledgerReader = /* @__PURE__ */ adapter('ledgerReader', () => new DynamoLedgerReader());
export const daySpend = /* @__PURE__ */ adapter(
  'daySpend',
  () => new DynamoPublishedDaySpend(new DynamoLedgerReader()),
);

// Runs: executions, callback signing secrets.
export const runs = /* @__PURE__ */ adapter('runs', () => new DynamoRunRepository());
export const callbackSecrets = /* @__PURE__ */ adapter('callbackSecrets', () => new DynamoCallbackSecretRepository());

// Webhooks, published servers, and the rate limits at the service's edges.
export const webhooks = /* @__PURE__ */ adapter('webhooks', () => new DynamoWebhookRepository());
export const publishedServers = /* @__PURE__ */ adapter(
  'publishedServers',
  () => new DynamoPublishedServerRepository(),
);
export const rateLimiter = /* @__PURE__ */ adapter('rateLimiter', () => new DynamoRateLimiter());
