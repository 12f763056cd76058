// core: the credit ledger's use cases. The narrow interface metered features charge through:
//
//   holdCredits  before a provider job is submitted   reserves price × estimated units, or 402
//   settleHold   when the job succeeded               charges the measured units (at most those held)
//   chargeHold   before a result becomes visible      settles, or charges at the held price if released
//   releaseHold  when the job failed or was abandoned  returns the held credits
//   debit        for work charged in one step          charges price × units now, or 402
//
// Every call is keyed by an operation id the caller derives deterministically from the work (e.g. the
// execution id and node id of a generation): calling again with the same id — a retried step, a Lambda
// killed after the write — changes nothing and answers what the first call did.
//
//   hold ──settle──▶ settled (usage entry written once, held credits freed)
//     │
//     └──release──▶ released (held credits freed, nothing charged)
import { ConflictError, NotFoundError, ValidationError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import { newId } from '../ids.ts';
import type { PageQuery } from '../pagination.ts';
import type {
  CreditBalance,
  GrantEntry,
  LedgerEntry,
  PaymentReference,
  PurchaseEntry,
  UsageEntry,
  UsageResource,
} from './ledger-entry.ts';
import { creditsOf, priceFor, pricingQuantityOf, skuPriceIdOf, type PriceBook } from './prices.ts';
import type { AppendResult, CreditHold, CreditLedgerStore } from './ports.ts';
import { InsufficientCreditsError } from './errors.ts';

export const LEDGER_ID_PREFIX = 'led';

/** How long an open hold lives before the sweeper may release it (longer than any provider job). */
export const DEFAULT_HOLD_TTL_SECONDS = 24 * 60 * 60;

export interface CreditDeps {
  ledger: CreditLedgerStore;
  clock: Clock;
  prices: PriceBook;
}

/** Operation ids are the ledger's idempotency keys: stable text the caller derives from the work. */
const OPERATION_ID = /^[\x21-\x7e]{1,200}$/;

function checkOperationId(operationId: string): void {
  if (!OPERATION_ID.test(operationId))
    throw new ValidationError('operationId must be 1 to 200 printable ASCII characters without spaces');
}

/** A unit of metered work: which operation, on which model, how much of it, and what it was for. */
export interface MeteredWork {
  workspaceId: string;
  operationId: string;
  /** The priced operation (prices.ts), e.g. `video.generate`. */
  sku: string;
  model?: string;
  /** The amount in the price's unit: measured for `debit`, estimated (the most it can be) for `holdCredits`. */
  quantity: number;
  resource?: UsageResource;
  description?: string;
}

function priced(work: MeteredWork, deps: CreditDeps) {
  checkOperationId(work.operationId);
  const price = priceFor(deps.prices, work.sku, work.model);
  const pricingQuantity = pricingQuantityOf(work.quantity);
  return {
    credits: creditsOf(price, work.quantity),
    pricing: {
      sku: work.sku,
      skuPriceId: skuPriceIdOf(price),
      ...(work.model === undefined ? {} : { model: work.model }),
      unit: price.unit,
      quantity: work.quantity,
      pricingQuantity,
      unitPrice: price.creditsPerUnit,
    },
  };
}

/**
 * Charges metered work in one step: writes a usage entry of `-(ceil(quantity) × price)` credits, once
 * per operation id. InsufficientCreditsError (402) when fewer credits are available; nothing written.
 * `charged: false` means the operation had been charged before and `entry` is that charge.
 */
export async function debit(work: MeteredWork, deps: CreditDeps): Promise<{ entry: LedgerEntry; charged: boolean }> {
  const { credits, pricing } = priced(work, deps);
  if (credits === 0) throw new ValidationError('Nothing to charge: the quantity prices at 0 credits');
  const now = deps.clock.now();
  const entry: UsageEntry = {
    id: newId(LEDGER_ID_PREFIX, now.getTime()),
    workspaceId: work.workspaceId,
    type: 'usage',
    credits: -credits,
    operationId: work.operationId,
    occurredAt: now.toISOString(),
    ...(work.description === undefined ? {} : { description: work.description }),
    pricing,
    resource: work.resource ?? {},
  };
  const result = await deps.ledger.append(entry);
  return { entry: result.entry, charged: result.applied };
}

/**
 * Reserves the credits the work can cost at most (`quantity` is the estimate), before any provider is
 * called. InsufficientCreditsError (402) when they are not available. Placing the same operation's
 * hold again returns the existing hold, whatever its status.
 */
export async function holdCredits(
  work: MeteredWork,
  deps: CreditDeps,
  /** monthlyCap: the integration policy's cap, checked against the month's counter as the hold is placed. */
  options: { ttlSeconds?: number; monthlyCap?: number | null } = {},
): Promise<CreditHold> {
  const { credits, pricing } = priced(work, deps);
  if (credits === 0) throw new ValidationError('Nothing to hold: the estimated quantity prices at 0 credits');
  const { quantity: _estimate, ...reserved } = pricing;
  const now = deps.clock.now();
  const hold: CreditHold = {
    workspaceId: work.workspaceId,
    operationId: work.operationId,
    status: 'held',
    credits,
    pricing: reserved,
    resource: work.resource ?? {},
    ...(work.description === undefined ? {} : { description: work.description }),
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + (options.ttlSeconds ?? DEFAULT_HOLD_TTL_SECONDS) * 1000).toISOString(),
    month: now.toISOString().slice(0, 7),
  };
  const result = await deps.ledger.placeHold(hold, options.monthlyCap ?? null);
  return result.hold;
}

