// test support (integration, fuzz): generated requests for the property-based route tests
// (test/integration/fuzz-*.test.ts) and what they check of each answer; the generated values are in
// fuzz-arbitraries.ts, the store before and after in fuzz-store.ts. Requests go out through node:http, not
// fetch, so that any method, any header value (Latin-1, huge), repeated headers and any body bytes reach
// the local HTTP front exactly as generated.
//
//   case ─► send() ─► answer: status < 500? non-2xx ⇒ JSON { error: string }? ─► (write routes) table
//                      and bucket unchanged when the answer was a refusal (snapshot before vs after)
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import fc from 'fast-check';
import { expect } from 'vitest';

export { fc };

/** Cases per route: bounded time (the whole fuzz suite stays well under a minute on 2 cores). */
export const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 25);

/**
 * A fixed seed per property, so a run is reproducible and CI never flakes on a new case; fast-check
 * prints the seed and the counterexample path on failure. FUZZ_SEED=<n> explores other cases locally.
 */
export function seedFor(name: string): number {
  const base = process.env.FUZZ_SEED === undefined ? 0x5eed : Number(process.env.FUZZ_SEED);
  let hash = base | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** fast-check parameters of every fuzz property. */
export const fuzzParameters = (name: string, numRuns = RUNS_PER_ROUTE): fc.Parameters<unknown> => ({
  numRuns,
  seed: seedFor(name),
  // Shrinking replays requests against a live stack; a few dozen steps are enough to read a failure.
  endOnFailure: false,
  interruptAfterTimeLimit: 60_000,
});

// ─── Requests ──────────────────────────────────────────────────────────────────────────────────────

export interface FuzzRequest {
  method: string;
  /** Path and raw query string, e.g. `/api/canvases?limit=%00&limit=2`. */
  path: string;
  /** A header given as an array is sent once per value. */
  headers: Record<string, string | string[]>;
  body?: Buffer;
}

export interface FuzzAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: any;
}

export function send(baseUrl: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  const headers: Record<string, string | string[]> = { ...request.headers };
  if (request.body !== undefined) headers['content-length'] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: url.hostname, port: url.port, path: request.path, method: request.method, headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body);
  });
}

/** One line naming a request, for assertion messages (bodies cut short). */
export function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? ''
      : ` body(${request.body.length}B)=${JSON.stringify(request.body.subarray(0, 300).toString('latin1'))}`;
  const headers = Object.entries(request.headers).map(
    ([name, value]) => `${name}: ${JSON.stringify(value).slice(0, 120)}`,
  );
  return `${request.method} ${request.path.slice(0, 300)} [${headers.join('; ')}]${body}`;
}

// ─── Properties of an answer ───────────────────────────────────────────────────────────────────────

export const isSuccess = (answer: FuzzAnswer) => answer.status >= 200 && answer.status < 300;

/** No 5xx; a refusal is JSON `{ "error": string }`. */
export function expectHonestAnswer(request: FuzzRequest, answer: FuzzAnswer): void {
  const context = `${describeRequest(request)}\n→ ${answer.status} ${answer.text.slice(0, 500)}`;
  expect(answer.status, context).toBeGreaterThanOrEqual(200);
  expect(answer.status, context).toBeLessThan(500);
  if (isSuccess(answer)) return;
  expect(String(answer.headers['content-type']), context).toMatch(/^application\/json/);
  expect(answer.json, context).toBeTypeOf('object');
  expect(answer.json, context).not.toBeNull();
  expect(typeof answer.json.error, context).toBe('string');
  expect(answer.json.error.length, context).toBeGreaterThan(0);
}
