// adapter: how a template snapshot is laid out in the table — gzipped JSON cut into binary parts small
// enough for one item each (DynamoDB's item limit is 400 KB, key and attribute names included).
import { gunzipSync, gzipSync } from 'node:zlib';
import { PayloadTooLargeError } from '#core/errors';
import type { TemplateSnapshot } from '#core/templates/model';

/** Bytes of snapshot per part item: leaves room under 400 KB for keys and attributes. */
export const TEMPLATE_PART_BYTES = 200 * 1024;
/**
 * Parts one snapshot may take. A transaction holds 100 items and 4 MB: 16 parts of 200 KB, plus
 * the metadata and deletions of a previous revision's parts, stay well inside both.
 */
export const TEMPLATE_MAX_PARTS = 16;

/** The snapshot as parts, in order. Gzip first: canvases are JSON and text, which usually fit in one part. */
export function encodeSnapshot(snapshot: TemplateSnapshot, partBytes = TEMPLATE_PART_BYTES): Uint8Array[] {
  const packed = gzipSync(Buffer.from(JSON.stringify(snapshot), 'utf8'));
  const parts: Uint8Array[] = [];
  for (let offset = 0; offset < packed.length; offset += partBytes)
    parts.push(packed.subarray(offset, offset + partBytes));
  if (parts.length > TEMPLATE_MAX_PARTS) {
    throw new PayloadTooLargeError(
      `Template snapshot compresses to ${packed.length} bytes; the limit is ${TEMPLATE_MAX_PARTS * partBytes} bytes`,
    );
  }
  return parts;
}

/** The snapshot from its parts, given in order. */
export function decodeSnapshot(parts: readonly Uint8Array[]): TemplateSnapshot {
  return JSON.parse(gunzipSync(Buffer.concat(parts)).toString('utf8')) as TemplateSnapshot;
}
