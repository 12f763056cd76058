// openapi: one hand-written example per operation — its input (query or body) and the answer it gets,
// with the status that answer comes with. Kept apart from the operations so that they stay what the
// gateway needs; test/unit/openapi checks that every operation has one and that each example passes the
// operation's own zod schemas and the JSON Schemas the document publishes.

export interface OperationExample {
  /** Query parameters of a GET route, the JSON body otherwise. */
  readonly input: Record<string, unknown>;
  /** Success status of this answer (the route's: 201 for creations, 202 for accepted runs). */
  readonly status: 200 | 201 | 202;
  readonly output: Record<string, unknown>;
  /** A second success answer of the same route, with its own status (e.g. a sync run's 200). */
  readonly also?: { readonly status: 200 | 201 | 202; readonly description: string; readonly output: Record<string, unknown> };
}

const WORKSPACE = 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a';
const CANVAS = 'cnv_01jd8x4b6c8e0g2j4l6n8q0s2u';
const EXECUTION = 'exec_01jd8x5d7f9h1k3m5p7r9t1v3x';
const AT = '2026-11-23T20:00:00.000Z';
const LATER = '2026-11-23T20:00:02.000Z';

const summary = { id: CANVAS, name: 'Hello flow', workspaceId: WORKSPACE, version: 3, archived: false, createdAt: AT, updatedAt: LATER };
const promptNode = { id: 'prompt', type: 'prompt', position: { x: 0, y: 0 }, data: { prompt: 'Hello' } };
const textNode = { id: 'tpl', type: 'text', position: { x: 400, y: 0 }, data: { template: 'You said: {{input}}' } };
const edge = { id: 'edge_prompt_tpl', source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' };
const canvas = { ...summary, viewport: { x: 0, y: 0, zoom: 1 }, nodes: [promptNode, textNode], edges: [edge] };
const executionSummary = { executionId: EXECUTION, canvasId: CANVAS, triggerNodeId: 'prompt', trigger: { kind: 'api' }, status: 'succeeded', createdAt: AT, startedAt: AT, finishedAt: LATER };
const snapshot = {
  ...executionSummary,
  nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'succeeded' } },
  outputs: { tpl: { 'text-out': 'You said: hi' } },
  result: { out: 'You said: hi' },
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
/** A snapshot of a run that has not finished: no result yet. */
const { result: _result, ...unfinished } = snapshot;

