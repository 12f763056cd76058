// core: a FOCUS 1.3 Cost and Usage conformance checker of our own — the static rules of the reference
// (/work/shared/reference/focus-1.3.md §6: presence, types and formats, nullability, allowed values,
// conditional nullability chains, arithmetic, one-to-one mappings), over rows streamed one at a time.
// The official validator is Python and reads no JSONL; this one runs in our tests on both formats and on
// the public samples. Values arrive as text (CSV fields, or JSONL values turned to text by the caller);
// null is null (an empty CSV field, a JSONL null).
//
//   new FocusChecker(header) ─► header rules (presence, names, order)
//        checkRow(row) × n   ─► row rules (each counts violations and keeps a few examples)
//        report()            ─► cross-row rules (ServiceName → one category, SkuPriceId → one SkuId)
import {
  EXPORT_COLUMNS,
  FOCUS_COLUMNS,
  MANDATORY_COLUMNS,
  SERVICE_SUBCATEGORIES,
  type FocusColumn,
} from './columns.ts';

export type CheckValue = string | null;
export type CheckRow = Record<string, CheckValue>;

export interface RuleResult {
  readonly id: string;
  readonly description: string;
  /** Rows (or columns) that broke the rule. */
  violations: number;
  /** Up to five examples: `row <n>: <what>`. */
  readonly examples: string[];
}

export interface CheckReport {
  readonly ok: boolean;
  readonly rows: number;
  /** Rules that applied to this file (their columns are present). */
  readonly rules: readonly RuleResult[];
  readonly failures: readonly RuleResult[];
}

export interface CheckerOptions {
  /**
   * Columns that must be present besides the mandatory ones: the conditional columns of the capabilities
   * a data generator claims (for our export: every conditional column it writes).
   */
  readonly requiredColumns?: readonly string[];
}

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const NATIONAL_CURRENCY = /^[A-Z]{3}$/;
const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;
const CUSTOM_COLUMN = /^x_[A-Za-z0-9_]+$/;
/** Relative tolerance of the arithmetic rules: decimal texts are compared as doubles. */
const TOLERANCE = 1e-9;

function validDateTime(text: string): boolean {
  const match = DATETIME.exec(text);
  if (!match) return false;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  const date = new Date(Date.UTC(y!, mo! - 1, d!, h!, mi!, s!));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo! - 1 &&
    date.getUTCDate() === d &&
    h! < 24 &&
    mi! < 60 &&
    s! < 60
  );
}

function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const isScalar = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);

/** JsonObjectFormat: arrays hold values of one JSON type, no nulls. */
function homogeneousArrays(value: unknown): boolean {
  if (Array.isArray(value)) {
    const kinds = new Set(value.map((item) => (item === null ? 'null' : Array.isArray(item) ? 'array' : typeof item)));
    return !kinds.has('null') && kinds.size <= 1 && value.every(homogeneousArrays);
  }
  if (value !== null && typeof value === 'object') return Object.values(value).every(homogeneousArrays);
  return true;
}

const num = (text: string) => Number(text);
const approxEqual = (a: number, b: number) => Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(a), Math.abs(b));

type RowRule = (row: CheckRow, fail: (message: string) => void) => void;

