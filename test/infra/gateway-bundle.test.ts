// infra test: the gateway's Lambda bundle. Ajv (which the MCP SDK imports only to validate elicitation
// answers) is aliased away; the bundle still loads and answers, and no function carries Ajv.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeById } from '#routes/manifest';
import { ROUTE_BUNDLING } from '../../lib/constructs/bundling.ts';
import { routeEntryPath } from '../../lib/constructs/route-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('gateway-bundle');

const event = (method: string, headers: Record<string, string>): APIGatewayProxyEvent =>
  ({
    httpMethod: method,
    path: '/api/mcp',
    headers,
    queryStringParameters: null,
    body: method === 'POST' ? '{"jsonrpc":"2.0","id":1,"method":"tools/list"}' : null,
    isBase64Encoded: false,
    requestContext: { requestId: 'r1', domainName: 'app.example.com', path: '/api/mcp' },
  }) as unknown as APIGatewayProxyEvent;
const context = { awsRequestId: 'r1', getRemainingTimeInMillis: () => 29_000 } as unknown as Context;

describe('the gateway bundle', { timeout: 120_000 }, () => {
  it('carries no Ajv, in no function', async () => {
    // Act
    const entries = [...new Set(ROUTES.map(routeEntryPath))];
    const { metafile } = await build({ ...ROUTE_BUNDLING, entryPoints: entries, outdir: folder(), write: false, metafile: true, logLevel: 'error' });
    // Assess
    const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => /node_modules\/(ajv|ajv-formats|fast-uri)\//.test(input))).toEqual([]);
  });

  it('loads and answers the preflight and a refused credential as bundled', async () => {
    // Prepare
    const outdir = folder();
    await build({ ...ROUTE_BUNDLING, entryPoints: { gateway: routeEntryPath(routeById('gateway')) }, outdir, outExtension: { '.js': '.mjs' }, logLevel: 'error' });
    Object.assign(process.env, { TABLE_NAME: 'unused', AWS_REGION: 'eu-west-1', AWS_ACCESS_KEY_ID: 'x', AWS_SECRET_ACCESS_KEY: 'y' });
    const { handler } = (await import(pathToFileURL(path.join(outdir, 'gateway.mjs')).href)) as {
      handler: (event: APIGatewayProxyEvent, context: Context) => Promise<{ statusCode: number; headers: Record<string, string> }>;
    };
    // Act
    const preflight = await handler(event('OPTIONS', {}), context);
    const refused = await handler(event('POST', { authorization: 'Bearer umcp_0123456789abcdef0123', 'content-type': 'application/json' }), context);
    // Assess
    expect(preflight.statusCode).toBe(204);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe('Bearer resource_metadata="https://app.example.com/.well-known/oauth-protected-resource/api/mcp"');
  });
});
