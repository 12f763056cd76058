// list_webhooks' items (functions/operations/webhooks/views.ts) and the answers of the webhook tools.
export type Scheme = 'github' | 'stripe' | 'shopify' | 'standard-webhooks';

export interface WebhookListing {
  canvasId: string;
  canvasName: string;
  canvasArchived: boolean;
  triggerNodeId: string;
  nodeLabel: string | null;
  registered: boolean;
  webhookUrl: string | null;
  signedUrls: Record<Scheme, string> | null;
  registeredAt: string | null;
  lastTriggeredAt: string | null;
  lastExecutionId: string | null;
  signingSecrets: Record<Scheme, { set: boolean; setAt: string | null }> | null;
}

export interface Registration {
  webhookUrl: string;
  webhookSecret: string;
  triggerNodeId: string;
  canvasId: string;
  created: boolean;
  signedUrls: Record<Scheme, string>;
  standardWebhooksSecret: string;
}
