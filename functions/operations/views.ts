// operations: the output schemas — what each operation answers, for the tool's outputSchema and the
// OpenAPI document. Loose objects: they name and describe what a client can rely on, and let the
// domain add a field without breaking a client that validates.
import * as z from '#core/schema';

const text = (description: string) => z.string().check(z.describe(description));
const timestamp = (description: string) => z.string().check(z.describe(`${description} (ISO 8601, UTC)`));
const nullableTimestamp = (description: string) =>
  z.optional(z.nullable(z.string())).check(z.describe(`${description} (ISO 8601, UTC); null or absent until then`));

/** `{ items, nextCursor }`: the list convention of every operation. */
export function pageOf<T extends z.ZodMiniType>(item: T, what: string) {
  return z.looseObject({
    items: z.array(item).check(z.describe(`${what}, in a stable order`)),
    nextCursor: z
      .nullable(z.string())
      .check(z.describe('Pass as `cursor` to get the next page; null on the last page')),
  });
}

export const CanvasSummaryView = z.looseObject({
  id: text('Canvas id'),
  name: text('Canvas name'),
  workspaceId: text('Workspace the canvas belongs to'),
  version: z.number().check(z.describe('Bumped by every write (see expectedVersion)')),
  archived: z.boolean().check(z.describe('Hidden from lists, refuses edits until restored')),
  createdAt: timestamp('Created'),
  updatedAt: timestamp('Last changed'),
});

export const NodeView = z.looseObject({
  id: text('Node id (client id)'),
  type: text('Node type (see get_port_manifest)'),
  position: z.looseObject({ x: z.number(), y: z.number() }).check(z.describe('Top-left corner on the canvas')),
  data: z.record(z.string(), z.unknown()).check(z.describe('Settings (shape per type: get_port_manifest)')),
});

export const EdgeView = z.looseObject({
  id: text('Edge id'),
  source: text('Source node id'),
  sourceHandle: text('Output port of the source node'),
  target: text('Target node id'),
  targetHandle: text('Input port of the target node'),
});

export const CanvasView = z.looseObject({
  ...CanvasSummaryView.shape,
  viewport: z.looseObject({ x: z.number(), y: z.number(), zoom: z.number() }).check(z.describe('Saved viewport')),
  nodes: z.array(NodeView).check(z.describe('Nodes; webhook-trigger nodes carry a `webhook` status row')),
  edges: z.array(EdgeView).check(z.describe('Edges, each from an output port to an input port')),
});

const editedCanvas = {
  canvasId: text('Canvas the edit applied to'),
  canvasVersion: z.number().check(z.describe('The canvas version after the edit')),
};
export const NodeEditView = z.looseObject({ ...NodeView.shape, ...editedCanvas });
export const EdgeEditView = z.looseObject({ ...EdgeView.shape, ...editedCanvas });
export const ViewportEditView = z.looseObject({
  viewport: z.looseObject({ x: z.number(), y: z.number(), zoom: z.number() }).check(z.describe('The new viewport')),
  ...editedCanvas,
});
export const DeletedView = z.looseObject({
  deleted: z.literal(true).check(z.describe('Always true: the thing is gone')),
  id: text('Id of what was deleted'),
  removedEdgeIds: z.optional(z.array(z.string()).check(z.describe('Edges removed with a deleted node'))),
  canvasId: z.optional(text('Canvas the deletion applied to')),
  canvasVersion: z.optional(z.number().check(z.describe('The canvas version after the deletion'))),
});
export const PatchView = z.looseObject({
  ...editedCanvas,
  results: z.array(z.record(z.string(), z.unknown())).check(z.describe('One result per operation, in order')),
  canvas: CanvasView,
});
/** A port as the catalogue defines it (functions/core/canvas/node-types.ts PortDefinition). */
const PortView = z.looseObject({
  name: text('The handle an edge names'),
  type: z.string(),
  label: z.string(),
  multiple: z.optional(z.boolean()),
  optional: z.optional(z.boolean()),
  mimeType: z.optional(z.string()),
});
export const PortManifestView = z.looseObject({
  portTypes: z.array(z.string()).check(z.describe('Port value types')),
  compatibility: z
    .record(z.string(), z.array(z.string()))
    .check(z.describe('For each input port type, the output port types that may feed it')),
  nodeTypes: z
    .array(
      z.looseObject({
        type: text('Node type id'),
        available: z
          .boolean()
          .check(
            z.describe(
              'False for node types this deployment cannot run yet: they may be placed and connected, but a run that reaches one is refused',
            ),
          ),
        unavailableReason: z.optional(text('Why the node type cannot run yet (only when available is false)')),
        label: z.string(),
        category: z.string(),
        description: z.string(),
        trigger: z.boolean(),
        inputs: z.array(PortView),
        outputs: z.array(PortView),
        dataSchema: z.record(z.string(), z.unknown()),
      }),
    )
    .check(z.describe('Every node type with its ports and the JSON Schema of its data')),
});
export const EdgeValidationView = z.looseObject({
  valid: z.literal(true).check(z.describe('The edge fits; otherwise the call fails saying why')),
  warnings: z
    .array(
      z.looseObject({
        nodeId: text('The node concerned'),
        code: text('What kind of warning, e.g. node-unavailable'),
        message: text('What is wrong and what it means for a run'),
      }),
    )
    .check(z.describe('What does not stop the edge but will matter when the canvas runs (as get_canvas warns)')),
});

