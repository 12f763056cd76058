// core: the credit ledger's record, its entry. Types only: the FOCUS export, the transactions route and
// the ledger repository all read this shape, so it is kept stable (add optional fields; never rename).
//
// A workspace's ledger is an append-only list of entries, each immutable once written. The balance is
// the sum of their `credits`; a separate balance item (see CreditBalance) keeps that sum, and a debit
// writes the entry and moves the balance in one transaction, so the two never disagree.

/** Every kind of entry. Signs: grant, purchase → positive; usage, expiry → negative; refund, adjustment → either. */
export type LedgerEntryType = 'grant' | 'purchase' | 'usage' | 'refund' | 'adjustment' | 'expiry';

export const LEDGER_ENTRY_TYPES: readonly LedgerEntryType[] = [
  'grant',
  'purchase',
  'usage',
  'refund',
  'adjustment',
  'expiry',
];

/** The unit of the balance. Credits are whole numbers: no rounding can drift the sum. */
export const CREDIT_UNIT = 'credits';

/**
 * An entry's `occurredAt` is the writing process's clock when it built the entry, not the commit time:
 * a write that commits late (a slow transaction, a retried Lambda) lands with an earlier time. A
 * Lambda runs at most 15 minutes, so no entry can appear with an `occurredAt` older than this margin
 * before "now". A reader treats a time range as closed (FOCUS recency: complete) only once its end is
 * at least this far in the past.
 */
export const LATE_ENTRY_MARGIN_SECONDS = 15 * 60;

/** Fields every entry carries. */
interface LedgerEntryBase {
  /** `led_` + time-ordered id; unique in the whole store. */
  id: string;
  workspaceId: string;
  type: LedgerEntryType;
  /**
   * Signed change to the balance, a whole number of credits: +100 for a grant of 100, -12 for a
   * usage of 12. Never 0 except on an informational adjustment.
   */
  credits: number;
  /**
   * What caused this entry, unique per workspace: a second write with the same operation id is a
   * retry and writes nothing (`stripe-event:evt_…`, `stripe-invoice:in_…`, `admin-grant:…`, the
   * generation's node run id, …). A usage entry that settles a hold carries the hold's operation id.
   */
  operationId: string;
  /** ISO 8601 UTC with milliseconds (`2026-05-01T12:00:00.123Z`); the ledger is ordered by it. */
  occurredAt: string;
  /** Free text shown to people (the admin's reason, "Credit pack (500)", "Image generation"). */
  description?: string;
}

/**
 * What a usage entry was for: an execution's node. FOCUS reports the node as ResourceId
 * (`<canvasId>/<nodeId>`) and the execution as x_ExecutionId. Every charge a run causes carries its
 * `executionId`; usage outside runs (the generation routes) has none.
 */
export interface UsageResource {
  canvasId?: string;
  executionId?: string;
  nodeId?: string;
  /** The published server (psv_…) whose tool call started the run (docs/published-servers.md). */
  publishedServerId?: string;
  /** The provider that did the work (e.g. `openai`), and its job id when it has one. */
  provider?: string;
  providerJobId?: string;
}

/** How a usage entry was priced: a copy of the price in force when it was taken (prices.ts). */
export interface UsagePricing {
  /** The metered operation, e.g. `image.generate`; FOCUS SkuId. */
  sku: string;
  /** Identifies this price of the SKU (changes whenever the price does); FOCUS SkuPriceId. */
  skuPriceId: string;
  /** The model the operation ran on, when the price depends on it. */
  model?: string;
  /** The pricing unit in FOCUS UnitFormat: `Images`, `Seconds`, `1000 Tokens`, `Characters`, `Requests`. */
  unit: string;
  /** The metered amount as measured, in `unit` (may be fractional: 4.2 seconds); FOCUS ConsumedQuantity. */
  quantity: number;
  /** Whole units charged: `quantity` rounded up (a started unit is charged); FOCUS PricingQuantity. */
  pricingQuantity: number;
  /** Credits per unit (whole number ≥ 0). `-credits === pricingQuantity × unitPrice` exactly. */
  unitPrice: number;
}