async function openHold(workspaceId: string, operationId: string, deps: CreditDeps): Promise<CreditHold> {
  checkOperationId(operationId);
  const hold = await deps.ledger.getHold(workspaceId, operationId);
  if (!hold) throw new NotFoundError(`No credit hold for operation ${operationId}`);
  return hold;
}

/**
 * Charges a held operation for what it used: `ceil(quantity) × the held price`, never more than was
 * held (a larger measured quantity is charged at the held amount), and frees the hold. Once per hold:
 * settling a settled hold returns it with its entry. Settling a released hold is a ConflictError (the
 * credits were returned; `chargeHold` charges a result that must still be delivered).
 */
export async function settleHold(
  input: { workspaceId: string; operationId: string; quantity: number; resource?: UsageResource },
  deps: CreditDeps,
): Promise<{ hold: CreditHold; entry?: LedgerEntry }> {
  const hold = await openHold(input.workspaceId, input.operationId, deps);
  return settledResult(hold.status === 'held' ? await closeAsSettled(hold, input, deps) : hold, deps);
}

/**
 * Charges the held operation whose result is about to be delivered, before it becomes visible. Its hold
 * is settled; if the hold was released meanwhile (the sweeper judged the operation abandoned while it was
 * finishing, or won the race with this settle), the same charge — the held price, the same operation id,
 * so still once — is taken from the available credits instead. InsufficientCreditsError (402) when they
 * are not there: the caller must then discard the result, never deliver it.
 */
export async function chargeHold(
  input: { workspaceId: string; operationId: string; quantity: number; resource?: UsageResource },
  deps: CreditDeps,
): Promise<{ hold: CreditHold; entry?: LedgerEntry }> {
  const hold = await openHold(input.workspaceId, input.operationId, deps);
  const closed = hold.status === 'held' ? await closeAsSettled(hold, input, deps) : hold;
  if (closed.status !== 'released') return settledResult(closed, deps);
  const entry = usageOf(closed, input, deps.clock.now());
  if (!entry) return { hold: closed };
  // Not a settle of the hold (it was released): the entry says what was held only when it was settled.
  const { heldCredits: _held, ...charged } = entry;
  const result = await deps.ledger.append(charged);
  return { hold: closed, entry: result.entry };
}