const warningItem = z.looseObject({
  nodeId: text('The node concerned'),
  code: text(
    'node-unavailable, template-variable, source-empty, expression-invalid, wait-unset, code-syntax or call-invalid',
  ),
  message: text('What is wrong and what it means for a run'),
});
export const CanvasStateView = z.looseObject({
  ...CanvasView.shape,
  warnings: z.optional(
    z
      .array(warningItem)
      .check(
        z.describe(
          'Per node, what does not stop an edit but will matter when it runs (a run of an invalid expression is refused)',
        ),
      ),
  ),
});
export const CanvasCostEstimateView = z.looseObject({
  canvasId: text('Canvas estimated'),
  canvasVersion: z.number().check(z.describe('The canvas version the estimate is of')),
  nodes: z
    .array(
      z.looseObject({
        nodeId: text('The generation node'),
        type: text('Its node type'),
        credits: z
          .nullable(z.number())
          .check(
            z.describe(
              'Credits one run of the node is charged at most (the credits it holds); null when only the run can know (see reason)',
            ),
          ),
        sku: text('The priced operation, e.g. video.generate'),
        priceModel: z.optional(
          text(
            "The price list's model: a video model's price class (standard, fast, professional, *) or a speech model",
          ),
        ),
        unit: text('The price unit, e.g. Seconds'),
        unitPrice: z.number().check(z.describe('Credits per started unit')),
        quantity: z.optional(
          z.number().check(z.describe('Units a run is priced for, e.g. seconds of video asked for')),
        ),
        reason: z.optional(text('Why credits is null: what the cost depends on, or why a run would be refused')),
      }),
    )
    .check(z.describe('One estimate per metered (generation) node, in node order')),
  totalCredits: z.number().check(z.describe('Sum of the known estimates')),
  complete: z.boolean().check(z.describe('False when a node is priced only at run time: totalCredits leaves it out')),
});

const executionStatus = z
  .enum(['queued', 'running', 'succeeded', 'failed', 'cancelled'])
  .check(z.describe('queued → running → succeeded | failed | cancelled'));
export const ExecutionSummaryView = z.looseObject({
  executionId: text('Execution id (exec_…)'),
  canvasId: text('Canvas that ran'),
  triggerNodeId: text('Trigger node the run started from'),
  trigger: z
    .looseObject({
      kind: z
        .enum(['api', 'replay', 'webhook', 'published'])
        .check(
          z.describe(
            "api: POST /api/run; replay: replay_execution; webhook: its URL called; published: a server's tool",
          ),
        ),
      replayOf: z.optional(text('For a replay: the execution it reran')),
      serverId: z.optional(text('For published: the server (psv_…)')),
      request: z.optional(
        z.unknown().check(z.describe("Webhook runs, snapshot only: the request as the trigger's ports carry it")),
      ),
    })
    .check(z.describe('What started the run (lists leave out a webhook request)')),
  status: executionStatus,
  createdAt: timestamp('Accepted'),
  startedAt: nullableTimestamp('Started'),
  finishedAt: nullableTimestamp('Reached a terminal status'),
});
export const ExecutionSnapshotView = z.looseObject({
  ...ExecutionSummaryView.shape,
  // Loose, and node statuses (skipped included) are told in docs/runs.md: tools/list has a byte budget.
  nodes: z.record(z.string(), z.unknown()).check(z.describe('Per node: status, timings, error')),
  outputs: z
    .record(z.string(), z.unknown())
    .check(z.describe('Per node, per output port: the value (large values as a download URL)')),
  result: z.optional(z.unknown()).check(z.describe('What the output nodes received, once succeeded')),
  error: z.optional(z.unknown()).check(z.describe('Why the run failed, when it did')),
});
export const RunAnswerView = z.looseObject({
  executionId: text('Execution id (exec_…): poll it with get_execution'),
  ok: z.optional(z.boolean().check(z.describe('True when the run was accepted'))),
  status: z.optional(executionStatus),
  pending: z.optional(z.boolean().check(z.describe('True when the wait ended before the run did'))),
  replayed: z.optional(
    z
      .literal(true)
      .check(
        z.describe(
          'Present on a replay: this run was accepted before for the same request (same or derived idempotency key)',
        ),
      ),
  ),
  message: z.optional(text('What to do next')),
});
export const TimelineView = z.looseObject({
  executionId: text('Execution id'),
  status: executionStatus,
  events: z
    .array(
      z.looseObject({
        at: timestamp('When'),
        type: text('Event type, e.g. node.succeeded, node.skipped'),
        nodeId: z.optional(text('Node concerned')),
      }),
    )
    .check(z.describe('Events in the order they happened')),
});
export const OutputsView = z.looseObject({
  executionId: text('Execution id'),
  status: executionStatus,
  result: z.optional(z.unknown()).check(z.describe('What the output nodes received')),
  outputs: z
    .record(z.string(), z.unknown())
    .check(z.describe('Per node, per output port: the value (large values as a download URL)')),
});