interface RuleDef {
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

const ROW_RULES: readonly RuleDef[] = [
  // Conditional nullability chains (§6).
  nullWhen(
    'null.sku-price-id-null',
    'Without a SkuPriceId, unit prices, PricingQuantity, PricingCategory, ConsumedQuantity and ' +
      'CommitmentDiscountQuantity are null',
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
      'Usage and Purchase rows that are not corrections carry SkuId, SkuPriceId, unit prices, ' +
      'PricingQuantity, PricingUnit and PricingCategory',
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

/** Checks one column's value against its definition: type, format, nullability, allowed values. */
function checkValue(column: FocusColumn, value: CheckValue): string | undefined {
  if (value === null) {
    if (!column.nullable) return `${column.name} is null`;
    return undefined;
  }
  if (value === '') return `${column.name} is an empty string (null must be null)`;
  switch (column.type) {
    case 'Decimal':
      if (!DECIMAL.test(value)) return `${column.name} "${value}" is not a decimal`;
      break;
    case 'DateTime':
      if (!validDateTime(value)) return `${column.name} "${value}" is not YYYY-MM-DDTHH:mm:ssZ`;
      break;
    case 'JSON': {
      const object = jsonObject(value);
      if (!object) return `${column.name} is not a serialized JSON object`;
      if (column.json === 'KeyValue' && !Object.values(object).every(isScalar))
        return `${column.name} holds a nested value (KeyValueFormat allows scalars only)`;
      if (column.json === 'Object' && !homogeneousArrays(object))
        return `${column.name} holds a mixed or null-holding array`;
      break;
    }
    case 'String':
      break;
  }
  if (column.allowedValues && !column.allowedValues.includes(value))
    return `${column.name} "${value}" is not one of ${column.allowedValues.join(', ')}`;
  if (column.name === 'BillingCurrency' && !NATIONAL_CURRENCY.test(value))
    return `BillingCurrency "${value}" is not an ISO 4217 code`;
  if (column.name === 'SkuPriceDetails') {
    const bad = Object.keys(jsonObject(value)!).find((key) => !PASCAL_CASE.test(key) && !CUSTOM_COLUMN.test(key));
    if (bad) return `SkuPriceDetails key "${bad}" is neither PascalCase nor x_-prefixed`;
  }
  return undefined;
}

/** A streaming FOCUS 1.3 Cost and Usage checker. */
export class FocusChecker {
  private readonly results = new Map<string, RuleResult>();
  private readonly focusColumns: FocusColumn[];
  private readonly rowRules: RuleDef[];
  private rows = 0;
  private readonly serviceCategoryOf = new Map<string, string>();
  private readonly serviceSubcategoryOf = new Map<string, string | null>();
  private readonly skuOfPrice = new Map<string, string | null>();

  constructor(header: readonly string[], options: CheckerOptions = {}) {
    const present = new Set(header);
    const rule = (id: string, description: string) => this.rule(id, description);
    const columns = rule('columns.mandatory-present', 'Every mandatory FOCUS 1.3 column is present');
    for (const name of [...MANDATORY_COLUMNS, ...(options.requiredColumns ?? [])]) {
      if (!present.has(name)) this.fail(columns, `column ${name} is missing`);
    }
    const names = rule(
      'columns.names',
      'Every column is a FOCUS 1.3 column or an x_ custom column of at most 50 characters, once',
    );
    const seen = new Set<string>();
    let customSeen = false;
    const order = rule('columns.custom-last', 'x_ custom columns come after every FOCUS column');
    for (const name of header) {
      if (seen.has(name)) this.fail(names, `column ${name} appears twice`);
      seen.add(name);
      const custom = CUSTOM_COLUMN.test(name);
      if ((!FOCUS_COLUMNS.has(name) && !custom) || name.length > 50)
        this.fail(names, `column "${name}" is not a FOCUS 1.3 column nor x_-prefixed`);
      if (custom) customSeen = true;
      else if (customSeen) this.fail(order, `FOCUS column ${name} follows an x_ column`);
    }
    this.focusColumns = header.filter((name) => FOCUS_COLUMNS.has(name)).map((name) => FOCUS_COLUMNS.get(name)!);
    // Errata #9/#10: PricingCurrency and PricingCurrencyEffectiveCost are never null when present.
    rule(
      'values.column-format',
      'Each value matches its column: type and format, nullability, allowed values, ISO 4217 ' +
        'BillingCurrency, KeyValue/JsonObject JSON',
    );
    this.rowRules = ROW_RULES.filter((def) => def.columns.every((name) => present.has(name)));
    for (const def of this.rowRules) rule(def.id, def.description);
    if (present.has('ServiceName') && present.has('ServiceCategory'))
      rule('cross.service-name-category', 'Each ServiceName maps to one ServiceCategory (and one ServiceSubcategory)');
    if (present.has('SkuPriceId') && present.has('SkuId'))
      rule('cross.sku-price-one-sku', 'Each SkuPriceId has one parent SkuId');
  }

  private rule(id: string, description: string): RuleResult {
    let result = this.results.get(id);
    if (!result) {
      result = { id, description, violations: 0, examples: [] };
      this.results.set(id, result);
    }
    return result;
  }

  private fail(result: RuleResult, message: string): void {
    result.violations++;
    if (result.examples.length < 5) result.examples.push(this.rows > 0 ? `row ${this.rows}: ${message}` : message);
  }

  /** Checks one data row (keys: the header's column names; values: text or null). */
  checkRow(row: CheckRow): void {
    this.rows++;
    const format = this.results.get('values.column-format')!;
    for (const column of this.focusColumns) {
      const problem = checkValue(column, row[column.name] ?? null);
      if (problem) this.fail(format, problem);
    }
    for (const def of this.rowRules) {
      const result = this.results.get(def.id)!;
      def.check(row, (message) => this.fail(result, message));
    }
    this.crossRow(row);
  }

  private crossRow(row: CheckRow): void {
    const name = row.ServiceName;
    const services = this.results.get('cross.service-name-category');
    if (services && name) {
      const known = this.serviceCategoryOf.get(name);
      if (known === undefined) {
        this.serviceCategoryOf.set(name, row.ServiceCategory ?? '');
        this.serviceSubcategoryOf.set(name, row.ServiceSubcategory ?? null);
      } else if (
        known !== (row.ServiceCategory ?? '') ||
        ('ServiceSubcategory' in row && this.serviceSubcategoryOf.get(name) !== row.ServiceSubcategory)
      ) {
        this.fail(services, `ServiceName ${name} has a second category or subcategory`);
      }
    }
    const skus = this.results.get('cross.sku-price-one-sku');
    if (skus && row.SkuPriceId) {
      const known = this.skuOfPrice.get(row.SkuPriceId);
      if (known === undefined) this.skuOfPrice.set(row.SkuPriceId, row.SkuId ?? null);
      else if (known !== (row.SkuId ?? null))
        this.fail(skus, `SkuPriceId ${row.SkuPriceId} has SkuIds ${known} and ${row.SkuId}`);
    }
  }

  report(): CheckReport {
    const rules = [...this.results.values()];
    const failures = rules.filter((rule) => rule.violations > 0);
    return { ok: failures.length === 0, rows: this.rows, rules, failures };
  }
}

/** The checker as our export is held to it: every conditional column it writes must be there too. */
export function exportChecker(header: readonly string[]): FocusChecker {
  return new FocusChecker(header, {
    requiredColumns: EXPORT_COLUMNS.filter((column) => column.level !== 'Custom').map((column) => column.name),
  });
}

/** A JSONL value as the checker's text: numbers keep their JSON text; strings stay; null is null. */
export function jsonValueAsText(value: unknown): CheckValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
