// use cases: register, revoke and call webhook triggers; status rows for canvas state.
import { NotFoundError, RateLimitedError, ValidationError } from '../errors.ts';
import { telemetry } from '../telemetry.ts';
import type { Clock } from '../clock.ts';
import type { Canvas, CanvasNode } from '../canvas/model.ts';
import type { Principal } from '../keys/api-key.ts';
import type { CanvasRepository, ExecutionStatusReader, RateLimiter, WebhookRepository } from '../ports.ts';
import { createHash } from 'node:crypto';
import { canonicalJson } from '../runs/idempotency.ts';
import { acceptRun, TriggerGoneError, type Accepted, type RunDeps } from '../runs/use-cases.ts';
import { statusRow, type WebhookStatusRow, type WebhookTrigger } from './model.ts';
import {
  BODY_ONLY_SCHEMES,
  parseWebhookBody,
  signedBodyIdempotency,
  triggerPorts,
  webhookIdempotency,
  webhookSecretOf,
  type WebhookCall,
} from './request.ts';
import { deriveWebhookSecret, hashWebhookSecret, newSalt } from './secrets.ts';
import type { CredentialCipher } from '../integrations/ports.ts';
import { verifyingSecret } from './signing-secrets.ts';
import {
  signedUrls,
  signedVariantOf,
  standardWebhooksSecret,
  webhookUrlOf,
  type SignatureScheme,
  type SignatureVerifiers,
} from './signatures.ts';

export interface WebhookDeps {
  webhooks: WebhookRepository;
  canvases: Pick<CanvasRepository, 'get'>;
  clock: Clock;
  /** The service's webhook key (see secrets.ts). */
  serviceKey: () => Promise<string>;
  /** Origin of the base host, for webhookUrl. */
  publicBaseUrl: string;
}

export interface Registration {
  webhookUrl: string;
  webhookSecret: string;
  webhookAuthorizationHeader: string;
  triggerNodeId: string;
  canvasId: string;
  created: boolean;
  /** URLs that authenticate a delivery by its provider's signature, made with webhookSecret (signatures.ts). */
  signedUrls: Record<SignatureScheme, string>;
  /** webhookSecret spelled as Standard Webhooks senders expect it (standard base64). */
  standardWebhooksSecret: string;
}

async function registration(trigger: WebhookTrigger, created: boolean, deps: WebhookDeps): Promise<Registration> {
  const webhookSecret = deriveWebhookSecret(await deps.serviceKey(), trigger);
  const webhookUrl = webhookUrlOf(deps.publicBaseUrl);
  return {
    webhookUrl,
    webhookSecret,
    webhookAuthorizationHeader: `Bearer ${webhookSecret}`,
    triggerNodeId: trigger.triggerNodeId,
    canvasId: trigger.canvasId,
    created,
    signedUrls: signedUrls(webhookUrl, trigger.secretHash),
    standardWebhooksSecret: standardWebhooksSecret(webhookSecret),
  };
}

/** Creates the trigger of a webhook-trigger node, or retrieves the existing one (`created: false`). */
export async function registerWebhook(
  principal: Principal,
  input: { canvasId: string; triggerNodeId: string },
  deps: WebhookDeps,
): Promise<Registration> {
  const canvas = await deps.canvases.get(principal.workspaceId, input.canvasId);
  if (!canvas) throw new NotFoundError(`Canvas ${input.canvasId} not found`);
  const node = canvas.nodes.find((candidate) => candidate.id === input.triggerNodeId);
  if (!node) throw new NotFoundError(`Node ${input.triggerNodeId} not found on this canvas`);
  if (node.type !== 'webhook-trigger') {
    throw new ValidationError(`Node ${node.id} is a ${node.type} node; only webhook-trigger nodes can have a webhook`);
  }
  const existing = await deps.webhooks.get(principal.workspaceId, canvas.id, node.id);
  if (existing) return registration(existing, false, deps);

  const salt = newSalt();
  const identity = { workspaceId: principal.workspaceId, canvasId: canvas.id, triggerNodeId: node.id, salt };
  const trigger: WebhookTrigger = {
    ...identity,
    secretHash: hashWebhookSecret(deriveWebhookSecret(await deps.serviceKey(), identity)),
    createdAt: deps.clock.now().toISOString(),
    lastTriggeredAt: null,
    lastExecutionId: null,
  };
  const created = await deps.webhooks.create(trigger);
  return created.created ? registration(trigger, true, deps) : registration(created.existing, false, deps);
}

/**
 * Removes the trigger and its secret at once; the node is Not configured again. Like revoking a key, revoking again is
 * harmless: a node with
 * no endpoint (never registered, or revoked already) answers the same 200 with `wasRegistered: false`.
 * What does not exist at all — the canvas, or the node on it — is a 404, as an unknown key id is.
 */