export const KeyView = z.looseObject({
  id: text('Key id (key_…)'),
  name: text('Name given at creation'),
  prefix: text('First characters of the key, to recognise it'),
  scopes: z.array(z.string()).check(z.describe('Scopes the key holds')),
  status: z.enum(['active', 'expired', 'revoked']).check(z.describe('Whether the key still authenticates')),
  createdAt: timestamp('Created'),
  expiresAt: nullableTimestamp('Expires'),
  revokedAt: nullableTimestamp('Revoked'),
});
export const CreatedKeyView = z.looseObject({
  ...KeyView.shape,
  key: text('The full key: shown in this answer only, store it now'),
});
export const IdentityView = z.looseObject({
  workspaceId: text('Workspace the credential belongs to'),
  scopes: z.array(z.string()).check(z.describe('Effective scopes of the credential')),
  keyId: text('Id of the key (or of the OAuth grant) that authenticated'),
});

export const WorkspaceView = z.looseObject({
  id: text('Workspace id'),
  name: text('Workspace name'),
  createdAt: timestamp('Created'),
  updatedAt: timestamp('Last changed'),
});
export const MemberView = z.looseObject({
  userId: text('User id'),
  email: text('Email address'),
  role: z.enum(['owner', 'admin', 'editor', 'viewer']).check(z.describe('Role in the workspace')),
  joinedAt: timestamp('Joined'),
});

export const WebhookRegistrationView = z.looseObject({
  webhookUrl: text('URL other systems call (ends with /webhook/trigger)'),
  webhookSecret: text("The trigger's secret; send it as a Bearer token or x-webhook-secret"),
  webhookAuthorizationHeader: text('A ready Authorization header value'),
  triggerNodeId: text('The webhook-trigger node'),
  created: z.boolean().check(z.describe('True when newly created; false when the existing registration was returned')),
  signedUrls: z
    .looseObject({
      github: text('URL for GitHub: set webhookSecret as its secret; deliveries are checked by X-Hub-Signature-256'),
      stripe: text('URL for Stripe-signed deliveries (Stripe-Signature, signed with webhookSecret)'),
      shopify: text('URL for Shopify-signed deliveries (X-Shopify-Hmac-Sha256, signed with webhookSecret)'),
      'standard-webhooks': text(
        'URL for Standard Webhooks / Svix senders (webhook-signature, signed with standardWebhooksSecret)',
      ),
    })
    .check(z.describe("URLs that authenticate a delivery by its provider's signature instead of a secret header")),
  standardWebhooksSecret: text(
    'webhookSecret in the Standard Webhooks spelling (whsec_ + base64), for Standard Webhooks senders',
  ),
});
const SigningSecretSourceView = z
  .looseObject({
    source: z
      .enum(['trigger', 'provider'])
      .check(
        z.describe(
          "trigger: deliveries are verified with the trigger's own secret (webhookSecret); provider: with the stored provider secret",
        ),
      ),
    hint: z.optional(text('Masked form of the stored provider secret, e.g. whsec_…a1b2')),
    setAt: z.optional(text('When the provider secret was stored (ISO 8601)')),
  })
  .check(z.describe("Which secret verifies this scheme's signed URL"));
export const WebhookSigningSecretsView = z.looseObject({
  canvasId: text('Canvas of the trigger'),
  triggerNodeId: text('The webhook-trigger node'),
  signingSecrets: z
    .looseObject({
      github: SigningSecretSourceView,
      stripe: SigningSecretSourceView,
      shopify: SigningSecretSourceView,
      'standard-webhooks': SigningSecretSourceView,
    })
    .check(z.describe('Per signature scheme, which secret verifies its signed URL')),
});
export const WebhookRevocationView = z.looseObject({
  revoked: z.literal(true).check(z.describe('The endpoint and its secret are gone; calls now get 404')),
  wasRegistered: z
    .boolean()
    .check(
      z.describe(
        'False when the node had no endpoint (never registered, or revoked before): revoking again is harmless',
      ),
    ),
  canvasId: text('Canvas of the trigger'),
  triggerNodeId: text('The webhook-trigger node'),
});
