// test support (integration, fuzz): the generated values of the property-based route tests — JSON values
// and near-valid bodies built from an operation's schema keys, content types, query strings, credentials
// and extra headers, within the generation limits below.
import fc from 'fast-check';

// ─── Generation limits ──────────────────────────────────────────────────────────────────────────────
// The store-related bugs these properties found (numbers DynamoDB cannot hold, empty keys, deep
// nesting → 500) are fixed in functions/core/storable.ts and generated again. The one known bug still
// left out is the SDK's answer to a malformed initialize (fuzz-gateway.test.ts).

/** Nesting inside a field; values deeper than the store takes (core/storable.ts) must be a 400. */
const MAX_FIELD_DEPTH = 200;

/**
 * Any JSON value, numbers the store cannot hold (5e-324, 1e200), empty keys and deep nesting included:
 * those were 500s (DynamoDB "Number underflow", "Empty attribute name", nesting limit) and are now
 * refused with 400 by functions/core/storable.ts before any write.
 */
export const jsonValue = (maxDepth: number) => fc.jsonValue({ maxDepth });

// ─── Generated values ──────────────────────────────────────────────────────────────────────────────

/** Strings that parsers and validators tend to get wrong. */
const trickyStrings = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  '\uFEFF',
  '\u202E',
  '💥',
  '\uD800',
  'a\u0000b',
  '../../etc/passwd',
  '%00',
  '%',
  'null',
  'undefined',
  '__proto__',
  'constructor',
  'toString',
  '-1',
  '0',
  '-0',
  '1e309',
  'NaN',
  'Infinity',
  '9007199254740993',
  '1.5',
  'true',
  '[]',
  '{}',
  '#',
  'WS#x',
  'CANVAS#',
  'exec_',
  'cnv_',
  'key_',
  '<script>',
  "' OR 1=1 --",
  '\r\n',
  '\t',
  'ǅ',
  '\u{10FFFF}',
);

/** Any string: full Unicode including lone surrogates, graphemes, tricky constants, and long ones. */
export const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 3, arbitrary: trickyStrings },
  { weight: 1, arbitrary: fc.integer({ min: 200, max: 20_000 }).map((length) => 'x'.repeat(length)) },
);

/**
 * JSON value TEXT (not values: only text can carry numbers beyond 2^53, 1e309 or -0 as a client sent
 * them): arbitrary JSON, big and odd numbers, deep nesting, odd strings, large arrays.
 */
export const rawJsonValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: jsonValue(3).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '1e309',
      '-1e309',
      '1e-400',
      '-0',
      '9007199254740993',
      '1.5',
      '0.1e2',
      '-1',
      '0',
      '2147483648',
      '1e21',
    ),
  },
  { weight: 1, arbitrary: nested(2, MAX_FIELD_DEPTH) },
  { weight: 3, arbitrary: anyString.map((value) => JSON.stringify(value)) },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 5000 }).map((length) => JSON.stringify(Array.from({ length }, (_, i) => i))),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('null', 'true', 'false', '[]', '{}', '{"__proto__":{"polluted":1}}', '[null]'),
  },
);

/** `[[…]]` or `{"a":{"a":…1}}`, `min`–`max` levels deep. */
function nested(min: number, max: number): fc.Arbitrary<string> {
  return fc
    .record({ depth: fc.integer({ min, max }), arrays: fc.boolean() })
    .map(({ depth, arrays }) =>
      arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
    );
}

/** Deep nesting where the whole body is the value: the edge must refuse it, however deep. */
export const deepBody = nested(20, 3000);

/** A JSON text with `"<sentinel>"` replaced by raw JSON text. */
function withRaw(value: unknown, sentinel: string, raw: string): string {
  return JSON.stringify(value).replace(JSON.stringify(sentinel), () => raw);
}

const SENTINEL = '\u0001fuzz-raw\u0001';

/** Keys of a zod (mini) object schema, looking through wrappers (pipe, default, optional). */
export function schemaKeys(schema: unknown): string[] {
  let current: any = schema;
  for (let depth = 0; depth < 10 && current; depth++) {
    const def = current._zod?.def ?? current.def;
    if (!def) break;
    if (def.shape) return Object.keys(def.shape);
    current = def.in ?? def.innerType ?? def.schema;
  }
  return [];
}

