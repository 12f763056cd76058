// unit: how a template snapshot is cut into parts for the table (gzip, then fixed-size slices).
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PayloadTooLargeError } from '#core/errors';
import { CANVAS_MAX_BYTES } from '#core/canvas/model';
import type { TemplateSnapshot } from '#core/templates/model';
import {
  TEMPLATE_MAX_PARTS,
  TEMPLATE_PART_BYTES,
  decodeSnapshot,
  encodeSnapshot,
} from '#adapters/dynamodb/template-parts';

const withDocument = (content: string): TemplateSnapshot => ({
  viewport: { x: 0, y: 0, zoom: 1 },
  nodes: [
    {
      id: 'doc',
      type: 'text',
      position: { x: 0, y: 0 },
      data: { label: 'é ✓ 日本' },
      document: { content, format: 'text' },
    },
  ],
  edges: [],
});

describe('encodeSnapshot / decodeSnapshot', () => {
  it('round-trips a snapshot, non-ASCII text included', () => {
    const snapshot = withDocument('Grüße 👋 '.repeat(100));
    expect(decodeSnapshot(encodeSnapshot(snapshot))).toEqual(snapshot);
  });

  it('fits a repetitive canvas at the size limit into one part (gzip)', () => {
    const parts = encodeSnapshot(withDocument('All work and no play. '.repeat(CANVAS_MAX_BYTES / 22)));
    expect(parts).toHaveLength(1);
  });

  it('cuts an incompressible canvas at the size limit into parts of at most TEMPLATE_PART_BYTES, in order', () => {
    // Prepare: random base64 keeps about 3/4 of its size under gzip
    const snapshot = withDocument(
      randomBytes(CANVAS_MAX_BYTES)
        .toString('base64')
        .slice(0, CANVAS_MAX_BYTES - 1024),
    );
    // Act
    const parts = encodeSnapshot(snapshot);
    // Assess
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const part of parts.slice(0, -1)) expect(part.byteLength).toBe(TEMPLATE_PART_BYTES);
    expect(parts.at(-1)!.byteLength).toBeLessThanOrEqual(TEMPLATE_PART_BYTES);
    expect(decodeSnapshot(parts)).toEqual(snapshot);
    // Out of order, the bytes are not the snapshot
    expect(() => decodeSnapshot([...parts].reverse())).toThrow();
  });

  it(`refuses a snapshot that would take more than ${TEMPLATE_MAX_PARTS} parts`, () => {
    const snapshot = withDocument(randomBytes(64 * 1024).toString('base64'));
    expect(() => encodeSnapshot(snapshot, 1024)).toThrow(PayloadTooLargeError);
    expect(encodeSnapshot(snapshot, 64 * 1024).length).toBeLessThanOrEqual(TEMPLATE_MAX_PARTS);
  });
});
