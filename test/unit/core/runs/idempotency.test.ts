// unit: idempotency of run requests — canonical JSON, the request fingerprint, key choice and form.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import {
  canonicalJson,
  chooseIdempotencyKey,
  derivedRunKey,
  idempotencyKeyHash,
  isDerivedRunKey,
  namesRun,
  replayMessage,
  runFingerprint,
} from '#core/runs/idempotency';

describe('canonicalJson', () => {
  it('sorts object keys at every depth, so key order does not matter', () => {
    // Act
    const a = canonicalJson({ b: 1, a: { d: [1, { z: 1, y: 2 }], c: 'x' } });
    const b = canonicalJson({ a: { c: 'x', d: [1, { y: 2, z: 1 }] }, b: 1 });

    // Assess
    expect(a).toBe(b);
    expect(a).toBe('{"a":{"c":"x","d":[1,{"y":2,"z":1}]},"b":1}');
  });

  it('keeps array order and drops undefined members', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson(undefined)).toBe('null');
  });

  it('escapes keys and strings as JSON does', () => {
    expect(canonicalJson({ 'q"k': 'line\nbreak' })).toBe('{"q\\"k":"line\\nbreak"}');
  });
});

describe('runFingerprint', () => {
  const base = {
    canvasId: 'cnv_1',
    triggerNodeId: 'prompt',
    inputs: { topic: 'cats', n: 2 },
    callbackUrl: 'https://hooks.example/cb',
  };

  it('is the same for the same request whatever the key order of inputs', () => {
    expect(runFingerprint(base)).toBe(runFingerprint({ ...base, inputs: { n: 2, topic: 'cats' } }));
    expect(runFingerprint(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('ignores how the caller waits (sync, timeoutSeconds) and the key itself', () => {
    // Prepare: the route's whole body, as a wider object
    const withWaiting = { ...base, sync: true, timeoutSeconds: 5, idempotencyKey: 'k-1' };

    // Act + Assess
    expect(runFingerprint(withWaiting)).toBe(runFingerprint(base));
  });

  it('changes with the canvas, the trigger node, the inputs and the callback URL', () => {
    const fingerprints = new Set([
      runFingerprint(base),
      runFingerprint({ ...base, canvasId: 'cnv_2' }),
      runFingerprint({ ...base, triggerNodeId: 'hook' }),
      runFingerprint({ ...base, inputs: { topic: 'dogs', n: 2 } }),
      runFingerprint({ ...base, callbackUrl: 'https://hooks.example/other' }),
      runFingerprint({ ...base, callbackUrl: undefined }),
    ]);
    expect(fingerprints.size).toBe(6);
  });

  it('treats missing inputs as empty inputs', () => {
    expect(runFingerprint({ canvasId: 'c', triggerNodeId: 't', inputs: undefined })).toBe(
      runFingerprint({ canvasId: 'c', triggerNodeId: 't', inputs: {} }),
    );
  });
});

describe('chooseIdempotencyKey', () => {
  it('takes the header, the body field, or both when they agree', () => {
    expect(chooseIdempotencyKey('key-1', undefined)).toBe('key-1');
    expect(chooseIdempotencyKey(undefined, 'key-2')).toBe('key-2');
    expect(chooseIdempotencyKey('same', 'same')).toBe('same');
    expect(chooseIdempotencyKey(undefined, undefined)).toBeUndefined();
  });

  it('refuses a header and a body field that disagree (400)', () => {
    expect(() => chooseIdempotencyKey('a', 'b')).toThrow(ValidationError);
  });

  it('refuses keys that are empty, too long, or contain spaces, control or non-ASCII characters (400)', () => {
    for (const bad of ['', 'has space', 'tab\there', 'new\nline', 'café', 'x'.repeat(256), '\u007f']) {
      expect(() => chooseIdempotencyKey(bad, undefined), JSON.stringify(bad)).toThrow(ValidationError);
      expect(() => chooseIdempotencyKey(undefined, bad), JSON.stringify(bad)).toThrow(ValidationError);
    }
  });

  it('accepts 1 to 255 printable ASCII characters', () => {
    for (const good of ['a', 'x'.repeat(255), 'order-42:retry#1', '!~{}[]"\'']) {
      expect(chooseIdempotencyKey(good, undefined)).toBe(good);
    }
  });
});

describe('key helpers', () => {
  it('derives the key from the fingerprint and stores only a SHA-256 of the key', () => {
    expect(derivedRunKey('abc')).toBe('derived:abc');
    expect(idempotencyKeyHash('k')).toBe(createHash('sha256').update('k').digest('hex'));
  });
});

describe('namesRun', () => {
  it("keeps a caller's key naming its run whatever the canvas version", () => {
    expect(namesRun({}, false, 7)).toBe(true);
    expect(namesRun({ canvasVersion: 3 }, false, 7)).toBe(true);
  });

  it('lets a derived key name its run only at the canvas version the run froze', () => {
    expect(namesRun({ canvasVersion: 7 }, true, 7)).toBe(true);
    expect(namesRun({ canvasVersion: 6 }, true, 7)).toBe(false);
    // A record from before versions were kept, or a canvas that is gone
    expect(namesRun({}, true, 7)).toBe(false);
    expect(namesRun({ canvasVersion: 7 }, true, undefined)).toBe(false);
  });

  it('recognises derived keys', () => {
    expect(isDerivedRunKey(derivedRunKey('abc'))).toBe(true);
    expect(isDerivedRunKey('my-key')).toBe(false);
  });
});

describe('replayMessage', () => {
  it('tells the caller of a derived replay how to run again now', () => {
    expect(replayMessage(true, 12)).toMatch(/12 s ago.*new Idempotency-Key/);
    expect(replayMessage(false, 12)).toMatch(/idempotency key/);
  });
});
