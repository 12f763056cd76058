// core: what metered work costs in credits, and what a credit is worth in money, defined once.
// The defaults below are the price list; a deployment overrides them with JSON configuration
// (env CREDIT_PRICES / CREDIT_LIST_PRICE / CREDIT_PLANS, set from CDK context; see docs/billing.md).
import * as z from '../schema.ts';
import { ValidationError } from '../errors.ts';

/**
 * One price: `creditsPerUnit` credits for each started `unit` of the metered operation `sku` on
 * `model` (`*`: any model without a price of its own). Whole credits, so every charge is exact.
 */
export const Price = z.object({
  sku: z.string().check(z.minLength(1), z.maxLength(100)),
  model: z.string().check(z.minLength(1), z.maxLength(200)),
  /** FOCUS UnitFormat: a plural count noun or a time unit (`Seconds`, `Images`, `1000 Characters`). */
  unit: z.string().check(z.minLength(1), z.maxLength(50)),
  creditsPerUnit: z.number().check(z.int(), z.minimum(0), z.maximum(1_000_000)),
  description: z.optional(z.string().check(z.maxLength(200))),
});
export type Price = z.infer<typeof Price>;

/**
 * The default price list. SKUs name the metered operations of the generation routes; models are the
 * provider's model or endpoint ids. A model the list does not name pays the SKU's `*` price.
 */
export const DEFAULT_PRICES: readonly Price[] = [
  {
    sku: 'video.generate',
    model: '*',
    unit: 'Seconds',
    creditsPerUnit: 20,
    description: 'Video generation, per second of video',
  },
  {
    sku: 'video.generate',
    model: 'standard',
    unit: 'Seconds',
    creditsPerUnit: 10,
    description: 'Video generation (standard models), per second of video',
  },
  {
    sku: 'video.generate',
    model: 'fast',
    unit: 'Seconds',
    creditsPerUnit: 8,
    description: 'Video generation (fast variants), per second of video',
  },
  {
    sku: 'video.generate',
    model: 'professional',
    unit: 'Seconds',
    creditsPerUnit: 35,
    description: 'Video generation (professional models), per second of video',
  },
  {
    sku: 'audio.tts',
    model: '*',
    unit: '1000 Characters',
    creditsPerUnit: 6,
    description: 'Text-to-speech, per 1000 characters of text',
  },
  {
    sku: 'audio.sts',
    model: '*',
    unit: 'Seconds',
    creditsPerUnit: 1,
    description: 'Speech-to-speech, per second of source audio',
  },
  { sku: 'image.generate', model: '*', unit: 'Images', creditsPerUnit: 4, description: 'Image generation, per image' },
];

