// composition root: the one way an adapter is wired. Every adapter a function uses is a handle declared
// with `adapter(name, build)` in this folder (stores.ts, runs.ts, run-tasks.ts, webhooks.ts, …); nothing
// else in functions/ calls an adapter's constructor (test/unit/architecture/composition-root.test.ts).
//
//   operation / route / worker ── imports a handle ──▶ handle ──(first call)──▶ build() once per process
//                                                           └──(a test)───────▶ overrideDeps({ name: fake })
//
// A handle builds its adapter on its first method call, so a cold start builds only what the function
// uses; each `adapter(...)` call is marked pure, so esbuild drops the handles (and the adapter classes) a
// function never imports. A test replaces any adapter by name with `overrideDeps`, which returns the
// function that puts the previous one back; handles read the override on every call, so a use case that
// captured a handle at load still sees the fake. See docs/architecture.md.
import type { CodeHost } from '#core/codehost/ports';
import type { CredentialCipher } from '#core/integrations/ports';
import type { CallbackSender } from '#core/ports';
import type { DynamoLedgerReader } from '../dynamodb/ledger-reader.ts';
import type { DynamoLedgerRepository } from '../dynamodb/ledger-repository.ts';
import type { DynamoApiKeyRepository } from '../dynamodb/api-key-repository.ts';
import type { DynamoAssetRepository } from '../dynamodb/asset-repository.ts';
import type { DynamoCallbackSecretRepository } from '../dynamodb/callback-secret-repository.ts';
import type { DynamoCanvasRepository } from '../dynamodb/canvas-repository.ts';
import type { DynamoCodeHostRepository } from '../dynamodb/codehost-repository.ts';
import type { DynamoConnectionRepository, DynamoPolicyRepository } from '../dynamodb/integration-repository.ts';
import type { DynamoOAuthTokenReader } from '../dynamodb/oauth-store.ts';
import type { DynamoPublishedDaySpend } from '../dynamodb/published-day-spend.ts';
import type { DynamoPublishedServerRepository } from '../dynamodb/published-server-repository.ts';
import type { DynamoRunRepository } from '../dynamodb/run-repository.ts';
import type { DynamoSpeechOperationRepository } from '../dynamodb/speech-operation-repository.ts';
import type { DynamoTemplateRepository } from '../dynamodb/template-repository.ts';
import type { DynamoMembershipRepository, DynamoUserRepository } from '../dynamodb/user-repository.ts';
import type { DynamoVideoJobRepository } from '../dynamodb/video-job-repository.ts';
import type { DynamoRateLimiter, DynamoWebhookRepository } from '../dynamodb/webhook-repository.ts';
import type { DynamoWorkspaceRepository } from '../dynamodb/workspace-repository.ts';
import type { SafeOutboundHttp } from '../outbound-http/outbound-http.ts';
import type { S3AssetStorage } from '../s3/asset-storage.ts';
import type { S3BlobStore } from '../s3/blob-store.ts';
import type { S3ExportStore } from '../s3/export-store.ts';
import type { S3GeneratedAssetStorage } from '../s3/generated-asset-storage.ts';
import type { StepFunctionsWorkflowEngine } from '../sfn/workflow-engine.ts';
import type { QuickJsSandbox } from '../sandbox/quickjs-sandbox.ts';

/** Every adapter the root wires, by the name a test overrides it with. */
export interface Adapters {
  apiKeys: DynamoApiKeyRepository;
  assets: DynamoAssetRepository;
  assetStorage: S3AssetStorage;
  blobs: S3BlobStore;
  callbackSecrets: DynamoCallbackSecretRepository;
  /** The port, not the class: the sender's module reads ./stores.ts (a type import would close a circle). */
  callbackSender: CallbackSender;
  canvases: DynamoCanvasRepository;
  /** The port: the GitHub client behind it is built on its first call (composition/credentials.ts). */
  codeHost: CodeHost;
  codehostRecords: DynamoCodeHostRepository;
  /** Runs code nodes' JavaScript (QuickJS in WebAssembly, in a worker thread). */
  codeSandbox: QuickJsSandbox;
  connections: DynamoConnectionRepository;
  /** The port: KMS or the local key file, as configuration says (credentials/cipher.ts). */
  credentialCipher: CredentialCipher;
  daySpend: DynamoPublishedDaySpend;
  engine: StepFunctionsWorkflowEngine;
  exportStore: S3ExportStore;
  generatedAssetStorage: S3GeneratedAssetStorage;
  ledger: DynamoLedgerRepository;
  ledgerReader: DynamoLedgerReader;
  memberships: DynamoMembershipRepository;
  oauthTokens: DynamoOAuthTokenReader;
  outboundHttp: SafeOutboundHttp;
  policies: DynamoPolicyRepository;
  publishedServers: DynamoPublishedServerRepository;
  rateLimiter: DynamoRateLimiter;
  runs: DynamoRunRepository;
  speechOperations: DynamoSpeechOperationRepository;
  templates: DynamoTemplateRepository;
  users: DynamoUserRepository;
  videoJobs: DynamoVideoJobRepository;
  webhooks: DynamoWebhookRepository;
  workspaces: DynamoWorkspaceRepository;
}

/** What a test may put in an adapter's place: any object with (some of) its public methods. */
export type AdapterFakes = { [K in keyof Adapters]?: Partial<Adapters[K]> };

const built = new Map<keyof Adapters, unknown>();
const overrides = new Map<keyof Adapters, unknown>();

function current(name: keyof Adapters, build: () => unknown): object {
  if (overrides.has(name)) return overrides.get(name) as object;
  if (!built.has(name)) built.set(name, build());
  return built.get(name) as object;
}

/**
 * The handle of one adapter: it has the adapter's type, builds it on first use (once per process) and
 * forwards every property read to it — or to the fake a test put in its place.
 */
export function adapter<K extends keyof Adapters>(name: K, build: () => Adapters[K]): Adapters[K] {
  return new Proxy({} as Adapters[K], {
    get(_handle, property) {
      const target = current(name, build);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    has: (_handle, property) => property in current(name, build),
  });
}

/**
 * Tests: put fakes in the place of the named adapters until the returned function is called (in an
 * `afterEach`, or at the end of the test). Overrides nest: restoring puts back what was there before.
 *
 * @example
 * const restore = overrideDeps({ canvases: new InMemoryCanvasRepository() });
 * afterEach(restore);
 */
export function overrideDeps(fakes: AdapterFakes): () => void {
  const previous = new Map<keyof Adapters, unknown>();
  for (const name of Object.keys(fakes) as (keyof Adapters)[]) {
    previous.set(name, overrides.has(name) ? overrides.get(name) : absent);
    overrides.set(name, fakes[name]);
  }
  return () => {
    for (const [name, value] of previous) {
      if (value === absent) overrides.delete(name);
      else overrides.set(name, value);
    }
  };
}

const absent = Symbol('absent');
