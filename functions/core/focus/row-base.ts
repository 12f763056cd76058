// core: what every FOCUS row of one export shares — who we are (the identity columns), the billing account,
// the charge and billing periods of an hour, and the money value of a credit price. Computed once per
// export; the charge kinds (charge-rows.ts) fill in the rest of each row.
import { EXPORT_COLUMNS, type FocusRow } from './columns.ts';
import { formatFixed, fromInteger, fromNumber, multiply, parseFixed, type Fixed } from './decimal.ts';
import type { FocusRange } from './range.ts';

export const HOUR_MS = 60 * 60 * 1000;
/** FOCUS virtual currency of usage rows' PricingCurrency* columns (1.3 allows a non-ISO string there). */
export const CREDITS_PRICING_CURRENCY = 'Credits';
export const CREDITS_UNIT = 'Credits';

/** Who we are in FOCUS terms (§7 participating entities: a SaaS sold directly). */
export interface FocusIdentity {
  /**
   * ServiceProviderName = InvoiceIssuerName = HostProviderName = ProviderName = PublisherName; also the DataGenerator.
   */
  readonly providerName: string;
  readonly serviceName: string;
  readonly serviceCategory: string;
  readonly serviceSubcategory: string;
}

export const DEFAULT_FOCUS_IDENTITY: FocusIdentity = {
  providerName: 'Workspace Automation Service',
  serviceName: 'Workspace Automation',
  serviceCategory: 'AI and Machine Learning',
  serviceSubcategory: 'Generative AI',
};

/** Everything a row needs besides its entry. */
export interface FocusExportScope {
  readonly workspaceId: string;
  readonly workspaceName: string | null;
  readonly range: FocusRange;
  /** What one credit is worth at list price (prices.ts CreditListPrice). */
  readonly creditPrice: { readonly currency: string; readonly perCredit: string };
  readonly identity: FocusIdentity;
}

/** `2026-05-01T12:00:00Z`: whole seconds, UTC, as the FOCUS DateTime format and the validator want. */
export function isoSeconds(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 19)}Z`;
}

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

/** The creation time of a time-ordered id (`led_` + 10 time characters …), or undefined. */
export function idTime(id: string): number | undefined {
  const body = id.slice(id.indexOf('_') + 1, id.indexOf('_') + 11);
  if (body.length !== 10) return undefined;
  let value = 0;
  for (const char of body) {
    const digit = CROCKFORD.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 32 + digit;
  }
  return value;
}

export function monthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextMonthStart(ms: number): number {
  const date = new Date(ms);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

/** A measured quantity (a sum of doubles) rounded to 12 decimals, as text. */
export function consumedText(quantity: number): string {
  return Number.isInteger(quantity) ? String(quantity) : formatFixed(fromNumber(quantity));
}

export const clip = (text: string | undefined, max: number) =>
  text === undefined ? undefined : text.length > max ? text.slice(0, max) : text;
/** The columns every row of one export shares, computed once; rows are copies of it. */
export class RowBase {
  private readonly template: FocusRow;
  readonly perCredit: Fixed;
  readonly currency: string;
  private readonly fromMs: number;
  private readonly toMs: number;
  private periods = new Map<number, { start: string; end: string; billingStart: string; billingEnd: string }>();

  constructor(scope: FocusExportScope) {
    this.perCredit = parseFixed(scope.creditPrice.perCredit);
    this.currency = scope.creditPrice.currency;
    this.fromMs = scope.range.from.getTime();
    this.toMs = scope.range.to.getTime();
    const { providerName, serviceName, serviceCategory, serviceSubcategory } = scope.identity;
    const template: FocusRow = {};
    for (const column of EXPORT_COLUMNS) template[column.name] = null;
    Object.assign(template, {
      BillingAccountId: scope.workspaceId,
      BillingAccountName: scope.workspaceName,
      BillingCurrency: this.currency,
      HostProviderName: providerName,
      InvoiceIssuerName: providerName,
      ProviderName: providerName,
      PublisherName: providerName,
      ServiceProviderName: providerName,
      ServiceName: serviceName,
      ServiceCategory: serviceCategory,
      ServiceSubcategory: serviceSubcategory,
      x_CreditEntryCount: '1',
    });
    this.template = template;
  }

  /** A row with the shared columns and the periods of the hour starting at `hourMs` (clipped to the range). */
  row(hourMs: number): FocusRow {
    let period = this.periods.get(hourMs);
    if (!period) {
      const start = Math.max(hourMs, this.fromMs);
      const end = Math.min(hourMs + HOUR_MS, this.toMs);
      period = {
        start: isoSeconds(Math.floor(start / 1000) * 1000),
        end: isoSeconds(Math.ceil(end / 1000) * 1000),
        billingStart: isoSeconds(monthStart(hourMs)),
        billingEnd: isoSeconds(nextMonthStart(hourMs)),
      };
      // Rows arrive in time order, so only the current hour is looked up again: keep the map tiny.
      if (this.periods.size > 4) this.periods.clear();
      this.periods.set(hourMs, period);
    }
    return {
      ...this.template,
      ChargePeriodStart: period.start,
      ChargePeriodEnd: period.end,
      BillingPeriodStart: period.billingStart,
      BillingPeriodEnd: period.billingEnd,
    };
  }

  /** Money per unit of each credit price seen (a handful per export): computed once each. */
  private readonly unitPrices = new Map<number, { fixed: Fixed; text: string }>();

  unitPrice(creditsPerUnit: number): { fixed: Fixed; text: string } {
    let price = this.unitPrices.get(creditsPerUnit);
    if (!price) {
      const fixed = multiply(fromInteger(creditsPerUnit), this.perCredit);
      price = { fixed, text: formatFixed(fixed) };
      this.unitPrices.set(creditsPerUnit, price);
    }
    return price;
  }
}
