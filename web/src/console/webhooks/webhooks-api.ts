// The webhook tools the screen calls. list_webhooks pages over canvases, so a page may hold no webhook.
import type { ToolClient } from '../../mcp/tools.ts';
import type { Registration, Scheme, WebhookListing } from './types.ts';

/** 40 pages of 25 canvases: past that the list says it is incomplete rather than load for minutes. */
const MAX_PAGES = 40;

export async function listAllWebhooks(tools: ToolClient): Promise<{ items: WebhookListing[]; complete: boolean }> {
  const items: WebhookListing[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: { items: WebhookListing[]; nextCursor: string | null } = await tools.call('list_webhooks', {
      limit: 25,
      ...(cursor ? { cursor } : {}),
    });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) return { items, complete: true };
  }
  return { items, complete: false };
}

type Target = Pick<WebhookListing, 'canvasId' | 'triggerNodeId'>;
const target = (hook: Target) => ({ canvasId: hook.canvasId, triggerNodeId: hook.triggerNodeId });

export const registerWebhook = (tools: ToolClient, hook: Target) =>
  tools.call<Registration>('register_webhook', target(hook));
export const revokeWebhook = (tools: ToolClient, hook: Target) =>
  tools.call<{ revoked: true; wasRegistered: boolean }>('revoke_webhook', target(hook));
export const setSigningSecret = (tools: ToolClient, hook: Target, scheme: Scheme, secret: string | null) =>
  tools.call('set_webhook_signing_secret', { ...target(hook), scheme, secret });
