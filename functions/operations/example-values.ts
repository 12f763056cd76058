// operations: the sample ids and records the operations' examples share (each operation's `example`),
// so that one canvas, one run and one asset run through the whole OpenAPI document. Plain data: an
// operation's bundle keeps only the values its own example names.
export const WORKSPACE = 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a';
export const CANVAS = 'cnv_01jd8x4b6c8e0g2j4l6n8q0s2u';
export const EXECUTION = 'exec_01jd8x5d7f9h1k3m5p7r9t1v3x';
export const AT = '2026-11-23T20:00:00.000Z';
export const LATER = '2026-11-23T20:00:02.000Z';
export const ASSET = 'ast_01jd8xa2m4p6r8t0v2x4z6b8d0';
export const UPLOAD = 'upl_01jd8xa2m4p6r8t0v2x4z6b8d0';
export const ASSET_SHA256 = 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=';
/**
 * A 1×1 PNG, inline: the generation examples must work as given against `npm start` with no network,
 * and a placeholder host (example.com) can never be fetched.
 */
export const INLINE_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
export const canvasAsset = {
  id: ASSET,
  workspaceId: WORKSPACE,
  kind: 'video',
  name: 'intro.mp4',
  contentType: 'video/mp4',
  size: 5242880,
  sha256: ASSET_SHA256,
  canvasId: CANVAS,
  library: false,
  folder: '/',
  tags: [],
  trashedAt: null,
  source: { type: 'upload', uploadId: UPLOAD },
  version: 1,
  createdAt: AT,
  updatedAt: AT,
};
export const libraryAsset = {
  ...canvasAsset,
  library: true,
  folder: '/brand',
  tags: ['intro'],
  version: 2,
  updatedAt: LATER,
};
export const reserved = {
  uploadId: UPLOAD,
  assetId: ASSET,
  kind: 'video',
  upload: {
    url: `https://media.s3.amazonaws.com/uploads/pending/${WORKSPACE}/${UPLOAD}?X-Amz-Expires=900&X-Amz-SignedHeaders=content-length%3Bcontent-type%3Bhost%3Bx-amz-checksum-sha256&X-Amz-Signature=…`,
    method: 'PUT',
    headers: { 'Content-Type': 'video/mp4', 'Content-Length': '5242880', 'x-amz-checksum-sha256': ASSET_SHA256 },
    expiresAt: '2026-11-23T20:15:00.000Z',
  },
  reservationExpiresAt: '2026-11-24T20:00:00.000Z',
};
export const summary = {
  id: CANVAS,
  name: 'Hello flow',
  workspaceId: WORKSPACE,
  version: 3,
  archived: false,
  createdAt: AT,
  updatedAt: LATER,
};
export const promptNode = { id: 'prompt', type: 'prompt', position: { x: 0, y: 0 }, data: { prompt: 'Hello' } };
export const textNode = {
  id: 'tpl',
  type: 'text',
  position: { x: 400, y: 0 },
  data: { template: 'You said: {{input}}' },
};
export const edge = {
  id: 'edge_prompt_tpl',
  source: 'prompt',
  sourceHandle: 'prompt-out',
  target: 'tpl',
  targetHandle: 'text-in',
};
export const canvas = { ...summary, viewport: { x: 0, y: 0, zoom: 1 }, nodes: [promptNode, textNode], edges: [edge] };
export const executionSummary = {
  executionId: EXECUTION,
  canvasId: CANVAS,
  triggerNodeId: 'prompt',
  trigger: { kind: 'api' },
  status: 'succeeded',
  createdAt: AT,
  startedAt: AT,
  finishedAt: LATER,
};
export const runSnapshot = {
  ...executionSummary,
  nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'succeeded' } },
  outputs: { tpl: { 'text-out': 'You said: hi' } },
  result: { out: 'You said: hi' },
};
export const TEMPLATE = 'tpl_01jd8x8g0j2l4n6q8s0u2w4y6b';
export const template = {
  id: TEMPLATE,
  workspaceId: WORKSPACE,
  name: 'Hello flow',
  description: 'Greets whoever calls it',
  versionNotes: 'Friendlier greeting',
  revision: 2,
  sourceCanvasId: CANVAS,
  sourceCanvasVersion: 3,
  nodeCount: 2,
  edgeCount: 1,
  snapshotBytes: 412,
  createdAt: AT,
  publishedAt: LATER,
};
export const key = {
  id: 'key_01jd8x6e8g0j2l4n6q8s0u2w4y',
  name: 'ci',
  prefix: 'workspace_Ab3d',
  scopes: ['read:canvases'],
  status: 'active',
  createdAt: AT,
  expiresAt: '2026-12-23T20:00:00.000Z',
  revokedAt: null,
};
export const edit = { canvasId: CANVAS, canvasVersion: 4 };
export const creditBalance = {
  workspaceId: WORKSPACE,
  balance: 4820,
  held: 200,
  available: 4620,
  unit: 'credits',
  updatedAt: LATER,
};
export const usageTransaction = {
  id: 'led_01jd8xa2m4p6r8t0v2x4z6b8d0',
  workspaceId: WORKSPACE,
  type: 'usage',
  credits: -180,
  operationId: `${EXECUTION}:video`,
  occurredAt: LATER,
  description: 'Video generation',
  pricing: {
    sku: 'video.generate',
    skuPriceId: 'video.generate:standard:10/Seconds',
    model: 'standard',
    unit: 'Seconds',
    quantity: 17.4,
    pricingQuantity: 18,
    unitPrice: 10,
  },
  resource: {
    canvasId: CANVAS,
    executionId: EXECUTION,
    nodeId: 'video',
    provider: 'provider-two',
    providerJobId: 'job_8841',
  },
};
export const purchaseTransaction = {
  id: 'led_01jd8x9z1b3d5f7h9k1m3p5r7t',
  workspaceId: WORKSPACE,
  type: 'purchase',
  credits: 5000,
  operationId: 'stripe-checkout:cs_test_a1B2c3',
  occurredAt: AT,
  description: 'Credit pack (5000 credits)',
  payment: {
    provider: 'stripe',
    reference: 'cs_test_a1B2c3',
    eventId: 'evt_1QxYz2AbCdEf',
    currency: 'USD',
    amount: '50.00',
  },
  source: 'checkout',
};
/** A runSnapshot of a run that has not finished: no result yet. */
export const { result: _result, ...unfinished } = runSnapshot;
export const providerStatus = [
  { id: 'provider-one', label: 'Video provider one', sharedCredentials: true, status: 'available' },
  { id: 'provider-two', label: 'Video provider two', sharedCredentials: false, status: 'bring-your-own' },
  { id: 'speech', label: 'Speech provider', sharedCredentials: true, status: 'available' },
  { id: 'codehost', label: 'Code host', sharedCredentials: true, status: 'available' },
  { id: 'workspace-suite', label: 'Workspace suite', sharedCredentials: false, status: 'bring-your-own' },
];
export const connection = {
  provider: 'provider-two',
  label: 'Our fal account',
  status: 'active',
  masked: { apiKey: '…x9Qz' },
  createdAt: AT,
  updatedAt: AT,
  revokedAt: null,
  updatedBy: 'key_01jd8x6e8g0j2l4n6q8s0u2w4y',
  allowedOrigins: ['https://queue.fal.run'],
};
export const policy = {
  workspaceId: 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a',
  allowedProviders: ['provider-two', 'speech'],
  allowedModels: null,
  allowedVoices: ['EXAVITQu4vr4xnSDxMaL'],
  allowSharedCredentials: true,
  monthlyCreditCap: 5000,
  updatedAt: AT,
};
export const installation = {
  installationId: 4242,
  account: 'acme',
  accountType: 'Organization',
  repositorySelection: 'selected',
  suspended: false,
  linkedAt: AT,
  updatedAt: AT,
};
export const repository = {
  id: 7001,
  fullName: 'acme/docs',
  defaultBranch: 'main',
  private: true,
  htmlUrl: 'https://github.com/acme/docs',
};
export const HEAD = '3b18e512dba79e4c8300dd08aeb37f8e728b8dad';
export const syncTarget = {
  installationId: 4242,
  repository: 'acme/docs',
  branch: 'main',
  syncedCommit: HEAD,
  syncedAt: AT,
  fileCount: 128,
  remoteHead: HEAD,
  remoteHeadAt: AT,
  stale: false,
};
export const draftExport = {
  exportId: 'export_01jd8xa2b4c6d8e0f2g4h6j8k0',
  canvasId: 'cnv_01jd8x4b6c8e0g2j4l6n8q0s2u',
  installationId: 4242,
  repository: 'acme/docs',
  baseBranch: 'main',
  branch: 'canvas-export/cnv_01jd8x4b6c8e0g2j4l6n8q0s2u-a1b2c3',
  title: 'Canvas export: Hello flow',
  body: 'Documents of canvas "Hello flow", exported as a draft for review.',
  status: 'prepared',
  createdAt: AT,
  files: [{ path: 'canvas-docs/tpl.md', nodeId: 'tpl', bytes: 412 }],
  result: null,
};
/** The example trigger's endpoint on the local front, and the signed URLs one per signature scheme. */
export const WEBHOOK_URL = 'http://127.0.0.1:3001/webhook/trigger';
const WEBHOOK_HOOK = '3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d';
export const WEBHOOK_SECRET = 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n';
export const webhookSignedUrls = {
  github: `${WEBHOOK_URL}?verify=github&hook=${WEBHOOK_HOOK}`,
  stripe: `${WEBHOOK_URL}?verify=stripe&hook=${WEBHOOK_HOOK}`,
  shopify: `${WEBHOOK_URL}?verify=shopify&hook=${WEBHOOK_HOOK}`,
  'standard-webhooks': `${WEBHOOK_URL}?verify=standard-webhooks&hook=${WEBHOOK_HOOK}`,
};
/** register_webhook's answer for the example trigger (`created` says whether this call made it). */
export function webhookRegistration(created: boolean) {
  return {
    webhookUrl: WEBHOOK_URL,
    webhookSecret: WEBHOOK_SECRET,
    webhookAuthorizationHeader: `Bearer ${WEBHOOK_SECRET}`,
    triggerNodeId: 'hook',
    created,
    signedUrls: webhookSignedUrls,
    standardWebhooksSecret: WEBHOOK_SECRET,
  };
}
