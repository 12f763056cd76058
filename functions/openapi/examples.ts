// openapi: one hand-written example per operation — its input (query or body) and the answer it gets,
// with the status that answer comes with. Kept apart from the operations so that they stay what the
// gateway needs; test/unit/openapi checks that every operation has one and that each example passes the
// operation's own zod schemas and the JSON Schemas the document publishes.
import { INTEGRATION_EXAMPLES } from './integration-examples.ts';

export interface OperationExample {
  /** Query parameters of a GET route, the JSON body otherwise. */
  readonly input: Record<string, unknown>;
  /** Success status of this answer (the route's: 201 for creations, 202 for accepted runs). */
  readonly status: 200 | 201 | 202;
  readonly output: Record<string, unknown>;
  /** A second success answer of the same route, with its own status (e.g. a sync run's 200). */
  readonly also?: {
    readonly status: 200 | 201 | 202;
    readonly description: string;
    readonly output: Record<string, unknown>;
  };
}

const WORKSPACE = 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a';
const CANVAS = 'cnv_01jd8x4b6c8e0g2j4l6n8q0s2u';
const EXECUTION = 'exec_01jd8x5d7f9h1k3m5p7r9t1v3x';
const AT = '2026-11-23T20:00:00.000Z';
const LATER = '2026-11-23T20:00:02.000Z';

const ASSET = 'ast_01jd8xa2m4p6r8t0v2x4z6b8d0';
const UPLOAD = 'upl_01jd8xa2m4p6r8t0v2x4z6b8d0';
const ASSET_SHA256 = 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=';
/**
 * A 1×1 PNG, inline: the generation examples must work as given against `npm start` with no network,
 * and a placeholder host (example.com) can never be fetched.
 */
