// core: the columns our export writes, in file order — every mandatory column, the conditional and
// recommended ones a credit ledger can fill, then our `x_` custom columns. It changes when what we export
// changes, not when the spec's catalogue does.
import { FOCUS_COLUMNS, type FocusColumn } from './catalogue.ts';

/** Our custom columns: FOCUS ColumnHandling wants the `x_` prefix, placed after the FOCUS columns. */
const CUSTOM: readonly FocusColumn[] = [
  {
    name: 'x_CreditTransactionId',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description:
      'The ledger entry of a single-entry row (purchase, grant, refund, adjustment, expiry); null on hourly usage aggregates.',
    stringMaxLength: 40,
  },
  {
    name: 'x_CreditEntryType',
    type: 'String',
    level: 'Custom',
    nullable: false,
    description: 'Ledger entry type behind the row: grant, purchase, usage, refund, adjustment or expiry.',
    stringMaxLength: 10,
  },
  {
    name: 'x_CreditEntryCount',
    type: 'Decimal',
    level: 'Custom',
    nullable: false,
    description: 'How many ledger entries the row sums (1 except on usage aggregates).',
  },
  {
    name: 'x_Credits',
    type: 'Decimal',
    level: 'Custom',
    nullable: false,
    description: 'Signed change of the credit balance the row stands for (negative for consumption).',
  },
  {
    name: 'x_OperationId',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description:
      'The operation that caused a single-entry row (payment event, admin grant, …); null on usage aggregates.',
    stringMaxLength: 300,
  },
  {
    name: 'x_CanvasId',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description: 'Canvas the usage ran on.',
    stringMaxLength: 64,
  },
  {
    name: 'x_ExecutionId',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description: 'The run whose node caused the usage (ResourceId names the node); null for usage outside runs.',
    stringMaxLength: 100,
  },
  {
    name: 'x_PublishedServerId',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description:
      'The published server (psv_…) whose tool call started the run that caused the usage (docs/published-servers.md); null for every other usage.',
    stringMaxLength: 64,
  },
  {
    name: 'x_PaymentReference',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description: 'Payment provider object of a purchase or its refund (checkout session or invoice id).',
    stringMaxLength: 200,
  },
  {
    name: 'x_GrantedBy',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description: 'Who granted free credits (admin-cli, plan, promotion, …).',
    stringMaxLength: 100,
  },
  {
    name: 'x_Reason',
    type: 'String',
    level: 'Custom',
    nullable: true,
    description: 'Why an adjustment was made.',
    stringMaxLength: 500,
  },
];

const EXPORTED_FOCUS_COLUMNS = [
  'BilledCost',
  'BillingAccountId',
  'BillingAccountName',
  'BillingCurrency',
  'BillingPeriodEnd',
  'BillingPeriodStart',
  'ChargeCategory',
  'ChargeClass',
  'ChargeDescription',
  'ChargeFrequency',
  'ChargePeriodEnd',
  'ChargePeriodStart',
  'ConsumedQuantity',
  'ConsumedUnit',
  'ContractedCost',
  'ContractedUnitPrice',
  'EffectiveCost',
  'HostProviderName',
  'InvoiceIssuerName',
  'ListCost',
  'ListUnitPrice',
  'PricingCategory',
  'PricingCurrency',
  'PricingCurrencyContractedUnitPrice',
  'PricingCurrencyEffectiveCost',
  'PricingCurrencyListUnitPrice',
  'PricingQuantity',
  'PricingUnit',
  'ProviderName',
  'PublisherName',
  'ResourceId',
  'ResourceName',
  'ResourceType',
  'ServiceCategory',
  'ServiceName',
  'ServiceProviderName',
  'ServiceSubcategory',
  'SkuId',
  'SkuMeter',
  'SkuPriceDetails',
  'SkuPriceId',
] as const;

/** The columns of our export, in file order: FOCUS columns, then `x_` columns. */
export const EXPORT_COLUMNS: readonly FocusColumn[] = [
  ...EXPORTED_FOCUS_COLUMNS.map((name) => FOCUS_COLUMNS.get(name)!),
  ...CUSTOM,
];

export type ExportColumnName = (typeof EXPORTED_FOCUS_COLUMNS)[number] | (typeof CUSTOM)[number]['name'];

/** A decimal as its exact text (`"0.01"`, `"-12"`): written unquoted in JSONL, verbatim in CSV. */
export type DecimalText = string;

/** One row of the export: every export column, null where the row has no value. */
export type FocusRow = Record<string, string | null>;

/**
 * The capabilities our export claims (the validator's applicability criteria): the conditional columns
 * they bring must be present. Checked by the conformance checker against our own files.
 */
export const CLAIMED_CONDITIONAL_COLUMNS = EXPORT_COLUMNS.filter((column) => column.level === 'Conditional').map(
  (column) => column.name,
);
