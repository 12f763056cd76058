// route: GET / | GET /health | GET /openapi.json on either host → what runs here (public, no I/O).
// One module per host (app.ts, base.ts) so each knows which host it serves; the three meta routes of a
// host share this code. No credential and no table access: the index and the document are built from the
// manifest and the committed docs/openapi.json (a test keeps that file equal to what the code generates).
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { anyone } from '#http/auth/public';
import { asIs, type BuiltHandler, defineHandlerFor } from '#http/handler';
import { publicAppUrlFor, publicBaseUrlFor } from '#http/public-url';
import { jsonResponse } from '#http/responses';
import { HAND_WRITTEN_ROUTES } from '#route-table/hand-written-routes';
import { ROUTES, type Host } from '#route-table/manifest';
import { hostDocument } from '../../openapi/host-document.ts';
import { indexPage } from './index-page.ts';
import committed from '../../../docs/openapi.json' with { type: 'json' };

export type MetaHandler = BuiltHandler;

/** The meta handler of one host. */
export function metaHandler(host: Host): MetaHandler {
  const originOf = host === 'app' ? publicAppUrlFor : publicBaseUrlFor;
  // Per origin, once per cold start (in practice one origin: the custom domain or the stage URL).
  const documents = new Map<string, string>();
  const pages = new Map<string, string>();

  // This host's meta routes: those whose handler module is this host's (meta/app.ts, meta/base.ts).
  const routes = HAND_WRITTEN_ROUTES.filter((route) => route.entry === `meta/${host}`);
  const answer = (event: APIGatewayProxyEvent): APIGatewayProxyResult => {
    switch (event.resource) {
      case '/health':
        // Liveness of the API → Lambda path only; deliberately no DynamoDB call (an unauthenticated
        // route must not let anyone drive table reads). See docs/api.md.
        return jsonResponse(200, { status: 'ok' });
      case '/openapi.json': {
        const origin = originOf(event);
        const body = documents.get(origin) ?? JSON.stringify(hostDocument(committed, host, origin));
        documents.set(origin, body);
        return { statusCode: 200, headers: { ...JSON_HEADERS, 'access-control-allow-origin': '*' }, body };
      }
      default: {
        const origin = originOf(event);
        const body = pages.get(origin) ?? indexPage(host, origin, ROUTES);
        pages.set(origin, body);
        return { statusCode: 200, headers: HTML_HEADERS, body };
      }
    }
  };
  return defineHandlerFor(routes, { auth: anyone }, async ({ event }) => asIs(answer(event)));
}

const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-content-type-options': 'nosniff',
};

const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'public, max-age=300',
  'x-content-type-options': 'nosniff',
  // Static text and links: nothing to load, nothing to run.
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
};