/**
 * Near-valid JSON texts from a valid `seed` object: one field replaced by any JSON value, removed,
 * an unknown field added, one nested field replaced, or the seed itself unchanged.
 */
export function nearValidJson(seed: Record<string, unknown>, keys: readonly string[]): fc.Arbitrary<string> {
  const fields = [...new Set([...Object.keys(seed), ...keys])];
  const nested = Object.entries(seed).filter(
    ([, value]) =>
      value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0,
  );
  const choices: fc.Arbitrary<string>[] = [
    fc.constant(JSON.stringify(seed)),
    fc.constant(JSON.stringify({})),
    fc
      .record({ field: fc.constantFrom(...(fields.length ? fields : ['x'])), raw: rawJsonValue })
      .map(({ field, raw }) => withRaw({ ...seed, [field]: SENTINEL }, SENTINEL, raw)),
    fc
      .record({ field: fc.constantFrom(...(fields.length ? fields : ['x'])), raw: rawJsonValue })
      .map(({ field, raw }) => withRaw({ ...seed, [field]: SENTINEL }, SENTINEL, raw)),
    fc
      .record({
        name: fc.oneof(anyString, fc.constantFrom('__proto__', 'constructor', 'workspaceId', 'PK', 'version')),
        raw: rawJsonValue,
      })
      .map(({ name, raw }) => withRaw({ ...seed, [name]: SENTINEL }, SENTINEL, raw)),
  ];
  if (Object.keys(seed).length > 0) {
    choices.push(
      fc
        .constantFrom(...Object.keys(seed))
        .map((field) => JSON.stringify(Object.fromEntries(Object.entries(seed).filter(([name]) => name !== field)))),
    );
  }
  if (nested.length > 0) {
    choices.push(
      fc
        .record({ entry: fc.constantFrom(...nested), raw: rawJsonValue, which: fc.nat() })
        .map(({ entry: [field, value], raw, which }) => {
          const inner = Object.keys(value as object);
          const innerField = inner[which % inner.length]!;
          return withRaw({ ...seed, [field]: { ...(value as object), [innerField]: SENTINEL } }, SENTINEL, raw);
        }),
    );
  }
  return fc.oneof(...choices);
}

const CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=utf-16',
  'application/vnd.api+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=zz',
  'application/octet-stream',
  'image/png',
  '*/*',
  'application/json, text/html',
  'totally bogus',
];

/** Content-Type: mostly JSON, sometimes anything else or absent. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

export interface GeneratedBody {
  body?: Buffer;
  contentType?: string;
}

/** A request body: near-valid (most), any JSON at the top, odd JSON text, bytes, broken JSON, none. */
export function bodies(seed: Record<string, unknown>, keys: readonly string[]): fc.Arbitrary<GeneratedBody> {
  const text = fc.oneof(
    { weight: 8, arbitrary: nearValidJson(seed, keys) },
    { weight: 2, arbitrary: jsonValue(4).map((value) => JSON.stringify(value) ?? 'null') },
    { weight: 2, arbitrary: rawJsonValue },
    { weight: 1, arbitrary: deepBody },
    {
      weight: 2,
      arbitrary: fc
        .record({ cut: fc.nat(), junk: fc.constantFrom('', ',', '}', ' x', '\u0000', '/*c*/', '\uFEFF') })
        .map(({ cut, junk }) => {
          const whole = JSON.stringify(seed);
          return junk === '\uFEFF' ? junk + whole : whole.slice(0, cut % (whole.length + 1)) + junk;
        }),
    },
  );
  return fc.oneof(
    {
      weight: 12,
      arbitrary: fc
        .record({ text, contentType })
        .map(({ text, contentType }) => ({ body: Buffer.from(text, 'utf8'), contentType })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ bytes: fc.uint8Array({ maxLength: 300 }), contentType })
        .map(({ bytes, contentType }) => ({ body: Buffer.from(bytes), contentType })),
    },
    { weight: 1, arbitrary: fc.record({ contentType }).map(({ contentType }) => ({ contentType })) },
    // The valid seed in UTF-16: a JSON parser reading UTF-8 sees NUL bytes.
    {
      weight: 1,
      arbitrary: fc.constant({
        body: Buffer.from(JSON.stringify(seed), 'utf16le'),
        contentType: 'application/json; charset=utf-16',
      }),
    },
  );
}