/** Money that changed hands with the payment provider (purchases and their refunds). */
export interface PaymentReference {
  provider: 'stripe';
  /** The provider's object: checkout session `cs_…` or invoice `in_…`. */
  reference: string;
  /** The provider event that delivered it (`evt_…`). */
  eventId: string;
  /** ISO 4217, upper case (`USD`). */
  currency: string;
  /** Amount paid, decimal string in major units (`"19.99"`; negative on a refund); exact, no float. */
  amount: string;
  /** Subscription invoices: the plan, and the service period the invoice paid for (ISO UTC). */
  planId?: string;
  periodStart?: string;
  periodEnd?: string;
}

export interface GrantEntry extends LedgerEntryBase {
  type: 'grant';
  /** Who granted: `admin-cli`, `plan` (monthly allotment of a free plan), `promotion`, … */
  grantedBy: string;
}

export interface PurchaseEntry extends LedgerEntryBase {
  type: 'purchase';
  payment: PaymentReference;
  /** `checkout`: a credit pack bought once; `plan`: a plan's monthly credits paid by an invoice (recurring). */
  source: 'checkout' | 'plan';
}

export interface UsageEntry extends LedgerEntryBase {
  type: 'usage';
  pricing: UsagePricing;
  resource: UsageResource;
  /** Set when the entry settled a hold: the credits that were held (≥ -credits). */
  heldCredits?: number;
}

export interface RefundEntry extends LedgerEntryBase {
  type: 'refund';
  /** The entry refunded (a purchase or a usage) and its type. */
  refundOf: { entryId: string; type: 'purchase' | 'usage' };
  /** On a refund of a purchase: the money returned (negative amount). */
  payment?: PaymentReference;
  /** On a refund of usage: the pricing and resource of the usage refunded (quantities negated). */
  pricing?: UsagePricing;
  resource?: UsageResource;
}

export interface AdjustmentEntry extends LedgerEntryBase {
  type: 'adjustment';
  /** Why the balance was corrected (shown to people and exported as a custom column). */
  reason: string;
}

export interface ExpiryEntry extends LedgerEntryBase {
  type: 'expiry';
  /** The entry whose credits expired (a grant or a purchase). */
  expiredEntryId?: string;
}

/** One immutable ledger record. Discriminated by `type`. */
export type LedgerEntry = GrantEntry | PurchaseEntry | UsageEntry | RefundEntry | AdjustmentEntry | ExpiryEntry;

/** A workspace's balance item: the running sum of its ledger and the credits held by open holds. */
export interface CreditBalance {
  workspaceId: string;
  /** Sum of every entry's `credits`. Never negative. */
  balance: number;
  /** Credits reserved by holds not yet settled or released. Never more than `balance`. */
  held: number;
  /** `balance - held`: what a new debit or hold may use. */
  available: number;
  unit: typeof CREDIT_UNIT;
  /** ISO UTC time of the last change; null for a workspace that never had credits. */
  updatedAt: string | null;
}

/**
 * The read interface the ledger offers to exporters (FOCUS) and reports. Implemented by the DynamoDB
 * ledger repository (functions/adapters/dynamodb/ledger-repository.ts).
 */
export interface LedgerReader {
  /**
   * A workspace's entries with `fromInclusive <= occurredAt < toExclusive`, oldest first (ties by id),
   * streamed page by page (one Query per page, a page held in memory at a time) so any range can be
   * read in constant memory. Strongly consistent: every entry committed before the call is seen (an
   * entry still being written may carry an earlier `occurredAt`: see LATE_ENTRY_MARGIN_SECONDS).
   */
  entriesBetween(workspaceId: string, fromInclusive: Date, toExclusive: Date): AsyncIterable<LedgerEntry>;
}
