// Bad input, generated, at the app host's public OAuth routes (/oauth/* endpoints and pages, the
// discovery documents under /.well-known/) through the real handlers behind the local HTTP front, over
// the integration run's DynamoDB Local. The protocol decides the answers (HTML pages, OAuth error
// objects, redirects), so the one property here is: never a 5xx. A fixed number of cases per route and
// a fixed seed (test/integration/support/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpFront } from '../../lib/local/http-front.ts';
import { startAppFront } from './support/oauth-front.ts';
import { describeRequest, fc, fuzzParameters, send, type FuzzRequest } from './support/fuzz.ts';
import { anyString, contentType, extraHeaders, queryStrings, rawJsonValue } from './support/fuzz-arbitraries.ts';

let front: HttpFront;

beforeAll(async () => {
  front = await startAppFront();
});
afterAll(async () => front?.stop());

/** Paths the authorization server serves (functions/oauth), and odd ones under the same prefixes. */
const OAUTH_PATHS = [
  '/oauth/authorize',
  '/oauth/token',
  '/oauth/register',
  '/oauth/revoke',
  '/oauth/introspect',
  '/oauth/jwks',
  '/oauth/userinfo',
  '/oauth/session/end',
  '/oauth/par',
  '/oauth/device/auth',
  '/oauth/interaction/abc123',
  '/oauth/interaction/abc123/login',
  '/oauth/interaction/abc123/workspace',
  '/oauth/interaction/abc123/consent',
  '/oauth/interaction/abc123/abort',
  '/oauth/invite/not-a-token',
  // A malformed escape: the local front answered 500 (decodeURIComponent threw in matchPath); now 400.
  '/oauth/%E0%A4%A',
  '/oauth/%F0%9F%92%A5',
  '/oauth/..%2F..%2Fetc',
  `/oauth/${'x'.repeat(2000)}`,
];
const WELL_KNOWN_PATHS = [
  '/.well-known/oauth-authorization-server',
  '/.well-known/oauth-protected-resource',
  '/.well-known/oauth-protected-resource/api/mcp',
  '/.well-known/openid-configuration',
  '/.well-known/%00',
  '/.well-known/x/../oauth-authorization-server',
];

const QUERY_KEYS = [
  'client_id',
  'response_type',
  'redirect_uri',
  'code_challenge',
  'code_challenge_method',
  'resource',
  'scope',
  'state',
  'prompt',
  'grant_type',
  'code',
  'refresh_token',
  'token',
];

/** Bodies: form fields of the protocol with odd values, JSON (DCR) near-valid and arbitrary, bytes. */
const bodies = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(
            fc.constantFrom(...QUERY_KEYS, 'email', 'password', 'csrf', 'workspace', 'scopes', 'redirect_uris'),
            anyString,
          ),
          anyString,
        ),
        { maxLength: 6 },
      )
      .map((pairs) => ({
        body: new URLSearchParams(pairs).toString(),
        type: 'application/x-www-form-urlencoded' as string | undefined,
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        field: fc.constantFrom(
          'redirect_uris',
          'client_name',
          'token_endpoint_auth_method',
          'grant_types',
          'response_types',
          'scope',
        ),
        raw: rawJsonValue,
      })
      .map(({ field, raw }) => ({
        body: `{"redirect_uris":["http://127.0.0.1:9/cb"],"token_endpoint_auth_method":"none","${field}":${raw}}`,
        type: 'application/json' as string | undefined,
      })),
  },
  { weight: 1, arbitrary: fc.record({ body: rawJsonValue, type: contentType }) },
  {
    weight: 1,
    arbitrary: fc.record({
      body: fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes).toString('latin1')),
      type: contentType,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.constant({ body: undefined as string | undefined, type: undefined as string | undefined }),
  },
);

function requests(paths: readonly string[], methods: readonly string[]): fc.Arbitrary<FuzzRequest> {
  return fc
    .record({
      path: fc.constantFrom(...paths),
      method: fc.constantFrom(...methods),
      query: queryStrings({ client_id: 'c_unknown', response_type: 'code', code_challenge_method: 'S256' }, QUERY_KEYS),
      body: bodies,
      auth: fc.option(
        fc.constantFrom('Bearer oat_nope', 'Basic Y2xpZW50OnNlY3JldA==', 'Basic %%%', 'Bearer', 'DPoP x'),
      ),
      cookie: fc.option(
        fc.constantFrom('_session=x', '_interaction=abc123', `_session.legacy=${'a'.repeat(3000)}`, 'a=b; a=c'),
      ),
      extras: extraHeaders,
    })
    .map(({ path, method, query, body, auth, cookie, extras }): FuzzRequest => {
      const headers: Record<string, string | string[]> = Object.fromEntries(extras);
      if (auth) headers.authorization = auth;
      if (cookie) headers.cookie = cookie;
      const hasBody = method !== 'GET' && method !== 'HEAD' && body.body !== undefined;
      if (hasBody && body.type !== undefined) headers['content-type'] = body.type;
      return { method, path: path + query, headers, body: hasBody ? Buffer.from(body.body!, 'latin1') : undefined };
    });
}

describe('generated requests to the public OAuth routes', () => {
  it.each([
    ['/oauth/*', OAUTH_PATHS, ['GET', 'POST', 'POST', 'PUT', 'DELETE', 'OPTIONS']],
    ['/.well-known/*', WELL_KNOWN_PATHS, ['GET']],
  ] as const)(
    '%s: never a 5xx',
    async (name, paths, methods) => {
      await fc.assert(
        fc.asyncProperty(requests(paths, methods), async (request) => {
          const answer = await send(front.url, request);
          expect(
            answer.status,
            `${describeRequest(request)}\n→ ${answer.status} ${answer.text.slice(0, 300)}`,
          ).toBeLessThan(500);
        }),
        fuzzParameters(`oauth ${name}`, 2 * Number(process.env.FUZZ_RUNS ?? 25)),
      );
    },
    90_000,
  );
});
