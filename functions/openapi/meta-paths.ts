// openapi: the meta routes described by hand — the index page, the liveness check and this document.
import { json, object, publicOperation } from './described-blocks.ts';
import type { PathItem } from './types.ts';

const INDEX_EXAMPLE = '<!doctype html>\n<html lang="en">…<h1>Workspace automation service: base host</h1>…</html>\n';

export const meta: Record<string, PathItem> = {
  '/': {
    get: publicOperation(
      'get_index',
      'What runs here',
      'A small static page: what this host serves, links to this document and /health, the route list.',
      'meta',
      {
        '200': {
          description: 'The index page',
          content: { 'text/html': { schema: { type: 'string' }, example: INDEX_EXAMPLE } },
        },
      },
    ),
  },
  '/health': {
    get: publicOperation(
      'get_health',
      'Liveness',
      'Answers 200 when API Gateway reaches a function of this host. It checks no dependency (no DynamoDB call): an unauthenticated route must not drive table reads.',
      'meta',
      {
        '200': {
          description: 'Alive',
          content: json(object({ status: { const: 'ok' } }, ['status']), { status: 'ok' }),
        },
      },
    ),
  },
  '/openapi.json': {
    get: publicOperation(
      'get_openapi',
      'This document',
      "The OpenAPI 3.1 document of this host's routes, with this host's origin as its server.",
      'meta',
      {
        '200': {
          description: 'The document',
          content: json(
            object({ openapi: { type: 'string' }, info: { type: 'object' }, paths: { type: 'object' } }, [
              'openapi',
              'info',
              'paths',
            ]),
            {
              openapi: '3.1.0',
              info: { title: 'Workspace automation service', version: '1.0.0' },
              paths: {},
            },
          ),
        },
      },
    ),
  },
};
