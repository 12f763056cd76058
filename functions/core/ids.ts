// core: identifiers. Time-ordered so that lists sorted by id read oldest-first without a second index.
import { randomBytes } from 'node:crypto';

const CROCKFORD = '0123456789abcdefghjkmnpqrstvwxyz';

function encodeTime(milliseconds: number): string {
  let value = milliseconds;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

function encodeRandom(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += CROCKFORD[byte % 32];
  return out;
}

/** `prefix_` + 10 time characters + 16 random characters (80 bits), lower-case Crockford base32. */
export function newId(prefix: string, now: number = Date.now()): string {
  return `${prefix}_${encodeTime(now)}${encodeRandom(16)}`;
}

/** The shape newId() produces for `prefix`: for validating ids that come back from clients. */
export function idPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_[${CROCKFORD}]{26}$`);
}

export const ID_PREFIX = {
  workspace: 'ws',
  user: 'usr',
  apiKey: 'key',
  canvas: 'cnv',
  node: 'node',
  edge: 'edge',
  execution: 'exec',
} as const;
