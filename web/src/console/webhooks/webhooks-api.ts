// The webhook tools the screen calls. list_webhooks pages over canvases, so a page may hold no webhook.
import { readPages } from '../../mcp/pages.ts';
import type { ToolClient } from '../../mcp/tools.ts';
import type { Scheme, WebhookListing } from './types.ts';

/** 40 pages of 25 canvases: past that the list says it is incomplete rather than load for minutes. */
export const listAllWebhooks = (tools: ToolClient) => readPages(tools, 'list_webhooks', { limit: 25 }, 40);

type Target = Pick<WebhookListing, 'canvasId' | 'triggerNodeId'>;
const target = (hook: Target) => ({ canvasId: hook.canvasId, triggerNodeId: hook.triggerNodeId });

export const registerWebhook = (tools: ToolClient, hook: Target) => tools.call('register_webhook', target(hook));
export const revokeWebhook = (tools: ToolClient, hook: Target) => tools.call('revoke_webhook', target(hook));
export const setSigningSecret = (tools: ToolClient, hook: Target, scheme: Scheme, secret: string | null) =>
  tools.call('set_webhook_signing_secret', { ...target(hook), scheme, secret });