const INLINE_IMAGE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const canvasAsset = {
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
const libraryAsset = { ...canvasAsset, library: true, folder: '/brand', tags: ['intro'], version: 2, updatedAt: LATER };
const reserved = {
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
const summary = {
  id: CANVAS,
  name: 'Hello flow',
  workspaceId: WORKSPACE,
  version: 3,
  archived: false,
  createdAt: AT,
  updatedAt: LATER,
};
const promptNode = { id: 'prompt', type: 'prompt', position: { x: 0, y: 0 }, data: { prompt: 'Hello' } };
const textNode = { id: 'tpl', type: 'text', position: { x: 400, y: 0 }, data: { template: 'You said: {{input}}' } };
const edge = {
  id: 'edge_prompt_tpl',
  source: 'prompt',
  sourceHandle: 'prompt-out',
  target: 'tpl',
  targetHandle: 'text-in',
};
const canvas = { ...summary, viewport: { x: 0, y: 0, zoom: 1 }, nodes: [promptNode, textNode], edges: [edge] };
const executionSummary = {
  executionId: EXECUTION,
  canvasId: CANVAS,
  triggerNodeId: 'prompt',
  trigger: { kind: 'api' },
  status: 'succeeded',
  createdAt: AT,
  startedAt: AT,
  finishedAt: LATER,
};
const snapshot = {
  ...executionSummary,
  nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'succeeded' } },
  outputs: { tpl: { 'text-out': 'You said: hi' } },
  result: { out: 'You said: hi' },
};
const TEMPLATE = 'tpl_01jd8x8g0j2l4n6q8s0u2w4y6b';
const template = {
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
const key = {
  id: 'key_01jd8x6e8g0j2l4n6q8s0u2w4y',
  name: 'ci',
  prefix: 'workspace_Ab3d',
  scopes: ['read:canvases'],
  status: 'active',
  createdAt: AT,
  expiresAt: '2026-12-23T20:00:00.000Z',
  revokedAt: null,
};
const edit = { canvasId: CANVAS, canvasVersion: 4 };
const creditBalance = {
  workspaceId: WORKSPACE,
  balance: 4820,
  held: 200,
  available: 4620,
  unit: 'credits',
  updatedAt: LATER,
};
const usageTransaction = {
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
const purchaseTransaction = {
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
/** A snapshot of a run that has not finished: no result yet. */
const { result: _result, ...unfinished } = snapshot;

export const EXAMPLES: Readonly<Record<string, OperationExample>> = {
  list_canvases: { input: { limit: 20 }, status: 200, output: { items: [summary], nextCursor: null } },
  get_canvas: {
    input: { canvasId: CANVAS },
    status: 200,
    output: {
      ...canvas,
      warnings: [
        {
          nodeId: 'tpl',
          code: 'template-variable',
          message:
            'Node tpl (text): {{ name }} is not a template variable (use {{input}} or {{inputs.name}}), so it stays as written',
        },
      ],
    },
  },
  get_port_manifest: {
    input: {},
    status: 200,
    output: {
      portTypes: ['text', 'video', 'audio', 'any'],
      compatibility: { text: ['text', 'any'] },
      nodeTypes: [
        {
          type: 'text',
          available: true,
          inputs: [{ id: 'text-in', type: 'text' }],
          outputs: [{ id: 'text-out', type: 'text' }],
        },
        {
          type: 'audio-generation',
          available: false,
          unavailableReason:
            'Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
          inputs: [{ id: 'text-in', type: 'text' }],
          outputs: [{ id: 'audio-out', type: 'audio' }],
        },
      ],
    },
  },
  validate_edge: {
    input: { canvasId: CANVAS, source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
    status: 200,
    output: {
      valid: true,
      warnings: [
        {
          nodeId: 'voice',
          code: 'node-unavailable',
          message:
            'Node voice (audio-generation): Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
        },
      ],
    },
  },
  estimate_canvas_cost: {
    input: { canvasId: CANVAS },
    status: 200,
    output: {
      canvasId: CANVAS,
      canvasVersion: 3,
      nodes: [
        {
          nodeId: 'video',
          type: 'video-generation',
          credits: 40,
          sku: 'video.generate',
          priceModel: 'fast',
          unit: 'Seconds',
          unitPrice: 8,
          quantity: 5,
        },
        {
          nodeId: 'voice',
          type: 'audio-generation',
          credits: null,
          sku: 'audio.tts',
          priceModel: 'multilingual_v2',
          unit: '1000 Characters',
          unitPrice: 6,
          reason: 'Depends on the text that reaches text-in: 6 credits per started 1000 Characters',
        },
      ],
      totalCredits: 40,
      complete: false,
    },
  },
  create_canvas: {
    input: { name: 'Hello flow' },
    status: 201,
    output: { ...canvas, version: 1, nodes: [], edges: [], updatedAt: AT },
  },
  rename_canvas: {
    input: { canvasId: CANVAS, name: 'Greeting flow', expectedVersion: 3 },
    status: 200,
    output: { ...summary, name: 'Greeting flow', version: 4 },
  },
  patch_canvas: {
    input: {
      canvasId: CANVAS,
      operations: [
        { op: 'node/add', id: 'hook', type: 'webhook-trigger' },
        { op: 'node/move', nodeId: 'tpl', position: { x: 500, y: 100 } },
      ],
    },
    status: 200,
    output: {
      ...edit,
      results: [
        { op: 'node/add', id: 'hook' },
        { op: 'node/move', id: 'tpl' },
      ],
      canvas: {
        ...canvas,
        version: 4,
        nodes: [
          promptNode,
          { ...textNode, position: { x: 500, y: 100 } },
          { id: 'hook', type: 'webhook-trigger', position: { x: 0, y: 0 }, data: {} },
        ],
      },
    },
  },
  add_node: {
    input: {
      canvasId: CANVAS,
      id: 'tpl',
      type: 'text',
      position: { x: 400, y: 0 },
      data: { template: 'You said: {{input}}' },
    },
    status: 201,
    output: { ...textNode, ...edit },
  },
  update_node: {
    input: { canvasId: CANVAS, nodeId: 'tpl', data: { template: 'Echo: {{input}}' } },
    status: 200,
    output: { ...textNode, data: { template: 'Echo: {{input}}' }, ...edit },
  },
  write_node_document: {
    input: { canvasId: CANVAS, nodeId: 'tpl', content: '# Notes\nGreets the caller.', format: 'markdown' },
    status: 200,
    output: {
      ...textNode,
      data: { ...textNode.data, document: { content: '# Notes\nGreets the caller.', format: 'markdown' } },
      ...edit,
    },
  },
  move_node: {
    input: { canvasId: CANVAS, nodeId: 'tpl', position: { x: 500, y: 100 } },
    status: 200,
    output: { ...textNode, position: { x: 500, y: 100 }, ...edit },
  },
  resize_node: {
    input: { canvasId: CANVAS, nodeId: 'tpl', size: { width: 320, height: 200 } },
    status: 200,
    output: { ...textNode, size: { width: 320, height: 200 }, ...edit },
  },
  delete_node: {
    input: { canvasId: CANVAS, nodeId: 'tpl' },
    status: 200,
    output: { deleted: true, id: 'tpl', removedEdgeIds: [edge.id], ...edit },
  },
  add_edge: {
    input: { canvasId: CANVAS, source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
    status: 201,
    output: { ...edge, ...edit },
  },
  delete_edge: {
    input: { canvasId: CANVAS, edgeId: edge.id },
    status: 200,
    output: { deleted: true, id: edge.id, ...edit },
  },
  fit_canvas_viewport: {
    input: { canvasId: CANVAS, width: 1280, height: 800 },
    status: 200,
    output: { viewport: { x: 40, y: 300, zoom: 1 }, ...edit },
  },
  archive_canvas: { input: { canvasId: CANVAS }, status: 200, output: { ...summary, archived: true, version: 4 } },
  restore_canvas: { input: { canvasId: CANVAS }, status: 200, output: { ...summary, version: 5 } },
  delete_canvas: { input: { canvasId: CANVAS }, status: 200, output: { deleted: true, id: CANVAS } },
  run_workflow: {
    input: { canvasId: CANVAS, triggerNodeId: 'prompt', inputs: { prompt: 'hi' } },
    status: 202,
    output: {
      ok: true,
      executionId: EXECUTION,
      status: 'queued',
      message: `Poll GET /api/executions?executionId=${EXECUTION}`,
    },
    also: {
      status: 200,
      description: 'With sync: the finished execution, or pending when the wait ended first',
      output: snapshot,
    },
  },
  get_execution: { input: { executionId: EXECUTION }, status: 200, output: snapshot },
  get_execution_timeline: {
    input: { executionId: EXECUTION },
    status: 200,
    output: {
      executionId: EXECUTION,
      status: 'succeeded',
      events: [
        { at: AT, type: 'execution.started' },
        { at: AT, type: 'node.succeeded', nodeId: 'prompt' },
        { at: LATER, type: 'node.succeeded', nodeId: 'tpl' },
        { at: LATER, type: 'execution.succeeded' },
      ],
    },
  },
  get_execution_outputs: {
    input: { executionId: EXECUTION },
    status: 200,
    output: { executionId: EXECUTION, status: 'succeeded', result: snapshot.result, outputs: snapshot.outputs },
  },
  list_canvas_executions: {
    input: { canvasId: CANVAS, limit: 10 },
    status: 200,
    output: { items: [executionSummary], nextCursor: null },
  },
  cancel_execution: {
    input: { executionId: EXECUTION },
    status: 200,
    output: {
      ...unfinished,
      status: 'cancelled',
      outputs: {},
      nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'cancelled' } },
    },
  },
  replay_execution: {
    input: { executionId: EXECUTION, idempotencyKey: 'replay-2026-11-23-1' },
    status: 202,
    output: {
      ok: true,
      executionId: 'exec_01jd8x7f9h1k3m5p7r9t1v3x5z',
      status: 'queued',
      message: 'Replaying exec_01jd8x5d7f9h1k3m5p7r9t1v3x',
    },
  },
  redrive_execution: {
    input: { executionId: EXECUTION },
    status: 202,
    output: {
      ...unfinished,
      status: 'running',
      finishedAt: null,
      outputs: {},
      nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'running' } },
    },
  },
  list_webhooks: {
    input: { limit: 25 },
    status: 200,
    output: {
      items: [
        {
          canvasId: CANVAS,
          canvasName: 'Order intake',
          canvasArchived: false,
          triggerNodeId: 'hook',
          nodeLabel: 'Shop orders',
          registered: true,
          webhookUrl: 'http://127.0.0.1:3001/webhook/trigger',
          signedUrls: {
            github:
              'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
            stripe:
              'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
            shopify:
              'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
            'standard-webhooks':
              'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          },
          registeredAt: AT,
          lastTriggeredAt: LATER,
          lastExecutionId: EXECUTION,
          signingSecrets: {
            github: { set: false, setAt: null },
            stripe: { set: true, setAt: '2026-11-24T09:30:00.000Z' },
            shopify: { set: false, setAt: null },
            'standard-webhooks': { set: false, setAt: null },
          },
        },
        {
          canvasId: CANVAS,
          canvasName: 'Order intake',
          canvasArchived: false,
          triggerNodeId: 'refunds',
          nodeLabel: null,
          registered: false,
          webhookUrl: null,
          signedUrls: null,
          registeredAt: null,
          lastTriggeredAt: null,
          lastExecutionId: null,
          signingSecrets: null,
        },
      ],
      nextCursor: null,
    },
  },
  register_webhook: {
    input: { canvasId: CANVAS, triggerNodeId: 'hook' },
    status: 201,
    output: {
      webhookUrl: 'http://127.0.0.1:3001/webhook/trigger',
      webhookSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      webhookAuthorizationHeader: 'Bearer whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      triggerNodeId: 'hook',
      created: true,
      signedUrls: {
        github:
          'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        stripe:
          'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        shopify:
          'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        'standard-webhooks':
          'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
      },
      standardWebhooksSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
    },
    also: {
      status: 200,
      description: 'The trigger was registered already: its existing URL and secret',
      output: {
        webhookUrl: 'http://127.0.0.1:3001/webhook/trigger',
        webhookSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
        webhookAuthorizationHeader: 'Bearer whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
        triggerNodeId: 'hook',
        created: false,
        signedUrls: {
          github:
            'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          stripe:
            'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          shopify:
            'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
          'standard-webhooks':
            'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d',
        },
        standardWebhooksSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      },
    },
  },
  // Templates
  list_templates: { input: { limit: 20 }, status: 200, output: { items: [template], nextCursor: null } },
  get_template_snapshot: {
    input: { templateId: TEMPLATE },
    status: 200,
    output: { ...template, viewport: { x: 0, y: 0, zoom: 1 }, nodes: [promptNode, textNode], edges: [edge] },
  },
  use_template: {
    input: { templateId: TEMPLATE, name: 'Hello flow (copy)' },
    status: 201,
    output: {
      ...canvas,
      id: 'cnv_01jd8x9h1k3m5p7r9t1v3x5z7b',
      name: 'Hello flow (copy)',
      version: 1,
      nodes: [
        { ...promptNode, id: 'node_01jd8x9h1k3m5p7r9t1v3x5z7c' },
        { ...textNode, id: 'node_01jd8x9h1k3m5p7r9t1v3x5z7d' },
      ],
      edges: [
        {
          ...edge,
          id: 'edge_01jd8x9h1k3m5p7r9t1v3x5z7e',
          source: 'node_01jd8x9h1k3m5p7r9t1v3x5z7c',
          target: 'node_01jd8x9h1k3m5p7r9t1v3x5z7d',
        },
      ],
      templateId: TEMPLATE,
      templateRevision: 2,
      nodeIds: { prompt: 'node_01jd8x9h1k3m5p7r9t1v3x5z7c', tpl: 'node_01jd8x9h1k3m5p7r9t1v3x5z7d' },
      edgeIds: { edge_prompt_tpl: 'edge_01jd8x9h1k3m5p7r9t1v3x5z7e' },
    },
  },
  publish_template: {
    input: {
      canvasId: CANVAS,
      name: 'Hello flow',
      description: 'Greets whoever calls it',
      versionNotes: 'First version',
    },
    status: 201,
    output: { ...template, revision: 1, versionNotes: 'First version', publishedAt: AT },
    also: {
      status: 200,
      description: 'Republished (templateId given): the snapshot is replaced and the revision goes up by one',
      output: template,
    },
  },
  delete_template: { input: { templateId: TEMPLATE }, status: 200, output: { deleted: true, id: TEMPLATE } },
  set_callback_signing_secret: {
    input: { action: 'rotate', overlapSeconds: 86400 },
    status: 200,
    output: {
      workspaceId: WORKSPACE,
      signedWith: 'workspace',
      current: { hint: 'cbsec_…Q2xw', createdAt: '2026-11-24T09:30:00.000Z' },
      previous: { hint: 'cbsec_…k9Tz', createdAt: '2026-08-02T14:05:00.000Z', signsUntil: '2026-11-25T09:30:00.000Z' },
      secret: 'cbsec_u7Yq2Lr0c9Vn4Kx1Pz8Hs3Dw6Fj5Mb2Ta0Ge7Ni9Q2xw',
    },
  },
  set_webhook_signing_secret: {
    input: {
      canvasId: CANVAS,
      triggerNodeId: 'hook',
      scheme: 'stripe',
      secret: 'whsec_3f9c1a7e5b2d4c6e8f0a1b2c3d4e5f60',
    },
    status: 200,
    output: {
      canvasId: CANVAS,
      triggerNodeId: 'hook',
      signingSecrets: {
        github: { source: 'trigger' },
        stripe: { source: 'provider', hint: 'whsec_…5f60', setAt: '2026-11-24T09:30:00.000Z' },
        shopify: { source: 'trigger' },
        'standard-webhooks': { source: 'trigger' },
      },
    },
  },
  generate_video_provider_one: {
    input: {
      canvasId: CANVAS,
      prompt: 'A lighthouse at dusk, waves rolling in, slow dolly forward',
      model: 'veo-3.1-generate-preview',
      imageUrl: INLINE_IMAGE,
      lastFrameUrl: INLINE_IMAGE,
      modelParams: { duration: 8, resolution: '1080p', negative_prompt: 'text overlays', seed: 7 },
    },
    status: 202,
    output: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9b',
      status: 'running',
      provider: 'provider-one',
      model: 'veo-3.1-generate-preview',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 10,
      dropped: ['modelParams.seed'],
      heldSeconds: 8,
      error: null,
      statusToken:
        'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0.b4Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xd',
      statusTokenExpiresAt: '2026-11-25T09:30:00.000Z',
    },
  },
  get_video_job_provider_one: {
    input: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9b',
      statusToken:
        'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0.b4Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xd',
    },
    status: 200,
    output: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9b',
      status: 'running',
      provider: 'provider-one',
      model: 'veo-3.1-generate-preview',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 10,
      dropped: ['modelParams.seed'],
      heldSeconds: 8,
      error: null,
    },
  },
  generate_video_provider_two: {
    input: {
      canvasId: CANVAS,
      prompt: 'A lighthouse at dusk, waves rolling in, slow dolly forward',
      endpointId: 'fal-ai/kling-video/v3/pro/image-to-video',
      imageUrl: INLINE_IMAGE,
      modelParams: { duration: 5, generate_audio: false, seed: 7 },
    },
    status: 202,
    output: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9a',
      status: 'running',
      provider: 'provider-two',
      model: 'fal-ai/kling-video/v3/pro/image-to-video',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 5,
      dropped: ['modelParams.seed'],
      heldSeconds: 5,
      error: null,
      statusToken:
        'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0.q7Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xc',
      statusTokenExpiresAt: '2026-11-25T09:30:00.000Z',
    },
  },
  get_video_job_provider_two: {
    input: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9a',
      statusToken:
        'eyJ3Ijoid3NfMDFqZDh4M3EydjVrN205cDFyM3Q1dzd5OWEiLCJjIjoiY252XzAxamQ4eDNxMnY1azdtOXAxcjN0NXc3eTlhIn0.q7Kx1cK0pV1iQ8dZsE3nM5yH2fLr9tBa6wUe4oJg0Xc',
    },
    status: 200,
    output: {
      jobId: 'vjb_01jd8x3q2v5k7m9p1r3t5w7y9a',
      status: 'succeeded',
      provider: 'provider-two',
      model: 'fal-ai/kling-video/v3/pro/image-to-video',
      mode: 'image-to-video',
      canvasId: CANVAS,
      pollAfterSeconds: 0,
      dropped: ['modelParams.seed'],
      heldSeconds: 5,
      error: null,
      asset: {
        assetId: 'ast_01jd8x9z1b3d5f7h9k1m3p5r7t',
        kind: 'video',
        contentType: 'video/mp4',
        size: 1843200,
        name: 'video-y9a.mp4',
      },
    },
  },
  generate_audio: {
    input: {
      canvasId: CANVAS,
      mode: 'tts',
      text: 'Welcome to the studio.',
      voice: 'EXAVITQu4vr4xnSDxMaL',
      stability: 0.5,
      speed: 1.5,
    },
    status: 201,
    output: {
      operationId: 'audio:aud_01jd8x3q2v5k7m9p1r3t5w7y9a',
      status: 'succeeded',
      mode: 'tts',
      model: 'multilingual_v2',
      voice: 'EXAVITQu4vr4xnSDxMaL',
      adjusted: ['speed 1.5 → 1.2'],
      error: null,
      asset: {
        assetId: 'ast_01jd8x9z1b3d5f7h9k1m3p5r7t',
        kind: 'audio',
        contentType: 'audio/mpeg',
        size: 40332,
        name: 'tts-p5r7t.mp3',
      },
    },
  },
  revoke_webhook: {
    input: { canvasId: CANVAS, triggerNodeId: 'hook' },
    status: 200,
    output: { revoked: true, wasRegistered: true, canvasId: CANVAS, triggerNodeId: 'hook' },
  },
  get_workspace: { input: {}, status: 200, output: { id: WORKSPACE, name: 'Acme', createdAt: AT, updatedAt: AT } },
  list_workspace_members: {
    input: { limit: 50 },
    status: 200,
    output: {
      items: [{ userId: 'usr_01jd8x2a4c6e8g0j2l4n6q8s0u', email: 'ops@acme.example', role: 'owner', joinedAt: AT }],
      nextCursor: null,
    },
  },
  invite_member: {
    input: { email: 'dana@acme.example', role: 'editor' },
    status: 201,
    output: {
      id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a',
      email: 'dana@acme.example',
      role: 'editor',
      expiresAt: '2026-11-30T20:00:00.000Z',
      inviteUrl: 'http://127.0.0.1:3000/oauth/invite/Qm9vdHN0cmFwSW52aXRlVG9rZW4xMjM0NTY',
    },
  },
  revoke_invite: {
    input: { id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a' },
    status: 200,
    output: { id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a', revoked: true },
  },
  remove_member: {
    input: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b' },
    status: 200,
    output: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', removed: true },
  },
  // Tool only (no route): kept here so every operation's example is checked against its schemas.
  change_member_role: {
    input: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', role: 'viewer' },
    status: 200,
    output: {
      workspaceId: WORKSPACE,
      userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b',
      email: 'kai@acme.example',
      role: 'viewer',
      joinedAt: AT,
    },
  },
  rename_workspace: {
    input: { name: 'Acme Studio' },
    status: 200,
    output: { id: WORKSPACE, name: 'Acme Studio', createdAt: AT, updatedAt: LATER },
  },
  list_api_keys: { input: { limit: 50 }, status: 200, output: { items: [key], nextCursor: null } },
  create_api_key: {
    input: { name: 'ci', scopes: ['read:canvases'], expiresInDays: 30 },
    status: 201,
    output: { ...key, key: 'workspace_Ab3dEf6hJk9mNp2rSt5vWx8zYb1cDe4g' },
  },
  revoke_api_key: { input: { id: key.id }, status: 200, output: { ...key, status: 'revoked', revokedAt: LATER } },
  verify_key: {
    input: {},
    status: 200,
    output: { workspaceId: WORKSPACE, scopes: ['read:canvases', 'run:workflows'], keyId: key.id },
  },
  // Credits
  get_credit_balance: { input: {}, status: 200, output: creditBalance },
  list_credit_transactions: {
    input: { limit: 2 },
    status: 200,
    output: { items: [usageTransaction, purchaseTransaction], nextCursor: 'eyJQSyI6IldTI3dzXzAxIn0' },
  },
  get_billing_summary: {
    input: { limit: 2 },
    status: 200,
    output: {
      ...creditBalance,
      recentTransactions: [usageTransaction, purchaseTransaction],
      nextCursor: 'eyJQSyI6IldTI3dzXzAxIn0',
    },
  },
  // Assets (functions/routes/assets)
  list_canvas_assets: {
    input: { canvasId: CANVAS, limit: 50 },
    status: 200,
    output: { items: [canvasAsset], nextCursor: null },
  },
  reserve_canvas_upload: {
    input: { canvasId: CANVAS, name: 'intro.mp4', contentType: 'video/mp4', size: 5242880, sha256: ASSET_SHA256 },
    status: 201,
    output: reserved,
  },
  verify_canvas_upload: {
    input: { uploadId: UPLOAD },
    status: 200,
    output: {
      uploadId: UPLOAD,
      assetId: ASSET,
      ready: true,
      received: true,
      size: 5242880,
      contentType: 'video/mp4',
      sha256: ASSET_SHA256,
      problems: [],
    },
  },
  finalize_canvas_upload: {
    input: { uploadId: UPLOAD, canvasId: CANVAS, nodeId: 'tpl' },
    status: 201,
    output: canvasAsset,
  },
  cancel_canvas_upload: { input: { uploadId: UPLOAD }, status: 200, output: { cancelled: true, uploadId: UPLOAD } },
  promote_canvas_asset: {
    input: { assetId: ASSET, folder: '/brand', tags: ['intro'] },
    status: 200,
    output: libraryAsset,
  },
  list_assets: {
    input: { limit: 50, folder: '/brand', kind: 'video' },
    status: 200,
    output: { items: [libraryAsset], nextCursor: null },
  },
  get_asset: {
    input: { assetId: ASSET },
    status: 200,
    output: {
      ...libraryAsset,
      downloadUrl: `https://media.s3.amazonaws.com/assets/${WORKSPACE}/${ASSET}?X-Amz-Expires=300&X-Amz-Signature=…`,
      downloadUrlExpiresAt: LATER,
    },
  },
  get_asset_usages: {
    input: { assetId: ASSET },
    status: 200,
    output: {
      assetId: ASSET,
      usages: [{ canvasId: CANVAS, canvasName: 'Hello flow', nodeIds: ['tpl'], attached: true }],
      templates: [{ templateId: TEMPLATE, templateName: 'Hello flow template', nodeIds: ['tpl'] }],
    },
  },
  reserve_asset_upload: {
    input: {
      name: 'intro.mp4',
      contentType: 'video/mp4',
      size: 5242880,
      sha256: ASSET_SHA256,
      folder: '/brand',
      tags: ['intro'],
    },
    status: 201,
    output: reserved,
  },
  finalize_asset_upload: {
    input: { uploadId: UPLOAD },
    status: 201,
    output: { ...libraryAsset, canvasId: null, version: 1 },
  },
  cancel_asset_upload: { input: { uploadId: UPLOAD }, status: 200, output: { cancelled: true, uploadId: UPLOAD } },
  rename_asset: {
    input: { assetId: ASSET, name: 'intro-v2.mp4' },
    status: 200,
    output: { ...libraryAsset, name: 'intro-v2.mp4', version: 3 },
  },
  move_asset: {
    input: { assetId: ASSET, folder: '/brand/video' },
    status: 200,
    output: { ...libraryAsset, folder: '/brand/video', version: 3 },
  },
  tag_asset: {
    input: { assetId: ASSET, add: ['launch'], remove: ['intro'] },
    status: 200,
    output: { ...libraryAsset, tags: ['launch'], version: 3 },
  },
  place_asset: {
    input: { assetId: ASSET, canvasId: CANVAS, nodeId: 'tpl' },
    status: 200,
    output: { assetId: ASSET, canvasId: CANVAS, nodeId: 'tpl', canvasVersion: 4 },
  },
  trash_asset: { input: { assetId: ASSET }, status: 200, output: { ...libraryAsset, trashedAt: LATER, version: 3 } },
  restore_asset: { input: { assetId: ASSET }, status: 200, output: { ...libraryAsset, version: 4 } },
  purge_asset: {
    input: { assetId: ASSET, force: false },
    status: 200,
    output: { purged: true, assetId: ASSET, usagesLeft: 0 },
  },
  ...INTEGRATION_EXAMPLES,
};