/** A query string: pairs (repeated keys, empty names and values, any Unicode) plus a raw odd tail. */
export function queryStrings(seed: Record<string, string>, keys: readonly string[]): fc.Arbitrary<string> {
  const names = fc.oneof(
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        ...new Set([...Object.keys(seed), ...keys, 'limit', 'cursor', '__proto__', 'constructor', 'toString']),
      ),
    },
    { weight: 1, arbitrary: anyString.map((name) => name.slice(0, 40)) },
  );
  const values = fc.oneof(
    anyString.map((value) => value.slice(0, 2000)),
    rawJsonValue.map((value) => value.slice(0, 200)),
  );
  return fc
    .record({
      keepSeed: fc.boolean(),
      drop: fc.option(fc.constantFrom(...(Object.keys(seed).length ? Object.keys(seed) : ['x']))),
      pairs: fc.array(fc.tuple(names, values), { maxLength: 5 }),
      tail: fc.constantFrom('', '&', '&&=', '&%zz', '&a', '&a=%', '&%E0%A4%A', '&=x', '&;', '&+=+', '&%00=%00'),
    })
    .map(({ keepSeed, drop, pairs, tail }) => {
      const search = new URLSearchParams();
      if (keepSeed) for (const [name, value] of Object.entries(seed)) if (name !== drop) search.append(name, value);
      for (const [name, value] of pairs) search.append(name, value);
      const query = search.toString() + tail;
      return query ? `?${query}` : '';
    });
}

/** A header value Node will send: tab, printable ASCII and Latin-1 (obs-text). */
const headerValue = (maxLength: number) =>
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((code) => code !== 0x7f)
      .map((code) => String.fromCharCode(code)),
    maxLength,
  });

/**
 * Authorization: the valid credential most of the time (so the request reaches validation and the use
 * case), otherwise odd spellings of it and garbage.
 */
export function authorizations(credential: string): fc.Arbitrary<string | string[] | undefined> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(`Bearer ${credential}`) },
    {
      weight: 3,
      arbitrary: fc.constantFrom<string | string[] | undefined>(
        undefined,
        `bearer ${credential}`,
        `Bearer  ${credential}`,
        `Bearer ${credential} `,
        `Bearer ${credential}x`,
        `Bearer ${credential.slice(0, -1)}`,
        `Bearer ${credential}, Bearer ${credential}`,
        [`Bearer ${credential}`, `Bearer ${credential}`],
        [`Bearer ${credential}`, 'Bearer nope'],
        'Bearer',
        'Bearer ',
        `Basic ${credential}`,
        credential,
        '',
        `Bearer workspace_${'A'.repeat(4000)}`,
        `Bearer ${'é'.repeat(50)}`,
        `Bearer\t${credential}`,
      ),
    },
    { weight: 1, arbitrary: headerValue(80) },
  );
}

const HEADER_NAMES = [
  'idempotency-key',
  'x-idempotency-key',
  'accept',
  'origin',
  'x-forwarded-for',
  'x-webhook-secret',
  'content-encoding',
  'cookie',
  'user-agent',
  'x-amz-date',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
];

/** Extra headers: known ones with odd values (a huge Idempotency-Key among them) and invented ones. */
export const extraHeaders: fc.Arbitrary<Array<[string, string]>> = fc.array(
  fc.tuple(
    fc.oneof(fc.constantFrom(...HEADER_NAMES), fc.stringMatching(/^x-[a-z0-9-]{1,20}$/)),
    fc.oneof(
      { weight: 4, arbitrary: headerValue(60) },
      { weight: 1, arbitrary: fc.integer({ min: 256, max: 6000 }).map((length) => 'k'.repeat(length)) },
      { weight: 1, arbitrary: trickyStrings.filter((value) => /^[\t\x20-\x7e]*$/.test(value)) },
    ),
  ),
  { maxLength: 4 },
);

/** Builds the header map of a case. */
export function headersOf(
  authorization: string | string[] | undefined,
  body: GeneratedBody,
  extras: Array<[string, string]>,
): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of extras) {
    const existing = headers[name];
    headers[name] = existing === undefined ? value : [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  if (authorization !== undefined) headers.authorization = authorization;
  if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  return headers;
}
