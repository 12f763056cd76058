// Bad input, generated: every workspace-key route of the manifest, through its real handler over the
// local stack's HTTP front, with generated bodies (near-valid from the operation's example and schema,
// any JSON, odd numbers and nesting, bytes, broken JSON, odd content types), query strings (repeated,
// empty and odd keys) and headers (odd Authorization, huge Idempotency-Key, invented names). Properties:
// never a 5xx; a refusal is `{ "error": string }`; a refused write leaves the whole store unchanged.
// A fixed number of cases per route and a fixed seed (test/integration/support/fuzz.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS } from '#operations/catalogue';
import { ROUTES, type RouteDefinition } from '#route-table/manifest';
import { FuzzFixtures } from './support/fuzz-fixtures.ts';
import { Client, startRunsStack, type RunsStack } from './support/runs-stack.ts';
import { expectHonestAnswer, fc, fuzzParameters, send, type FuzzRequest } from './support/fuzz.ts';
import {
  authorizations,
  bodies,
  extraHeaders,
  headersOf,
  queryStrings,
  type GeneratedBody,
} from './support/fuzz-arbitraries.ts';
import { StoreWatch } from './support/fuzz-store.ts';

const keyRoutes = ROUTES.filter((route) => (route.auth ?? 'workspace-key') === 'workspace-key');

let stack: RunsStack;
let fixtures: FuzzFixtures;

beforeAll(async () => {
  stack = await startRunsStack();
  fixtures = await new FuzzFixtures(new Client(stack.baseUrl, stack.key)).start();
});
afterAll(async () => stack?.stop());

function operationOf(route: RouteDefinition) {
  const operation = OPERATIONS.find((candidate) => candidate.route === route.id);
  if (!operation) throw new Error(`No operation serves ${route.id}`);
  return operation;
}

function requests(route: RouteDefinition, seed: Record<string, unknown>, keys: string[]): fc.Arbitrary<FuzzRequest> {
  const auth = authorizations(stack.key);
  if (route.method === 'GET') {
    const stringSeed = Object.fromEntries(Object.entries(seed).map(([name, value]) => [name, String(value)]));
    // A GET seldom carries a body; when it does, it must not matter.
    const body = fc.oneof(
      { weight: 5, arbitrary: fc.constant<GeneratedBody>({}) },
      { weight: 1, arbitrary: bodies({}, []) },
    );
    return fc
      .record({ query: queryStrings(stringSeed, keys), auth, body, extras: extraHeaders })
      .map(({ query, auth, body, extras }) => ({
        method: 'GET',
        path: route.path + query,
        headers: headersOf(auth, body, extras),
        body: body.body,
      }));
  }
  const query = fc.oneof({ weight: 4, arbitrary: fc.constant('') }, { weight: 1, arbitrary: queryStrings({}, keys) });
  return fc
    .record({ query, auth, body: bodies(seed, keys), extras: extraHeaders })
    .map(({ query, auth, body, extras }) => ({
      method: route.method,
      path: route.path + query,
      headers: headersOf(auth, body, extras),
      body: body.body,
    }));
}

describe('generated bad input on every workspace-key route', () => {
  it('covers the workspace-key routes of the manifest, each with an operation', () => {
    expect(keyRoutes.length).toBeGreaterThan(30);
    for (const route of keyRoutes) expect(operationOf(route).name, route.id).toBeTruthy();
  });

  it.each(keyRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s: never a 5xx, refusals are { error }, a refused write changes nothing',
    async (_name, route) => {
      // Prepare
      const { seed, keys } = await fixtures.seedOf(operationOf(route));
      const writes = route.access.table === 'readWrite';
      const watch = new StoreWatch({ bucket: route.access.bucket === 'readWrite' });
      if (writes) await watch.reset();
      // Act + Assess, per generated case
      await fc.assert(
        fc.asyncProperty(requests(route, seed, keys), async (request) => {
          const answer = await send(stack.baseUrl, request);
          expectHonestAnswer(request, answer);
          if (writes) await watch.afterAnswer(request, answer, () => fixtures.settle(answer.json));
        }),
        fuzzParameters(route.id),
      );
    },
    90_000,
  );
});
