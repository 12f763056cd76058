// core: the FOCUS 1.3 Cost and Usage column catalogue as the spec defines it (65 columns: type, feature
// level, nullability, description, allowed values). The checker reads any conformant file with it; it
// changes when the spec does (see /work/shared/reference/focus-1.3.md §1–§3 for where each rule comes from).
import {
  CHARGE_CATEGORIES,
  CHARGE_CLASSES,
  CHARGE_FREQUENCIES,
  PRICING_CATEGORIES,
  SERVICE_CATEGORIES,
  USED_UNUSED,
} from './allowed-values.ts';

export const FOCUS_VERSION = '1.3';

/** FOCUS data types; JSON is a serialized JSON string (KeyValueFormat or JsonObjectFormat). */
export type FocusDataType = 'String' | 'Decimal' | 'DateTime' | 'JSON';
/** Feature level: Mandatory (always present), Conditional, Recommended; Custom for our `x_` columns. */
export type FocusLevel = 'Mandatory' | 'Conditional' | 'Recommended' | 'Custom';

export interface FocusColumn {
  readonly name: string;
  readonly type: FocusDataType;
  readonly level: FocusLevel;
  /** Whether the column allows nulls (1.3 dataset table with errata #9/#10 applied). */
  readonly nullable: boolean;
  readonly description: string;
  /** KeyValue: flat object of scalars (Tags, SkuPriceDetails); Object: JsonObjectFormat. */
  readonly json?: 'KeyValue' | 'Object';
  /** The closed list of values the spec allows (nulls aside). */
  readonly allowedValues?: readonly string[];
  /** Deprecated in 1.3 but still mandatory (ProviderName, PublisherName). */
  readonly deprecated?: boolean;
  /** Longest value we write (Schema metadata StringMaxLength); only declared for columns we fill. */
  readonly stringMaxLength?: number;
}

type Def = Omit<FocusColumn, 'name'>;
const m = (type: FocusDataType, nullable: boolean, description: string, extra: Partial<Def> = {}): Def => ({
  type,
  level: 'Mandatory',
  nullable,
  description,
  ...extra,
});
const c = (type: FocusDataType, nullable: boolean, description: string, extra: Partial<Def> = {}): Def => ({
  type,
  level: 'Conditional',
  nullable,
  description,
  ...extra,
});
const r = (type: FocusDataType, nullable: boolean, description: string, extra: Partial<Def> = {}): Def => ({
  type,
  level: 'Recommended',
  nullable,
  description,
  ...extra,
});

