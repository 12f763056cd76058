// route: POST /api/payments/plan-webhooks → verify signature → applyPlanEvent → ledger (plan invoices)
import { applyPlanEvent } from '#core/credits/payments';
import { paymentWebhookRoute } from './payment-route.ts';

export const handler = paymentWebhookRoute('payments-plan-webhooks', applyPlanEvent);
