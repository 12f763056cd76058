// core: webhook secrets. A secret is derived — HMAC-SHA256 of the trigger's identity and a random
// per-registration salt under the service's webhook key — so it never has to be stored: the table
// keeps only its SHA-256 hash (to recognise calls) and the salt (to show it again on retrieval).
// Someone who reads the whole table learns no secret; revoking deletes the salt, and registering
// again draws a new one, so the old secret is gone for good.
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

export function newSalt(): string {
  return randomBytes(16).toString('base64url');
}

export function deriveWebhookSecret(
  serviceKey: string,
  trigger: { workspaceId: string; canvasId: string; triggerNodeId: string; salt: string },
): string {
  const mac = createHmac('sha256', serviceKey)
    .update(`webhook-secret\n${trigger.workspaceId}\n${trigger.canvasId}\n${trigger.triggerNodeId}\n${trigger.salt}`)
    .digest('base64url');
  return WEBHOOK_SECRET_PREFIX + mac;
}

export function hashWebhookSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}