/** The usage entry of a hold's operation for `quantity` at the held price; null when it prices at 0. */
function usageOf(
  hold: CreditHold,
  input: { quantity: number; resource?: UsageResource },
  now: Date,
): UsageEntry | null {
  const pricingQuantity = Math.min(pricingQuantityOf(input.quantity), hold.pricing.pricingQuantity);
  const charge = pricingQuantity * hold.pricing.unitPrice;
  if (charge === 0) return null;
  return {
    id: newId(LEDGER_ID_PREFIX, now.getTime()),
    workspaceId: hold.workspaceId,
    type: 'usage',
    credits: -charge,
    operationId: hold.operationId,
    occurredAt: now.toISOString(),
    ...(hold.description === undefined ? {} : { description: hold.description }),
    pricing: { ...hold.pricing, quantity: input.quantity, pricingQuantity },
    resource: { ...hold.resource, ...input.resource },
    heldCredits: hold.credits,
  };
}

/** Settles an open hold; answers the hold as stored afterwards (a concurrent close may have won). */
async function closeAsSettled(
  hold: CreditHold,
  input: { quantity: number; resource?: UsageResource },
  deps: CreditDeps,
): Promise<CreditHold> {
  const now = deps.clock.now();
  return deps.ledger.settleHold(hold, usageOf(hold, input, now), now.toISOString());
}

async function settledResult(hold: CreditHold, deps: CreditDeps): Promise<{ hold: CreditHold; entry?: LedgerEntry }> {
  if (hold.status === 'released')
    throw new ConflictError(`The credit hold for operation ${hold.operationId} was released; it cannot be settled`);
  if (hold.status !== 'settled')
    throw new ConflictError(`The credit hold for operation ${hold.operationId} is still open`);
  if (hold.entryId === undefined) return { hold };
  const entry = await deps.ledger.entryOfOperation(hold.workspaceId, hold.operationId);
  return entry ? { hold, entry } : { hold };
}

/**
 * Returns a held operation's credits (its job failed or was abandoned). Once per hold: releasing a
 * released hold returns it unchanged; releasing a settled hold changes nothing and returns it settled.
 */
export async function releaseHold(
  input: { workspaceId: string; operationId: string },
  deps: CreditDeps,
): Promise<CreditHold> {
  const hold = await openHold(input.workspaceId, input.operationId, deps);
  if (hold.status !== 'held') return hold;
  return deps.ledger.releaseHold(hold, deps.clock.now().toISOString());
}

/** How often the expired-holds sweeper runs (the AWS schedule and the local timer). */
export const RELEASE_HOLDS_EVERY_MINUTES = 15;

/** Open holds released per index shard in one sweep (a sweep runs every few minutes; the rest wait for the next). */
export const HOLD_SWEEP_BATCH = 100;

/**
 * Releases holds that are still open after their `expiresAt`: the operation that took them died for
 * good (its process and every retry of it), so its credits must not stay reserved forever. Each is
 * re-read and released only if still held and expired, through the same once-only release a failing
 * operation uses; a settle that races the sweeper wins or loses cleanly (one of them closes the hold).
 */
export async function releaseExpiredHolds(deps: CreditDeps): Promise<{ found: number; released: number }> {
  const now = deps.clock.now();
  const expired = await deps.ledger.listExpiredHolds(now.toISOString(), HOLD_SWEEP_BATCH);
  let released = 0;
  for (const { workspaceId, operationId } of expired) {
    const hold = await deps.ledger.getHold(workspaceId, operationId);
    if (hold?.status !== 'held' || Date.parse(hold.expiresAt) > now.getTime()) continue;
    const closed = await deps.ledger.releaseHold(hold, now.toISOString());
    if (closed.status === 'released' && closed.closedAt === now.toISOString()) released++;
  }
  return { found: expired.length, released };
}

