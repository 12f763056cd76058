// unit: the scope list of the spec and the scope ceiling.
import { describe, expect, it } from 'vitest';
import {
  acceptedScopes,
  ALL_SCOPES,
  DEFAULT_KEY_SCOPES,
  describeRequirement,
  meetsRequirement,
  SCOPES,
  ScopeSchema,
  scopesBeyondCeiling,
} from '#core/scopes';

describe('SCOPES', () => {
  it('lists exactly the nine scopes of the spec', () => {
    // Act
    const scopes = [...SCOPES].sort();

    // Assess
    expect(scopes).toEqual(
      [
        'read:canvases',
        'read:assets',
        'run:workflows',
        'write:canvas',
        'write:assets',
        'delete:canvas',
        'delete:assets',
        'manage:integrations',
        'read:billing',
      ].sort(),
    );
    expect(ALL_SCOPES).toEqual(SCOPES);
  });

  it('defaults new keys to read:canvases and run:workflows', () => {
    // Assess
    expect(DEFAULT_KEY_SCOPES).toEqual(['read:canvases', 'run:workflows']);
  });

  it('rejects a scope name that is not in the list', () => {
    // Act
    const parsed = ScopeSchema.safeParse('write:canvases');

    // Assess
    expect(parsed.success).toBe(false);
  });
});

describe('scopesBeyondCeiling', () => {
  it('returns the requested scopes the holder lacks, in request order', () => {
    // Act
    const beyond = scopesBeyondCeiling(['read:billing', 'read:canvases', 'write:canvas'], ['read:canvases']);

    // Assess
    expect(beyond).toEqual(['read:billing', 'write:canvas']);
  });

  it('returns nothing when the request is within the ceiling', () => {
    // Act
    const beyond = scopesBeyondCeiling(['read:canvases'], ALL_SCOPES);

    // Assess
    expect(beyond).toEqual([]);
  });
});

describe('scope requirements (one scope or an any-of pair)', () => {
  it('accepts a principal holding any one scope of a pair, and refuses one holding neither', () => {
    // Prepare
    const pair = ['read:assets', 'read:canvases'] as const;
    // Assess
    expect(meetsRequirement(['read:assets'], pair)).toBe(true);
    expect(meetsRequirement(['read:canvases'], pair)).toBe(true);
    expect(meetsRequirement(['write:assets', 'run:workflows'], pair)).toBe(false);
    expect(meetsRequirement([], pair)).toBe(false);
  });

  it('treats a single scope as a pair of one and null as no requirement', () => {
    // Assess
    expect(meetsRequirement(['write:canvas'], 'write:canvas')).toBe(true);
    expect(meetsRequirement(['write:assets'], 'write:canvas')).toBe(false);
    expect(meetsRequirement([], null)).toBe(true);
    expect(acceptedScopes(null)).toEqual([]);
    expect(acceptedScopes('write:canvas')).toEqual(['write:canvas']);
  });

  it('names every accepted scope, in the order given', () => {
    // Assess
    expect(describeRequirement(['delete:assets', 'write:canvas'])).toBe('delete:assets or write:canvas');
    expect(describeRequirement('read:billing')).toBe('read:billing');
    expect(describeRequirement(null)).toBeNull();
  });
});