/** What one credit is worth in money at list price (FOCUS ListUnitPrice of credits; a decimal string). */
export const CreditListPrice = z.object({
  currency: z.string().check(z.regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code such as USD')),
  perCredit: z.string().check(z.regex(/^\d+(\.\d+)?$/, 'perCredit must be a decimal string such as "0.01"')),
});
export type CreditListPrice = z.infer<typeof CreditListPrice>;

export const DEFAULT_CREDIT_LIST_PRICE: CreditListPrice = { currency: 'USD', perCredit: '0.01' };

/**
 * A subscription plan: the monthly credits an invoice of it grants. Matched against a paid invoice's
 * line items by the payment provider's price id or lookup key (`match`), one grant per unit of quantity.
 */
export const Plan = z.object({
  planId: z.string().check(z.minLength(1), z.maxLength(100)),
  match: z.array(z.string().check(z.minLength(1), z.maxLength(200))).check(z.minLength(1)),
  monthlyCredits: z.number().check(z.int(), z.minimum(1), z.maximum(1_000_000_000)),
});
export type Plan = z.infer<typeof Plan>;

export const DEFAULT_PLANS: readonly Plan[] = [
  { planId: 'starter', match: ['plan_starter_monthly'], monthlyCredits: 2_000 },
  { planId: 'pro', match: ['plan_pro_monthly'], monthlyCredits: 10_000 },
];

/** The price list in force: defaults, with configured prices replacing those of the same (sku, model). */
export interface PriceBook {
  prices: readonly Price[];
  creditListPrice: CreditListPrice;
  plans: readonly Plan[];
}

/** The SKU price id: changes whenever the price does, so FOCUS rows of different prices never share one. */
export function skuPriceIdOf(price: Pick<Price, 'sku' | 'model' | 'unit' | 'creditsPerUnit'>): string {
  return `${price.sku}:${price.model}:${price.creditsPerUnit}/${price.unit}`;
}

/** The price of `sku` on `model`: the model's own, else the SKU's `*` price; an unknown SKU is an error. */
export function priceFor(book: PriceBook, sku: string, model?: string): Price {
  const own = model === undefined ? undefined : book.prices.find((price) => price.sku === sku && price.model === model);
  const fallback = book.prices.find((price) => price.sku === sku && price.model === '*');
  const price = own ?? fallback;
  if (!price) throw new ValidationError(`No price is defined for ${sku}${model ? ` on model ${model}` : ''}`);
  return price;
}

/** Whole units charged for a measured quantity: a started unit is charged (4.2 seconds → 5). */
export function pricingQuantityOf(quantity: number): number {
  if (!Number.isFinite(quantity) || quantity < 0) throw new ValidationError('quantity must be a finite number ≥ 0');
  return Math.ceil(quantity);
}

/** The credits `quantity` of `price`'s unit costs: every started unit at its price (the ledger charges this). */
export function creditsOf(price: Pick<Price, 'creditsPerUnit'>, quantity: number): number {
  return pricingQuantityOf(quantity) * price.creditsPerUnit;
}

const PriceOverrides = z.array(Price);
const PlanOverrides = z.array(Plan);

function parseJson<T>(name: string, text: string, schema: z.ZodMiniType<T>): T {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${name} is not valid JSON`);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new Error(`${name} is not valid: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/**
 * Builds the price book from configuration (JSON strings, unset = defaults). Configured prices replace
 * the default of the same (sku, model) and add new ones; configured plans replace the default plans.
 * Throws at cold start on bad configuration: a wrong price must never be charged silently.
 */
export function priceBookFrom(config: { prices?: string; creditListPrice?: string; plans?: string }): PriceBook {
  const overrides = config.prices ? parseJson('CREDIT_PRICES', config.prices, PriceOverrides) : [];
  const keyOf = (price: Price) => `${price.sku}\u0000${price.model}`;
  const merged = new Map(DEFAULT_PRICES.map((price) => [keyOf(price), price]));
  for (const price of overrides) merged.set(keyOf(price), price);
  return {
    prices: [...merged.values()],
    creditListPrice: config.creditListPrice
      ? parseJson('CREDIT_LIST_PRICE', config.creditListPrice, CreditListPrice)
      : DEFAULT_CREDIT_LIST_PRICE,
    plans: config.plans ? parseJson('CREDIT_PLANS', config.plans, PlanOverrides) : DEFAULT_PLANS,
  };
}

/** The names of the configuration variables, typed once (the CDK context keys map onto them). */
export const PRICE_CONFIG_ENV = {
  prices: 'CREDIT_PRICES',
  creditListPrice: 'CREDIT_LIST_PRICE',
  plans: 'CREDIT_PLANS',
} as const;

let fromEnvironment: PriceBook | undefined;

/** The price book of this process, read from the environment once (cold start). */
export function priceBook(env: Record<string, string | undefined> = process.env): PriceBook {
  fromEnvironment ??= priceBookFrom({
    prices: env[PRICE_CONFIG_ENV.prices],
    creditListPrice: env[PRICE_CONFIG_ENV.creditListPrice],
    plans: env[PRICE_CONFIG_ENV.plans],
  });
  return fromEnvironment;
}