export async function revokeWebhook(
  principal: Principal,
  input: { canvasId: string; triggerNodeId: string },
  deps: Pick<WebhookDeps, 'webhooks' | 'canvases'>,
): Promise<{ revoked: true; wasRegistered: boolean; canvasId: string; triggerNodeId: string }> {
  const answer = { revoked: true as const, canvasId: input.canvasId, triggerNodeId: input.triggerNodeId };
  const trigger = await deps.webhooks.get(principal.workspaceId, input.canvasId, input.triggerNodeId);
  if (trigger) {
    await deps.webhooks.delete(trigger);
    return { ...answer, wasRegistered: true };
  }
  // Only on this path is the canvas read: to tell "nothing to revoke" from "no such node".
  const canvas = await deps.canvases.get(principal.workspaceId, input.canvasId);
  if (!canvas) throw new NotFoundError(`Canvas ${input.canvasId} not found`);
  if (!canvas.nodes.some((node) => node.id === input.triggerNodeId))
    throw new NotFoundError(`Node ${input.triggerNodeId} not found on this canvas`);
  return { ...answer, wasRegistered: false };
}

/** Removes the triggers of nodes that were deleted or stopped being webhook-trigger nodes. */
export async function cleanUpTriggers(
  workspaceId: string,
  canvasId: string,
  remaining: Pick<Canvas, 'nodes'> | undefined,
  deps: Pick<WebhookDeps, 'webhooks'>,
): Promise<void> {
  const triggers = await deps.webhooks.listForCanvas(workspaceId, canvasId);
  const stale = triggers.filter((trigger) => {
    const node = remaining?.nodes.find((candidate) => candidate.id === trigger.triggerNodeId);
    // A node created after the registration is a new node under an old id (deleted and re-added).
    return node?.type !== 'webhook-trigger' || Date.parse(node.createdAt) > Date.parse(trigger.createdAt);
  });
  await Promise.all(stale.map((trigger) => deps.webhooks.delete(trigger)));
}

export interface WebhookRateLimit {
  limit: number;
  windowSeconds: number;
}

export type WebhookCallDeps = Pick<WebhookDeps, 'webhooks' | 'serviceKey'> &
  RunDeps & {
    rateLimiter: RateLimiter;
    rateLimit: WebhookRateLimit;
    verifiers: SignatureVerifiers;
    /** Opens provider signing secrets stored on a trigger (signing-secrets.ts). */
    cipher?: CredentialCipher;
  };

type CallingTrigger = Pick<WebhookTrigger, 'workspaceId' | 'canvasId' | 'triggerNodeId' | 'secretHash'>;

/**
 * The trigger a call is for. The plain URL: the secret in a header (1 GetItem by its hash). A signed
 * URL (`?verify=<scheme>&hook=<hash>`): the hash names the trigger (1 GetItem), its record gives the
 * salt (1 GetItem), the secret is derived again and the delivery's signature must match it — or, when
 * the workspace stored the provider's own signing secret for that scheme, match that one instead.
 */
async function authenticateCall(
  call: WebhookCall,
  deps: WebhookCallDeps,
): Promise<{ trigger: CallingTrigger; scheme?: SignatureScheme }> {
  // ?secret= is refused on every URL, signed or not.
  const variant = 'secret' in call.query ? undefined : signedVariantOf(call.query);
  if (!variant) {
    const trigger = await deps.webhooks.findBySecretHash(hashWebhookSecret(webhookSecretOf(call)));
    if (!trigger) throw new NotFoundError('Unknown webhook secret');
    return { trigger };
  }
  const named = await deps.webhooks.findBySecretHash(variant.hook);
  const trigger = named && (await deps.webhooks.get(named.workspaceId, named.canvasId, named.triggerNodeId));
  const secret = trigger ? deriveWebhookSecret(await deps.serviceKey(), trigger) : undefined;
  // A hash that no longer matches (the service key was replaced) is as unknown as a revoked one.
  if (!trigger || !secret || hashWebhookSecret(secret) !== variant.hook) throw new NotFoundError('Unknown webhook');
  // A provider-chosen secret stored for this scheme replaces the trigger's own for it.
  await deps.verifiers[variant.scheme](call, await verifyingSecret(trigger, variant.scheme, secret, deps.cipher));
  return { trigger, scheme: variant.scheme };
}

/**
 * A call to /webhook/trigger: secret → trigger (1 GetItem) → run accepted exactly like POST /api/run,
 * with the request on the trigger node's ports. A call that is not a replay first passes the rate
 * limit (1 conditional UpdateItem); the trigger's last call is recorded alongside StartExecution.
 */