const CATALOGUE: Record<string, Def> = {
  AllocatedMethodDetails: r(
    'JSON',
    true,
    'How a split cost allocation was calculated (data-generator split allocation only).',
    { json: 'Object' },
  ),
  AllocatedMethodId: c('String', true, 'Identifier of the split cost allocation method.'),
  AllocatedResourceId: c('String', true, 'Identifier of the resource a split cost was allocated to.'),
  AllocatedResourceName: c('String', true, 'Display name of the allocated resource.'),
  AllocatedTags: c('JSON', true, 'Tags of the allocated portion of a split cost.', { json: 'KeyValue' }),
  AvailabilityZone: r('String', true, 'Provider-assigned availability zone of the resource.'),
  BilledCost: m(
    'Decimal',
    false,
    'Amount invoiced for the charge, in BillingCurrency. Prepaid credit usage is 0: the money was billed on the purchase.',
  ),
  BillingAccountId: m('String', false, 'The workspace id: the account charges are billed to.', { stringMaxLength: 64 }),
  BillingAccountName: m('String', true, 'The workspace name at export time.', { stringMaxLength: 200 }),
  BillingAccountType: c('String', false, 'Kind of billing account, when a provider has several.'),
  BillingCurrency: m('String', false, 'ISO 4217 currency of the invoice (national currency).', { stringMaxLength: 3 }),
  BillingPeriodEnd: m(
    'DateTime',
    false,
    'Exclusive end of the billing period: the first instant of the next calendar month (UTC).',
  ),
  BillingPeriodStart: m(
    'DateTime',
    false,
    'Inclusive start of the billing period: the first instant of the calendar month (UTC).',
  ),
  CapacityReservationId: c('String', true, 'Identifier of a capacity reservation.'),
  CapacityReservationStatus: c('String', true, 'Whether a capacity reservation was used.', {
    allowedValues: USED_UNUSED,
  }),
  ChargeCategory: m('String', false, 'Usage, Purchase, Tax, Credit or Adjustment.', {
    allowedValues: CHARGE_CATEGORIES,
    stringMaxLength: 10,
  }),
  ChargeClass: m(
    'String',
    true,
    'Correction for rows that correct an earlier, already invoiced billing period; otherwise null.',
    { allowedValues: CHARGE_CLASSES, stringMaxLength: 10 },
  ),
  ChargeDescription: m('String', true, 'What the charge is, for people.', { stringMaxLength: 200 }),
  ChargeFrequency: r('String', false, 'One-Time, Recurring or Usage-Based.', {
    allowedValues: CHARGE_FREQUENCIES,
    stringMaxLength: 11,
  }),
  ChargePeriodEnd: m(
    'DateTime',
    false,
    'Exclusive end of the period the charge applies to (the end of its hour, within the requested range).',
  ),
  ChargePeriodStart: m(
    'DateTime',
    false,
    'Inclusive start of the period the charge applies to (the start of its hour, within the requested range).',
  ),
  CommitmentDiscountCategory: c('String', true, 'Spend or Usage commitment.', { allowedValues: ['Spend', 'Usage'] }),
  CommitmentDiscountId: c('String', true, 'Identifier of a commitment discount.'),
  CommitmentDiscountName: c('String', true, 'Display name of a commitment discount.'),
  CommitmentDiscountQuantity: c('Decimal', true, 'Amount of a commitment discount purchased or consumed.'),
  CommitmentDiscountStatus: c('String', true, 'Whether a commitment discount was used.', {
    allowedValues: USED_UNUSED,
  }),
  CommitmentDiscountType: c('String', true, 'Provider label of a commitment discount.'),
  CommitmentDiscountUnit: c('String', true, 'Unit of CommitmentDiscountQuantity.'),
  ConsumedQuantity: c(
    'Decimal',
    true,
    'Metered amount of the usage as measured (e.g. 4.2 Seconds); null on non-usage rows.',
  ),
  ConsumedUnit: c('String', true, 'Unit of ConsumedQuantity (FOCUS UnitFormat).', { stringMaxLength: 50 }),
  ContractApplied: c('JSON', true, 'Contract commitments applied to the charge.', { json: 'Object' }),
  ContractedCost: m(
    'Decimal',
    false,
    'ContractedUnitPrice × PricingQuantity; the amount paid on purchases; equal to BilledCost on rows without a price.',
  ),
  ContractedUnitPrice: c('Decimal', true, 'Agreed unit price in BillingCurrency; null without a SkuPriceId.'),
  EffectiveCost: m(
    'Decimal',
    false,
    'Amortized cost: the money value of the credits consumed (usage); 0 on purchases, which prepay future usage.',
  ),
  HostProviderName: m(
    'String',
    false,
    'Who hosts the service: the service itself (the underlying cloud is not exposed).',
    { stringMaxLength: 100 },
  ),
  InvoiceId: r('String', true, 'Identifier of the invoice the charge belongs to.'),
  InvoiceIssuerName: m('String', false, 'Who issues the invoice: the service itself (sold directly).', {
    stringMaxLength: 100,
  }),
  ListCost: m('Decimal', false, 'ListUnitPrice × PricingQuantity; equal to BilledCost on rows without a price.'),
  ListUnitPrice: c('Decimal', true, 'Public unit price in BillingCurrency; null without a SkuPriceId.'),
  PricingCategory: c('String', true, 'Standard for every priced row; null without a SkuPriceId.', {
    allowedValues: PRICING_CATEGORIES,
    stringMaxLength: 10,
  }),
  PricingCurrency: c(
    'String',
    false,
    'Currency of the PricingCurrency* columns: Credits (virtual currency) on usage, the billing currency otherwise.',
    { stringMaxLength: 10 },
  ),
  PricingCurrencyContractedUnitPrice: c(
    'Decimal',
    true,
    'Agreed unit price in PricingCurrency (credits per unit on usage).',
  ),
  PricingCurrencyEffectiveCost: c(
    'Decimal',
    false,
    'EffectiveCost in PricingCurrency: credits consumed on usage; 0 on purchases.',
  ),
  PricingCurrencyListUnitPrice: c('Decimal', true, 'List unit price in PricingCurrency (credits per unit on usage).'),
  PricingQuantity: m(
    'Decimal',
    true,
    'Priced amount: whole started units on usage, credits on purchases; null without a SkuPriceId.',
  ),
  PricingUnit: m('String', true, 'Unit of PricingQuantity (FOCUS UnitFormat); null iff PricingQuantity is null.', {
    stringMaxLength: 50,
  }),
  ProviderName: m('String', false, 'Deprecated in 1.3 (replaced by ServiceProviderName); still mandatory.', {
    deprecated: true,
    stringMaxLength: 100,
  }),
  PublisherName: m('String', false, 'Deprecated in 1.3; still mandatory.', { deprecated: true, stringMaxLength: 100 }),
  RegionId: c('String', true, 'Provider region identifier.'),
  RegionName: c('String', true, 'Provider region name.'),
  ResourceId: c(
    'String',
    true,
    'The canvas node (`<canvasId>/<nodeId>`) usage was metered on, or the credit lot a purchase created.',
    { stringMaxLength: 250 },
  ),
  ResourceName: c('String', true, 'Display name of the resource; null where only a system id exists.', {
    stringMaxLength: 200,
  }),
  ResourceType: c(
    'String',
    true,
    'Kind of resource: Canvas Node, Canvas or Credit Allocation; null iff ResourceId is null.',
    { stringMaxLength: 50 },
  ),
  ServiceCategory: m('String', false, 'FOCUS service category of the service.', {
    allowedValues: SERVICE_CATEGORIES,
    stringMaxLength: 50,
  }),
  ServiceName: m('String', false, 'The service (one ServiceCategory per ServiceName).', { stringMaxLength: 100 }),
  ServiceProviderName: m('String', false, 'Who provides the service.', { stringMaxLength: 100 }),
  ServiceSubcategory: r('String', false, 'FOCUS service subcategory, belonging to ServiceCategory.', {
    stringMaxLength: 50,
  }),
  SkuId: c(
    'String',
    true,
    'The metered operation (e.g. video.generate) or the product bought (credits.pack, plan.<id>).',
    { stringMaxLength: 100 },
  ),
  SkuMeter: c('String', true, 'What the SKU meters; null iff SkuId is null.', { stringMaxLength: 100 }),
  SkuPriceDetails: c(
    'JSON',
    true,
    'Price properties as a flat JSON object (x_Model: the model a usage price applies to).',
    { json: 'KeyValue', stringMaxLength: 300 },
  ),
  SkuPriceId: c('String', true, 'The price of the SKU in force (changes whenever the price does).', {
    stringMaxLength: 200,
  }),
  SubAccountId: c('String', true, 'Identifier of a sub account.'),
  SubAccountName: c('String', true, 'Name of a sub account.'),
  SubAccountType: c('String', true, 'Kind of sub account, when a provider has several.'),
  Tags: c('JSON', true, 'User and provider tags of the resource.', { json: 'KeyValue' }),
};

/** Every FOCUS 1.3 Cost and Usage column, by name. */
export const FOCUS_COLUMNS: ReadonlyMap<string, FocusColumn> = new Map(
  Object.entries(CATALOGUE).map(([name, def]) => [name, { name, ...def }]),
);

export const MANDATORY_COLUMNS = [...FOCUS_COLUMNS.values()]
  .filter((column) => column.level === 'Mandatory')
  .map((column) => column.name);
