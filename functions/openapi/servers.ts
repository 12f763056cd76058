// openapi: the two hosts as OpenAPI servers. The committed document (docs/openapi.json) names the local
// mode origins; a host serving GET /openapi.json puts its own public origin in their place.
import type { Host } from '#route-table/manifest';

export interface OpenApiServer {
  readonly url: string;
  readonly description: string;
}

/** Local-mode origins (`npm start` defaults), the servers of the committed document. */
export const LOCAL_SERVERS: Readonly<Record<Host, OpenApiServer>> = {
  base: {
    url: 'http://127.0.0.1:3001',
    description: 'Base host (the REST API), local mode; deployed: PUBLIC_BASE_URL or the base API invoke URL (…/prod)',
  },
  app: {
    url: 'http://127.0.0.1:3000',
    description:
      'App host (MCP gateway, OAuth), local mode; deployed: PUBLIC_APP_URL or the app API invoke URL (…/prod)',
  },
};

/** The host a committed server entry stands for. */
export function hostOfServer(server: { url: string }): Host | undefined {
  return (Object.keys(LOCAL_SERVERS) as Host[]).find((host) => LOCAL_SERVERS[host].url === server.url);
}
