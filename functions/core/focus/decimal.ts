// core: exact decimal arithmetic for FOCUS cost columns. Money and unit prices are fixed-point BigInts
// with 12 decimal places, so ListCost = ListUnitPrice × PricingQuantity holds digit for digit and sums
// of thousands of usage entries never pick up binary-float noise. Output is the shortest exact text.

const SCALE_DIGITS = 12;
const SCALE = 10n ** BigInt(SCALE_DIGITS);

/** A decimal: value × 10^12 as a BigInt. */
export type Fixed = bigint;

export const ZERO: Fixed = 0n;

/** Parses `"19.99"`, `"-0.5"`, `"12"`; more than 12 decimals are rounded half away from zero. */
export function parseFixed(text: string): Fixed {
  const match = /^(-)?(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!match) throw new Error(`Not a decimal: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const kept = fraction.slice(0, SCALE_DIGITS).padEnd(SCALE_DIGITS, '0');
  let value = BigInt(whole!) * SCALE + BigInt(kept);
  if (fraction.length > SCALE_DIGITS && fraction[SCALE_DIGITS]! >= '5') value += 1n;
  return sign ? -value : value;
}

/** A whole number (credits, whole units) as a decimal. */
export function fromInteger(value: number): Fixed {
  return BigInt(value) * SCALE;
}

/** A finite double (a measured quantity such as 4.2 seconds), rounded to 12 decimals. */
export function fromNumber(value: number): Fixed {
  if (Number.isInteger(value)) return fromInteger(value);
  return parseFixed(value.toFixed(SCALE_DIGITS));
}

export function multiply(a: Fixed, b: Fixed): Fixed {
  const product = a * b;
  const half = SCALE / 2n;
  return product >= 0n ? (product + half) / SCALE : -((-product + half) / SCALE);
}

export function divide(a: Fixed, b: Fixed): Fixed {
  if (b === 0n) throw new Error('Division by zero');
  const negative = a < 0n !== b < 0n;
  const [x, y] = [a < 0n ? -a : a, b < 0n ? -b : b];
  const quotient = (x * SCALE * 2n + y) / (y * 2n);
  return negative ? -quotient : quotient;
}

export const negate = (a: Fixed): Fixed => -a;

/** Shortest exact text: `"0.01"`, `"-12"`, `"0"`; never `-0` and never exponent notation. */
export function formatFixed(value: Fixed): string {
  if (value === 0n) return '0';
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(SCALE_DIGITS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
