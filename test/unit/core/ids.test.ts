// unit: identifiers — prefix, shape, time order, uniqueness.
import { describe, expect, it } from 'vitest';
import { ID_PREFIX, newId } from '#core/ids';

describe('newId', () => {
  it('returns prefix_ + 26 lower-case Crockford base32 characters', () => {
    // Act
    const id = newId(ID_PREFIX.canvas, Date.parse('2025-01-15T10:00:00.000Z'));

    // Assess
    expect(id).toMatch(/^cnv_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('encodes the time in the first ten characters, so later ids sort after earlier ones', () => {
    // Prepare
    const instants = [
      0,
      1,
      31,
      32,
      1_000_000,
      Date.parse('2025-01-15T10:00:00.000Z'),
      Date.parse('2099-12-31T23:59:59.999Z'),
    ];

    // Act
    const ids = instants.map((instant) => newId('x', instant));

    // Assess
    expect([...ids].sort()).toEqual(ids);
    expect(ids[0]!.slice(2, 12)).toBe('0000000000');
    expect(ids[1]!.slice(2, 12)).toBe('0000000001');
    expect(ids[3]!.slice(2, 12)).toBe('0000000010');
  });

  it('returns distinct ids within the same millisecond', () => {
    // Act
    const ids = new Set(Array.from({ length: 1000 }, () => newId('x', 1_700_000_000_000)));

    // Assess
    expect(ids.size).toBe(1000);
  });
});
