// What the store can hold: free-form values are refused with a 400 naming the place, before any write.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import { MAX_VALUE_DEPTH, assertStorable, unstorable } from '#core/storable';

const nested = (depth: number): unknown => (depth === 0 ? 'leaf' : { a: nested(depth - 1) });

describe('unstorable', () => {
  it('accepts ordinary JSON, zero, -0 and the edges of the number range', () => {
    expect(
      unstorable({ prompt: 'hi', list: [1, 2.5, -3, 0, -0, 1e-130, 9.99e125], flag: true, none: null }, 'inputs'),
    ).toBeUndefined();
  });

  it('names numbers DynamoDB cannot hold (found by the fuzz tests: were 500s)', () => {
    expect(unstorable({ prompt: 5e-324 }, 'inputs')).toBe(
      'inputs.prompt: 5e-324 cannot be stored (numbers are 0 or between 1e-130 and 1e126 in magnitude)',
    );
    expect(unstorable({ prompt: [[-1e200]] }, 'inputs')).toMatch(/^inputs\.prompt\.0\.0: -1e\+200 cannot be stored/);
    expect(unstorable({ x: Infinity }, 'canvas')).toBe('canvas.x: Infinity is not a finite number');
    expect(unstorable({ x: Number.NaN }, 'canvas')).toBe('canvas.x: NaN is not a finite number');
  });

  it('names empty object keys, but not array positions', () => {
    expect(unstorable({ '': [] }, 'inputs')).toBe('inputs: an object key is empty');
    expect(unstorable(['', ''], 'inputs')).toBeUndefined();
  });

  it(`takes ${MAX_VALUE_DEPTH} levels and refuses more, even thousands deep, without recursion`, () => {
    expect(unstorable(nested(MAX_VALUE_DEPTH), 'v')).toBeUndefined();
    expect(unstorable(nested(MAX_VALUE_DEPTH + 1), 'v')).toMatch(/nested more than 24 levels deep/);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorable(deep, 'v')).toMatch(/nested more than/);
  });

  it('throws a ValidationError (400) from assertStorable', () => {
    expect(() => assertStorable({ n: 1e300 }, 'inputs')).toThrow(ValidationError);
    expect(() => assertStorable({ n: 1e300 }, 'inputs')).toThrow(/^Cannot store inputs\.n: 1e\+300/);
  });
});
