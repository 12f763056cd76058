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
//
// The value checks are in check-values.ts, the rules across one row's columns in row-rules.ts.
import { EXPORT_COLUMNS, FOCUS_COLUMNS, MANDATORY_COLUMNS, type FocusColumn } from './columns.ts';
import { checkValue, CUSTOM_COLUMN, type CheckRow } from './check-values.ts';
import { ROW_RULES, type RuleDef } from './row-rules.ts';

export { jsonValueAsText, type CheckRow } from './check-values.ts';

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
      'Each value matches its column: type and format, nullability, allowed values, ISO 4217 BillingCurrency, KeyValue/JsonObject JSON',
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