export const EXAMPLES: Readonly<Record<string, OperationExample>> = {
  list_canvases: { input: { limit: 20 }, status: 200, output: { items: [summary], nextCursor: null } },
  get_canvas: { input: { canvasId: CANVAS }, status: 200, output: canvas },
  get_port_manifest: {
    input: {},
    status: 200,
    output: {
      portTypes: ['text', 'video', 'audio', 'any'],
      compatibility: { text: ['text', 'any'] },
      nodeTypes: [
        { type: 'text', available: true, inputs: [{ id: 'text-in', type: 'text' }], outputs: [{ id: 'text-out', type: 'text' }] },
        {
          type: 'audio-generation',
          available: false,
          unavailableReason: 'Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
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
          message: 'Node voice (audio-generation): Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
        },
      ],
    },
  },
  create_canvas: { input: { name: 'Hello flow' }, status: 201, output: { ...canvas, version: 1, nodes: [], edges: [], updatedAt: AT } },
  rename_canvas: { input: { canvasId: CANVAS, name: 'Greeting flow', expectedVersion: 3 }, status: 200, output: { ...summary, name: 'Greeting flow', version: 4 } },
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
      results: [{ op: 'node/add', id: 'hook' }, { op: 'node/move', id: 'tpl' }],
      canvas: { ...canvas, version: 4, nodes: [promptNode, { ...textNode, position: { x: 500, y: 100 } }, { id: 'hook', type: 'webhook-trigger', position: { x: 0, y: 0 }, data: {} }] },
    },
  },
  add_node: { input: { canvasId: CANVAS, id: 'tpl', type: 'text', position: { x: 400, y: 0 }, data: { template: 'You said: {{input}}' } }, status: 201, output: { ...textNode, ...edit } },
  update_node: { input: { canvasId: CANVAS, nodeId: 'tpl', data: { template: 'Echo: {{input}}' } }, status: 200, output: { ...textNode, data: { template: 'Echo: {{input}}' }, ...edit } },
  write_node_document: {
    input: { canvasId: CANVAS, nodeId: 'tpl', content: '# Notes\nGreets the caller.', format: 'markdown' },
    status: 200,
    output: { ...textNode, data: { ...textNode.data, document: { content: '# Notes\nGreets the caller.', format: 'markdown' } }, ...edit },
  },
  move_node: { input: { canvasId: CANVAS, nodeId: 'tpl', position: { x: 500, y: 100 } }, status: 200, output: { ...textNode, position: { x: 500, y: 100 }, ...edit } },
  resize_node: { input: { canvasId: CANVAS, nodeId: 'tpl', size: { width: 320, height: 200 } }, status: 200, output: { ...textNode, size: { width: 320, height: 200 }, ...edit } },
  delete_node: { input: { canvasId: CANVAS, nodeId: 'tpl' }, status: 200, output: { deleted: true, id: 'tpl', removedEdgeIds: [edge.id], ...edit } },
  add_edge: {
    input: { canvasId: CANVAS, source: 'prompt', sourceHandle: 'prompt-out', target: 'tpl', targetHandle: 'text-in' },
    status: 201,
    output: { ...edge, ...edit },
  },
  delete_edge: { input: { canvasId: CANVAS, edgeId: edge.id }, status: 200, output: { deleted: true, id: edge.id, ...edit } },
  fit_canvas_viewport: { input: { canvasId: CANVAS, width: 1280, height: 800 }, status: 200, output: { viewport: { x: 40, y: 300, zoom: 1 }, ...edit } },
  archive_canvas: { input: { canvasId: CANVAS }, status: 200, output: { ...summary, archived: true, version: 4 } },
  restore_canvas: { input: { canvasId: CANVAS }, status: 200, output: { ...summary, version: 5 } },
  delete_canvas: { input: { canvasId: CANVAS }, status: 200, output: { deleted: true, id: CANVAS } },
  run_workflow: {
    input: { canvasId: CANVAS, triggerNodeId: 'prompt', inputs: { prompt: 'hi' } },
    status: 202,
    output: { ok: true, executionId: EXECUTION, status: 'queued', message: `Poll GET /api/executions?executionId=${EXECUTION}` },
    also: { status: 200, description: 'With sync: the finished execution, or pending when the wait ended first', output: snapshot },
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
  get_execution_outputs: { input: { executionId: EXECUTION }, status: 200, output: { executionId: EXECUTION, status: 'succeeded', result: snapshot.result, outputs: snapshot.outputs } },
  list_canvas_executions: { input: { canvasId: CANVAS, limit: 10 }, status: 200, output: { items: [executionSummary], nextCursor: null } },
  cancel_execution: {
    input: { executionId: EXECUTION },
    status: 200,
    output: { ...unfinished, status: 'cancelled', outputs: {}, nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'cancelled' } } },
  },
  replay_execution: {
    input: { executionId: EXECUTION, idempotencyKey: 'replay-2026-11-23-1' },
    status: 202,
    output: { ok: true, executionId: 'exec_01jd8x7f9h1k3m5p7r9t1v3x5z', status: 'queued', message: 'Replaying exec_01jd8x5d7f9h1k3m5p7r9t1v3x' },
  },
  redrive_execution: {
    input: { executionId: EXECUTION },
    status: 202,
    output: { ...unfinished, status: 'running', finishedAt: null, outputs: {}, nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'running' } } },
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
      signedUrls: { github: 'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d', stripe: 'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d', shopify: 'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d', 'standard-webhooks': 'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d' },
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
        signedUrls: { github: 'http://127.0.0.1:3001/webhook/trigger?verify=github&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d', stripe: 'http://127.0.0.1:3001/webhook/trigger?verify=stripe&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d', shopify: 'http://127.0.0.1:3001/webhook/trigger?verify=shopify&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d', 'standard-webhooks': 'http://127.0.0.1:3001/webhook/trigger?verify=standard-webhooks&hook=3b9c1f0e7a2d4c6b8e0f1a3c5e7b9d1f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2d' },
        standardWebhooksSecret: 'whsec_9fQ2mX7kP4tR8vW1yZ3bC6dF0gH5jL2n',
      },
    },
  },
  revoke_webhook: { input: { canvasId: CANVAS, triggerNodeId: 'hook' }, status: 200, output: { revoked: true, wasRegistered: true, canvasId: CANVAS, triggerNodeId: 'hook' } },
  get_workspace: { input: {}, status: 200, output: { id: WORKSPACE, name: 'Acme', createdAt: AT, updatedAt: AT } },
  list_workspace_members: {
    input: { limit: 50 },
    status: 200,
    output: { items: [{ userId: 'usr_01jd8x2a4c6e8g0j2l4n6q8s0u', email: 'ops@acme.example', role: 'owner', joinedAt: AT }], nextCursor: null },
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
  revoke_invite: { input: { id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a' }, status: 200, output: { id: 'invite_01jd8x8g0j2l4n6q8s0u2w4y6a', revoked: true } },
  remove_member: { input: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b' }, status: 200, output: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', removed: true } },
  // Tool only (no route): kept here so every operation's example is checked against its schemas.
  change_member_role: {
    input: { userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', role: 'viewer' },
    status: 200,
    output: { workspaceId: WORKSPACE, userId: 'usr_01jd8x9h1k3m5p7r9t1v3x5z7b', email: 'kai@acme.example', role: 'viewer', joinedAt: AT },
  },
  rename_workspace: { input: { name: 'Acme Studio' }, status: 200, output: { id: WORKSPACE, name: 'Acme Studio', createdAt: AT, updatedAt: LATER } },
  list_api_keys: { input: { limit: 50 }, status: 200, output: { items: [key], nextCursor: null } },
  create_api_key: {
    input: { name: 'ci', scopes: ['read:canvases'], expiresInDays: 30 },
    status: 201,
    output: { ...key, key: 'workspace_Ab3dEf6hJk9mNp2rSt5vWx8zYb1cDe4g' },
  },
  revoke_api_key: { input: { id: key.id }, status: 200, output: { ...key, status: 'revoked', revokedAt: LATER } },
  verify_key: { input: {}, status: 200, output: { workspaceId: WORKSPACE, scopes: ['read:canvases', 'run:workflows'], keyId: key.id } },
};
