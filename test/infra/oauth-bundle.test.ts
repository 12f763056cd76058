// infra test: the OAuth functions' Lambda bundle. mime-db (134 KB that Koa parses and indexes at every
// cold start) is aliased to the media types Koa and oidc-provider name; the bundle still answers
// discovery (JSON), the key set (its JWK set type) and an HTML error page with the right types.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { randomBytes } from 'node:crypto';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { routeById } from '#route-table/manifest';
import subset from '../../functions/oauth/mime-db-subset.json' with { type: 'json' };
import { ROUTE_BUNDLING } from '../../lib/constructs/bundling.ts';
import { routeEntryPath } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('oauth-bundle');
const ORIGIN = 'https://app.example.com';

const event = (path: string, query: Record<string, string> | null = null): APIGatewayProxyEvent =>
  ({
    httpMethod: 'GET',
    path,
    resource: path.startsWith('/.well-known') ? '/.well-known/{proxy+}' : '/oauth/{proxy+}',
    headers: { Host: 'app.example.com', accept: 'text/html' },
    multiValueHeaders: {},
    queryStringParameters: query,
    multiValueQueryStringParameters:
      query && Object.fromEntries(Object.entries(query).map(([name, value]) => [name, [value]])),
    body: null,
    isBase64Encoded: false,
    requestContext: { requestId: 'r1', domainName: 'app.example.com', path, stage: 'prod' },
  }) as unknown as APIGatewayProxyEvent;
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 29_000 } as unknown as Context;

describe('the OAuth bundle', { timeout: 120_000 }, () => {
  it('keeps each media type of the subset equal to mime-db', () => {
    const mimeDb = createRequire(import.meta.url)(
      require.resolve('mime-db', { paths: [path.dirname(require.resolve('oidc-provider'))] }),
    ) as Record<string, unknown>;
    for (const [type, entry] of Object.entries(subset)) expect(entry, type).toEqual(mimeDb[type]);
  });

  it('carries no mime-db and answers JSON, JWK set and HTML with their media types as bundled', async () => {
    // Prepare
    const outdir = folder();
    const { metafile } = await build({
      ...ROUTE_BUNDLING,
      entryPoints: { oauth: routeEntryPath(routeById('oauth-server')) },
      outdir,
      outExtension: { '.js': '.mjs' },
      metafile: true,
      logLevel: 'error',
    });
    Object.assign(process.env, {
      TABLE_NAME: 'unused',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
      PUBLIC_APP_URL: ORIGIN,
    });
    process.env.SERVICE_ROOT_KEY ??= randomBytes(32).toString('base64url');
    const { handler } = (await import(pathToFileURL(path.join(outdir, 'oauth.mjs')).href)) as {
      handler: (
        event: APIGatewayProxyEvent,
        context: Context,
      ) => Promise<{ statusCode: number; headers?: Record<string, string>; body: string }>;
    };

    // Act
    const discovery = await handler(event('/.well-known/openid-configuration'), context);
    const keys = await handler(event('/oauth/jwks'), context);
    const page = await handler(event('/oauth/authorize', { response_type: 'code' }), context);

    // Assess
    expect(
      Object.keys(Object.values(metafile.outputs).find((output) => output.entryPoint)!.inputs).filter((input) =>
        input.includes('node_modules/mime-db/'),
      ),
    ).toEqual([]);
    expect(discovery.statusCode).toBe(200);
    expect(discovery.headers?.['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(discovery.body).issuer).toBe(ORIGIN);
    expect(keys.statusCode).toBe(200);
    expect(keys.headers?.['content-type']).toBe('application/jwk-set+json; charset=utf-8');
    expect(page.statusCode).toBe(400);
    expect(page.headers?.['content-type']).toBe('text/html; charset=utf-8');
  });
});
