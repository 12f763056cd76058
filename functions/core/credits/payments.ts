// core: what a verified payment-provider event does to the ledger. The signature was checked by the
// adapter (functions/adapters/payments); here the event is only read, field by field, with zod, and
// turned into at most one purchase entry, keyed so that a redelivery adds nothing:
//
//   /api/payments/webhooks       checkout.session.completed (paid), checkout.session.async_payment_succeeded
//                                → metadata.credits to metadata.workspaceId, once per checkout session
//   /api/payments/plan-webhooks  invoice.paid → the plan's monthly credits (× quantity) for each plan
//                                line, once per invoice
//
// Anything else — another event type, an unpaid session, missing metadata, an unknown workspace — is
// answered 200 with `applied: false` and a reason: the provider must stop retrying, because a retry
// cannot fix it. Only a failure of our own (the table unreachable) is an error the provider retries.
import * as z from '../schema.ts';
import { NotFoundError } from '../errors.ts';
import { MAX_CREDITS_PER_ENTRY, recordPurchase, type CreditDeps } from './ledger.ts';
import type { PaymentReference } from './ledger-entry.ts';
import type { Plan } from './prices.ts';

/** What an event did: `applied` (credits added now), `duplicate` (added before), or ignored with a reason. */
export type PaymentOutcome =
  | { applied: true; workspaceId: string; credits: number; entryId: string }
  | { applied: false; duplicate: true; workspaceId: string; credits: number; entryId: string }
  | { applied: false; duplicate?: false; reason: string; workspaceId?: string };

const StripeEventEnvelope = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  type: z.string(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});
export type StripeEventEnvelope = z.infer<typeof StripeEventEnvelope>;

const Metadata = z.optional(z.nullable(z.record(z.string(), z.string())));

const CheckoutSession = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  payment_status: z.optional(z.string()),
  amount_total: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(z.string())),
  metadata: Metadata,
});

const InvoiceLine = z.object({
  quantity: z.optional(z.nullable(z.number())),
  // API versions before 2025-03-31: the line's price object; later: pricing.price_details.price (an id).
  price: z.optional(
    z.nullable(z.object({ id: z.optional(z.string()), lookup_key: z.optional(z.nullable(z.string())) })),
  ),
  pricing: z.optional(
    z.nullable(
      z.object({
        price_details: z.optional(
          z.nullable(z.object({ price: z.optional(z.union([z.string(), z.object({ id: z.string() })])) })),
        ),
      }),
    ),
  ),
  period: z.optional(z.nullable(z.object({ start: z.number(), end: z.number() }))),
});

const Invoice = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(255)),
  amount_paid: z.optional(z.nullable(z.number())),
  currency: z.optional(z.nullable(z.string())),
  metadata: Metadata,
  // Subscription metadata is copied onto the invoice: `subscription_details` before 2025-03-31,
  // `parent.subscription_details` after.
  subscription_details: z.optional(z.nullable(z.object({ metadata: Metadata }))),
  parent: z.optional(
    z.nullable(z.object({ subscription_details: z.optional(z.nullable(z.object({ metadata: Metadata }))) })),
  ),
  lines: z.optional(z.nullable(z.object({ data: z.array(InvoiceLine) }))),
});