export async function triggerWebhook(
  call: WebhookCall,
  deps: WebhookCallDeps,
  validateCallbackUrl: (raw: string) => Promise<string>,
): Promise<Accepted & { provider?: { name: string; eventId: string } }> {
  const { trigger, scheme } = await authenticateCall(call, deps);
  telemetry.tag({ workspaceId: trigger.workspaceId });

  const body = parseWebhookBody(call);
  const callbackUrl = body.callbackUrl === undefined ? undefined : await validateCallbackUrl(body.callbackUrl);
  // Only what the signature covers may decide whether a delivery is new.
  const idempotency =
    scheme && BODY_ONLY_SCHEMES.has(scheme)
      ? signedBodyIdempotency(call.headers, body, call.body)
      : webhookIdempotency(call.headers, body);

  // Counted only for calls that would start a run: a provider's retry of an accepted delivery is a
  // replay and never answered 429.
  const enforceRateLimit = async () => {
    const limited = await deps.rateLimiter.hit(
      { workspaceId: trigger.workspaceId, name: `webhook#${trigger.canvasId}#${trigger.triggerNodeId}` },
      deps.rateLimit.limit,
      deps.rateLimit.windowSeconds,
      deps.clock.now(),
    );
    if (!limited.allowed) {
      throw new RateLimitedError(
        `Too many calls to this webhook (limit ${deps.rateLimit.limit} per ${deps.rateLimit.windowSeconds} s)`,
        limited.retryAfterSeconds,
      );
    }
  };

  const ports = triggerPorts(call, body.bodyOut);
  // "The same request": method, URL, and body bytes — the secret and volatile headers are not part of it.
  const fingerprint = createHash('sha256')
    .update(canonicalJson({ method: call.method, url: ports['url-out'], body: call.body.toString('base64') }))
    .digest('hex');
  try {
    const accepted = await acceptRun(
      { workspaceId: trigger.workspaceId },
      {
        canvasId: trigger.canvasId,
        triggerNodeId: trigger.triggerNodeId,
        inputs: body.inputs,
        callbackUrl,
        idempotencyKey: idempotency?.key,
      },
      { kind: 'webhook', request: ports },
      deps,
      {
        scope: `webhook:${trigger.canvasId}:${trigger.triggerNodeId}`,
        deriveKey: false,
        fingerprint,
        ttlSeconds: idempotency?.ttlSeconds,
        requireTriggerType: 'webhook-trigger',
        beforeCreate: enforceRateLimit,
        // Alongside StartExecution, not after it: the record costs no latency. It only feeds the status
        // row, so a failure to write it must not fail a call whose run was accepted.
        afterCreate: (executionId) =>
          deps.webhooks
            .recordTriggered(trigger, executionId, deps.clock.now().toISOString())
            .catch((error: unknown) => {
              telemetry.warn('Could not record the trigger call', { executionId, error: String(error) });
            }),
      },
    );
    const provider = idempotency?.provider
      ? { name: idempotency.provider.provider, eventId: idempotency.provider.eventId }
      : undefined;
    telemetry.count('WebhookDeliveries');
    return { ...accepted, ...(provider ? { provider } : {}) };
  } catch (error) {
    if (error instanceof TriggerGoneError) {
      // The node (or canvas) is gone: clean the stale trigger up; the caller gets a 404.
      await deps.webhooks.delete(trigger);
      throw new NotFoundError('This webhook trigger no longer exists');
    }
    throw error;
  }
}

/** Status rows of a canvas's webhook-trigger nodes: one Query, and one BatchGet for their last runs. */
export async function webhookStatusRows(
  workspaceId: string,
  canvas: Pick<Canvas, 'id' | 'nodes'>,
  deps: Pick<WebhookDeps, 'webhooks'> & { executions: ExecutionStatusReader },
): Promise<Record<string, WebhookStatusRow>> {
  const hookNodes = canvas.nodes.filter((node: CanvasNode) => node.type === 'webhook-trigger');
  if (hookNodes.length === 0) return {};
  const triggers = await deps.webhooks.listForCanvas(workspaceId, canvas.id);
  const lastRuns = triggers.flatMap((trigger) => (trigger.lastExecutionId ? [trigger.lastExecutionId] : []));
  const statuses = await deps.executions.statuses(workspaceId, lastRuns);
  return Object.fromEntries(
    hookNodes.map((node) => {
      const trigger = triggers.find((candidate) => candidate.triggerNodeId === node.id);
      return [node.id, statusRow(trigger, trigger?.lastExecutionId ? statuses[trigger.lastExecutionId] : undefined)];
    }),
  );
}
