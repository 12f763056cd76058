// core: the FOCUS 1.3 rules that read several columns of one row — conditional nullability chains,
// arithmetic between cost and quantity columns, date order (/work/shared/reference/focus-1.3.md §6).
// Changes when the specification adds or amends a rule; the single-value checks are in check-values.ts.
import { validDateTime, type CheckRow, type CheckValue } from './check-values.ts';
import { SERVICE_SUBCATEGORIES } from './columns.ts';

/** Relative tolerance of the arithmetic rules: decimal texts are compared as doubles. */
const TOLERANCE = 1e-9;
const num = (text: string) => Number(text);
const approxEqual = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));

type RowRule = (row: CheckRow, fail: (message: string) => void) => void;

export interface RuleDef {
  id: string;
  description: string;
  /** Columns the rule reads; it applies only when all are present. */
  columns: readonly string[];
  check: RowRule;
}

const has = (value: CheckValue): value is string => value !== null;

/** `when` ⇒ every column of `nullColumns` is null (only those present in the file are checked). */
function nullWhen(
  id: string,
  description: string,
  when: (row: CheckRow) => boolean,
  nullColumns: readonly string[],
  whenColumns: readonly string[],
): RuleDef {
  return {
    id,
    description,
    columns: whenColumns,
    check: (row, fail) => {
      if (!when(row)) return;
      for (const column of nullColumns)
        if (column in row && row[column] !== null) fail(`${column} is "${row[column]}"`);
    },
  };
}

/** `a` is null exactly when `b` is null. */
function nullTogether(a: string, b: string): RuleDef {
  return {
    id: `null-pair.${a}-${b}`,
    description: `${a} is null if and only if ${b} is null`,
    columns: [a, b],
    check: (row, fail) => {
      if (has(row[a]!) !== has(row[b]!))
        fail(`${a} ${has(row[a]!) ? 'set' : 'null'} but ${b} ${has(row[b]!) ? 'set' : 'null'}`);
    },
  };
}

/** `dependent` is null whenever `anchor` is null. */
function nullIfNull(dependent: string, anchor: string): RuleDef {
  return {
    id: `null-if-null.${dependent}-${anchor}`,
    description: `${dependent} is null when ${anchor} is null`,
    columns: [dependent, anchor],
    check: (row, fail) => {
      if (row[anchor] === null && row[dependent] !== null)
        fail(`${dependent} is "${row[dependent]}" with ${anchor} null`);
    },
  };
}

const isCorrection = (row: CheckRow) => row.ChargeClass === 'Correction';
const category = (row: CheckRow) => row.ChargeCategory;