/** Currencies whose amounts have no minor unit, or three decimals (the provider's amounts are in minor units). */
const ZERO_DECIMAL = new Set([
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'JPY',
  'KMF',
  'KRW',
  'MGA',
  'PYG',
  'RWF',
  'UGX',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
]);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** `1999`, `usd` → `"19.99"`: exact decimal text (no float), in the currency's major unit. */
export function majorUnits(minor: number, currency: string): string {
  const decimals = ZERO_DECIMAL.has(currency) ? 0 : THREE_DECIMAL.has(currency) ? 3 : 2;
  const negative = minor < 0;
  const digits = String(Math.abs(Math.trunc(minor))).padStart(decimals + 1, '0');
  const text = decimals === 0 ? digits : `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
  return negative ? `-${text}` : text;
}

const ignored = (reason: string, workspaceId?: string): PaymentOutcome => ({
  applied: false,
  reason,
  ...(workspaceId ? { workspaceId } : {}),
});

const WORKSPACE_ID = /^ws_[0-9a-z]{26}$/;
const CREDITS = /^[1-9]\d{0,8}$/;

export function parseEnvelope(value: unknown): StripeEventEnvelope | undefined {
  const parsed = StripeEventEnvelope.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

async function purchase(
  input: {
    workspaceId: string;
    credits: number;
    operationId: string;
    payment: PaymentReference;
    source: 'checkout' | 'plan';
    description: string;
  },
  deps: CreditDeps,
): Promise<PaymentOutcome> {
  try {
    const result = await recordPurchase(input, deps);
    const done = { workspaceId: input.workspaceId, credits: result.entry.credits, entryId: result.entry.id };
    return result.applied ? { applied: true, ...done } : { applied: false, duplicate: true, ...done };
  } catch (error) {
    if (error instanceof NotFoundError) return ignored('unknown workspace', input.workspaceId);
    throw error;
  }
}

/** A credit-pack checkout: `metadata.workspaceId` gets `metadata.credits`, once per checkout session. */
export async function applyCheckoutEvent(event: StripeEventEnvelope, deps: CreditDeps): Promise<PaymentOutcome> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded')
    return ignored(`event type ${event.type} is not handled here`);
  const parsed = CheckoutSession.safeParse(event.data.object);
  if (!parsed.success) return ignored('not a checkout session');
  const session = parsed.data;
  // A delayed payment method completes the session unpaid; its async_payment_succeeded adds the credits.
  const paidNow =
    event.type === 'checkout.session.async_payment_succeeded' ||
    ['paid', 'no_payment_required'].includes(session.payment_status ?? '');
  if (!paidNow) return ignored(`checkout session is ${session.payment_status ?? 'not paid'}`);
  const workspaceId = session.metadata?.workspaceId;
  const credits = session.metadata?.credits;
  if (!workspaceId || !WORKSPACE_ID.test(workspaceId))
    return ignored('metadata.workspaceId is missing or not a workspace id');
  if (!credits || !CREDITS.test(credits))
    return ignored('metadata.credits is missing or not a whole number of credits', workspaceId);
  const currency = (session.currency ?? 'usd').toUpperCase();
  return purchase(
    {
      workspaceId,
      credits: Number(credits),
      // The session, not the event: `completed` and `async_payment_succeeded` of one session add credits once.
      operationId: `stripe-checkout:${session.id}`,
      payment: {
        provider: 'stripe',
        reference: session.id,
        eventId: event.id,
        currency,
        amount: majorUnits(session.amount_total ?? 0, currency),
      },
      source: 'checkout',
      description: `Credit pack (${Number(credits)} credits)`,
    },
    deps,
  );
}

function linePriceKeys(line: z.infer<typeof InvoiceLine>): string[] {
  const detailed = line.pricing?.price_details?.price;
  return [line.price?.id, line.price?.lookup_key, typeof detailed === 'string' ? detailed : detailed?.id].filter(
    (key): key is string => typeof key === 'string' && key.length > 0,
  );
}

const isoOfUnix = (seconds: number) => new Date(seconds * 1000).toISOString();

/** A paid subscription invoice: the plan's monthly credits for each plan line (× quantity), once per invoice. */
export async function applyPlanEvent(event: StripeEventEnvelope, deps: CreditDeps): Promise<PaymentOutcome> {
  if (event.type !== 'invoice.paid') return ignored(`event type ${event.type} is not handled here`);
  const parsed = Invoice.safeParse(event.data.object);
  if (!parsed.success) return ignored('not an invoice');
  const invoice = parsed.data;
  const workspaceId =
    invoice.parent?.subscription_details?.metadata?.workspaceId ??
    invoice.subscription_details?.metadata?.workspaceId ??
    invoice.metadata?.workspaceId;
  if (!workspaceId || !WORKSPACE_ID.test(workspaceId))
    return ignored('no workspaceId in the subscription or invoice metadata');
  const plans: Plan[] = [...deps.prices.plans];
  let credits = 0;
  let plan: Plan | undefined;
  let period: { start: number; end: number } | undefined;
  for (const line of invoice.lines?.data ?? []) {
    const keys = linePriceKeys(line);
    const matched = plans.find((candidate) => candidate.match.some((key) => keys.includes(key)));
    if (!matched) continue;
    // Absent means one plan; anything else must be a whole count of plans. A zero, negative or
    // fractional quantity grants nothing rather than being rounded into one plan.
    const quantity = line.quantity ?? 1;
    if (!Number.isSafeInteger(quantity) || quantity < 1)
      return ignored(`plan line quantity ${quantity} is not a whole number of plans (1 or more)`, workspaceId);
    plan ??= matched;
    period ??= line.period ?? undefined;
    credits += matched.monthlyCredits * quantity;
  }
  if (!plan || credits === 0) return ignored('no invoice line is a known plan', workspaceId);
  // Checked here, not left to the ledger's 400: a signed event the provider would redeliver for days
  // cannot be fixed by redelivery, so it is answered 200 with nothing applied, like any other.
  if (!Number.isSafeInteger(credits) || credits > MAX_CREDITS_PER_ENTRY) {
    return ignored(
      `the invoice's plans come to ${credits} credits, more than one purchase may grant (${MAX_CREDITS_PER_ENTRY})`,
      workspaceId,
    );
  }
  const currency = (invoice.currency ?? 'usd').toUpperCase();
  return purchase(
    {
      workspaceId,
      credits,
      operationId: `stripe-invoice:${invoice.id}`,
      payment: {
        provider: 'stripe',
        reference: invoice.id,
        eventId: event.id,
        currency,
        amount: majorUnits(invoice.amount_paid ?? 0, currency),
        planId: plan.planId,
        ...(period ? { periodStart: isoOfUnix(period.start), periodEnd: isoOfUnix(period.end) } : {}),
      },
      source: 'plan',
      description: `Plan ${plan.planId}: monthly credits (${credits})`,
    },
    deps,
  );
}
