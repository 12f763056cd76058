// route: POST /api/payments/webhooks → verify signature → applyCheckoutEvent → ledger (credit packs)
import { applyCheckoutEvent } from '#core/credits/payments';
import { paymentWebhookRoute } from './payment-route.ts';

export const handler = paymentWebhookRoute('payments-webhooks', applyCheckoutEvent);
