// list_webhooks' items and the answers of the webhook tools, from the generated contract
// (functions/operations/webhooks/views.ts).
import type { ToolInput, ToolOutput } from '../../mcp/tools.ts';

export type Scheme = ToolInput<'set_webhook_signing_secret'>['scheme'];
export type WebhookListing = ToolOutput<'list_webhooks'>['items'][number];
export type Registration = ToolOutput<'register_webhook'>;