/** The maximum credits one grant or purchase may add (guards against a typo of a few extra zeros). */
export const MAX_CREDITS_PER_ENTRY = 100_000_000;

function checkCredits(credits: number): void {
  if (!Number.isSafeInteger(credits) || credits < 1 || credits > MAX_CREDITS_PER_ENTRY) {
    throw new ValidationError(`credits must be a whole number from 1 to ${MAX_CREDITS_PER_ENTRY}`);
  }
}

/** The fields a grant and a purchase entry both open with, in the same order. */
function addedCreditsHead<T extends 'grant' | 'purchase'>(
  type: T,
  input: { workspaceId: string; credits: number; operationId: string },
  now: Date,
) {
  return {
    id: newId(LEDGER_ID_PREFIX, now.getTime()),
    workspaceId: input.workspaceId,
    type,
    credits: input.credits,
    operationId: input.operationId,
    occurredAt: now.toISOString(),
  };
}

/**
 * Adds credits to an existing workspace (admin CLI, promotions), once per operation id. NotFoundError for an unknown
 * workspace.
 */
export async function grantCredits(
  input: { workspaceId: string; credits: number; reason: string; grantedBy: string; operationId: string },
  deps: CreditDeps,
): Promise<AppendResult> {
  checkOperationId(input.operationId);
  checkCredits(input.credits);
  const reason = input.reason.trim();
  if (reason.length === 0 || reason.length > 500) throw new ValidationError('reason must be 1 to 500 characters');
  const now = deps.clock.now();
  const entry: GrantEntry = {
    ...addedCreditsHead('grant', input, now),
    description: reason,
    grantedBy: input.grantedBy,
  };
  return deps.ledger.append(entry, { requireWorkspace: true });
}

/**
 * Adds bought credits, once per operation id (the payment event or invoice). NotFoundError for an unknown workspace.
 */
export async function recordPurchase(
  input: {
    workspaceId: string;
    credits: number;
    operationId: string;
    payment: PaymentReference;
    source: PurchaseEntry['source'];
    description: string;
  },
  deps: CreditDeps,
): Promise<AppendResult> {
  checkOperationId(input.operationId);
  checkCredits(input.credits);
  const now = deps.clock.now();
  const entry: PurchaseEntry = {
    ...addedCreditsHead('purchase', input, now),
    description: input.description,
    payment: input.payment,
    source: input.source,
  };
  return deps.ledger.append(entry, { requireWorkspace: true });
}

/**
 * Refuses (402) work the workspace cannot cover now, before anything is written: one balance read. The
 * hold itself decides under concurrency; this lets a request that cannot be afforded write nothing at all
 * (no operation record, no rate-limit slot).
 */
export async function assertAffordable(work: Omit<MeteredWork, 'operationId'>, deps: CreditDeps): Promise<void> {
  const { credits } = priced({ ...work, operationId: 'quote' }, deps);
  const { available } = await deps.ledger.getBalance(work.workspaceId);
  if (available < credits) throw new InsufficientCreditsError(credits, available);
}

export async function getBalance(workspaceId: string, deps: Pick<CreditDeps, 'ledger'>): Promise<CreditBalance> {
  return deps.ledger.getBalance(workspaceId);
}

export async function listTransactions(workspaceId: string, page: PageQuery, deps: Pick<CreditDeps, 'ledger'>) {
  return deps.ledger.listEntries(workspaceId, page);
}

/** Balance and the most recent transactions, read together (two reads in parallel). */
export async function billingSummary(workspaceId: string, recent: number, deps: Pick<CreditDeps, 'ledger'>) {
  const [balance, page] = await Promise.all([
    deps.ledger.getBalance(workspaceId),
    deps.ledger.listEntries(workspaceId, { limit: recent }),
  ]);
  return { balance, recentTransactions: page.items, nextCursor: page.nextCursor };
}