export const ROW_RULES: readonly RuleDef[] = [
  // Conditional nullability chains (§6).
  nullWhen(
    'null.sku-price-id-null',
    'Without a SkuPriceId, unit prices, PricingQuantity, PricingCategory, ConsumedQuantity and CommitmentDiscountQuantity are null',
    (row) => row.SkuPriceId === null,
    [
      'ListUnitPrice',
      'ContractedUnitPrice',
      'PricingQuantity',
      'PricingCategory',
      'ConsumedQuantity',
      'CommitmentDiscountQuantity',
      'PricingCurrencyListUnitPrice',
      'PricingCurrencyContractedUnitPrice',
    ],
    ['SkuPriceId'],
  ),
  nullWhen(
    'null.tax',
    'Tax rows have no SkuId, SkuPriceId, unit prices, PricingQuantity or PricingCategory',
    (row) => category(row) === 'Tax',
    ['SkuId', 'SkuPriceId', 'ListUnitPrice', 'ContractedUnitPrice', 'PricingQuantity', 'PricingCategory'],
    ['ChargeCategory'],
  ),
  {
    id: 'not-null.priced-usage-purchase',
    description:
      'Usage and Purchase rows that are not corrections carry SkuId, SkuPriceId, unit prices, PricingQuantity, PricingUnit and PricingCategory',
    columns: ['ChargeCategory', 'ChargeClass'],
    check: (row, fail) => {
      if ((category(row) !== 'Usage' && category(row) !== 'Purchase') || isCorrection(row)) return;
      for (const column of [
        'SkuId',
        'SkuPriceId',
        'ListUnitPrice',
        'ContractedUnitPrice',
        'PricingQuantity',
        'PricingUnit',
        'PricingCategory',
      ]) {
        if (column in row && row[column] === null) fail(`${column} is null on a ${category(row)} row`);
      }
    },
  },
  nullWhen(
    'null.consumed-quantity-not-usage',
    'ConsumedQuantity is null on rows other than Usage',
    (row) => category(row) !== 'Usage',
    ['ConsumedQuantity'],
    ['ChargeCategory', 'ConsumedQuantity'],
  ),
  {
    id: 'not-null.consumed-quantity-usage',
    description:
      'Usage rows that are not corrections, with a SkuPriceId and not an unused commitment, carry ConsumedQuantity',
    columns: ['ChargeCategory', 'ChargeClass', 'ConsumedQuantity', 'SkuPriceId'],
    check: (row, fail) => {
      if (
        category(row) !== 'Usage' ||
        isCorrection(row) ||
        row.SkuPriceId === null ||
        row.CommitmentDiscountStatus === 'Unused'
      )
        return;
      if (row.ConsumedQuantity === null) fail('ConsumedQuantity is null');
    },
  },
  nullTogether('PricingUnit', 'PricingQuantity'),
  nullTogether('ConsumedUnit', 'ConsumedQuantity'),
  nullTogether('RegionName', 'RegionId'),
  nullTogether('ResourceType', 'ResourceId'),
  nullIfNull('ResourceName', 'ResourceId'),
  nullTogether('SubAccountName', 'SubAccountId'),
  nullTogether('SubAccountType', 'SubAccountId'),
  nullTogether('BillingAccountType', 'BillingAccountId'),
  nullTogether('CommitmentDiscountCategory', 'CommitmentDiscountId'),
  nullTogether('CommitmentDiscountType', 'CommitmentDiscountId'),
  nullIfNull('CommitmentDiscountName', 'CommitmentDiscountId'),
  nullIfNull('CommitmentDiscountStatus', 'CommitmentDiscountId'),
  nullTogether('CommitmentDiscountUnit', 'CommitmentDiscountQuantity'),
  nullIfNull('CapacityReservationStatus', 'CapacityReservationId'),
  nullTogether('AllocatedResourceName', 'AllocatedResourceId'),
  nullIfNull('SkuMeter', 'SkuId'),
  nullIfNull('SkuPriceDetails', 'SkuPriceId'),
  {
    id: 'not-null.commitment-discount-status-usage',
    description: 'Usage rows of a commitment discount say whether it was Used or Unused',
    columns: ['ChargeCategory', 'CommitmentDiscountId', 'CommitmentDiscountStatus'],
    check: (row, fail) => {
      if (category(row) === 'Usage' && row.CommitmentDiscountId !== null && row.CommitmentDiscountStatus === null)
        fail('CommitmentDiscountStatus is null');
    },
  },
  // Arithmetic and signs.
  {
    id: 'calc.list-cost',
    description: 'ListCost = ListUnitPrice × PricingQuantity when both are set',
    columns: ['ListCost', 'ListUnitPrice', 'PricingQuantity'],
    check: (row, fail) => {
      if (!row.ListUnitPrice || !row.PricingQuantity || !row.ListCost) return;
      if (!approxEqual(num(row.ListCost), num(row.ListUnitPrice) * num(row.PricingQuantity!)))
        fail(`${row.ListCost} ≠ ${row.ListUnitPrice} × ${row.PricingQuantity}`);
    },
  },
  {
    id: 'calc.contracted-cost',
    description: 'ContractedCost = ContractedUnitPrice × PricingQuantity when both are set',
    columns: ['ContractedCost', 'ContractedUnitPrice', 'PricingQuantity'],
    check: (row, fail) => {
      if (!row.ContractedUnitPrice || !row.PricingQuantity || !row.ContractedCost) return;
      if (!approxEqual(num(row.ContractedCost), num(row.ContractedUnitPrice) * num(row.PricingQuantity)))
        fail(`${row.ContractedCost} ≠ ${row.ContractedUnitPrice} × ${row.PricingQuantity}`);
    },
  },
  ...['ListUnitPrice', 'ContractedUnitPrice', 'PricingCurrencyListUnitPrice', 'PricingCurrencyContractedUnitPrice'].map(
    (column): RuleDef => ({
      id: `calc.non-negative.${column}`,
      description: `${column} is not negative`,
      columns: [column],
      check: (row, fail) => {
        if (row[column] !== null && num(row[column]!) < 0) fail(`${column} is ${row[column]}`);
      },
    }),
  ),
  {
    id: 'calc.purchase-effective-cost',
    description: 'EffectiveCost is 0 on Purchase rows (a purchase prepays charges amortized elsewhere)',
    columns: ['ChargeCategory', 'EffectiveCost'],
    check: (row, fail) => {
      if (category(row) === 'Purchase' && row.EffectiveCost && num(row.EffectiveCost) !== 0)
        fail(`EffectiveCost is ${row.EffectiveCost}`);
    },
  },
  {
    id: 'values.purchase-frequency',
    description: 'ChargeFrequency is not Usage-Based on Purchase rows',
    columns: ['ChargeCategory', 'ChargeFrequency'],
    check: (row, fail) => {
      if (category(row) === 'Purchase' && row.ChargeFrequency === 'Usage-Based') fail('Usage-Based purchase');
    },
  },
  {
    id: 'values.service-subcategory-parent',
    description: "ServiceSubcategory belongs to the row's ServiceCategory",
    columns: ['ServiceCategory', 'ServiceSubcategory'],
    check: (row, fail) => {
      if (!row.ServiceCategory || !row.ServiceSubcategory) return;
      if (!SERVICE_SUBCATEGORIES[row.ServiceCategory]?.includes(row.ServiceSubcategory))
        fail(`${row.ServiceSubcategory} is not a subcategory of ${row.ServiceCategory}`);
    },
  },
  // Our own, safe additions (§6: start before end; containment is deliberately not enforced).
  ...(['Charge', 'Billing'] as const).map(
    (kind): RuleDef => ({
      id: `period.${kind.toLowerCase()}-start-before-end`,
      description: `${kind}PeriodStart is before ${kind}PeriodEnd`,
      columns: [`${kind}PeriodStart`, `${kind}PeriodEnd`],
      check: (row, fail) => {
        const start = row[`${kind}PeriodStart`];
        const end = row[`${kind}PeriodEnd`];
        if (start && end && validDateTime(start) && validDateTime(end) && !(start < end))
          fail(`${start} is not before ${end}`);
      },
    }),
  ),
];
