// core: one FOCUS 1.3 value against its column's definition — type and format (Decimal, DateTime,
// KeyValue/JsonObject JSON), nullability, allowed values, ISO 4217 currency codes. Changes when the
// specification's data types or formats do; the conditional rules are in row-rules.ts.
import type { FocusColumn } from './columns.ts';

export type CheckValue = string | null;
export type CheckRow = Record<string, CheckValue>;

const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;
const DATETIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;
const NATIONAL_CURRENCY = /^[A-Z]{3}$/;
const PASCAL_CASE = /^[A-Z][A-Za-z0-9]*$/;
export const CUSTOM_COLUMN = /^x_[A-Za-z0-9_]+$/;

export function validDateTime(text: string): boolean {
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

/** Checks one column's value against its definition: type, format, nullability, allowed values. */
export function checkValue(column: FocusColumn, value: CheckValue): string | undefined {
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

/** A JSONL value as the checker's text: numbers keep their JSON text; strings stay; null is null. */
export function jsonValueAsText(value: unknown): CheckValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
