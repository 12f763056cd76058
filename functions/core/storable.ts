// core: what the store can hold. Free-form values (run inputs, node data) reach DynamoDB, which refuses
// some JSON: numbers outside its range, empty map keys, nesting past 32 levels. Checked before a write,
// so that such a value is a 400 that names it, never a 500 from the database (found by the fuzz tests).
import { ValidationError } from './errors.ts';

/** Nesting allowed inside a free-form value: DynamoDB's 32 levels, less the levels of the item around it. */
export const MAX_VALUE_DEPTH = 24;
/** DynamoDB numbers: zero, or a magnitude from 1e-130 up to (not including) 1e126. */
const SMALLEST = 1e-130;
const LARGEST = 1e126;

/** Why `value` cannot be stored, naming where in it (`what.a.0`), or undefined when it can. */
export function unstorable(value: unknown, what: string): string | undefined {
  // Iterative: a value may arrive thousands of levels deep, and recursion would overflow the stack.
  const stack: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: what, depth: 0 }];
  while (stack.length > 0) {
    const { value: current, path, depth } = stack.pop()!;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return `${path}: ${current} is not a finite number`;
      const magnitude = Math.abs(current);
      if (current !== 0 && (magnitude < SMALLEST || magnitude >= LARGEST)) {
        return `${path}: ${current} cannot be stored (numbers are 0 or between 1e-130 and 1e126 in magnitude)`;
      }
    } else if (current !== null && typeof current === 'object') {
      if (depth >= MAX_VALUE_DEPTH) return `${path}: nested more than ${MAX_VALUE_DEPTH} levels deep`;
      for (const [key, inner] of Object.entries(current)) {
        if (key === '' && !Array.isArray(current)) return `${path}: an object key is empty`;
        stack.push({ value: inner, path: `${path}.${key}`, depth: depth + 1 });
      }
    }
  }
  return undefined;
}

/** Throws a ValidationError when `value` cannot be stored. */
export function assertStorable(value: unknown, what: string): void {
  const problem = unstorable(value, what);
  if (problem) throw new ValidationError(`Cannot store ${problem}`);
}
