// infra test: the gateway's Lambda bundle. Ajv (which the MCP SDK imports only to validate elicitation
// answers) is aliased away; the bundle is code-split (each tool's operation is a chunk loaded at its
// first call), CDK deploys it so, and it still loads and answers; no function carries Ajv.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ROUTES, routeById } from '#route-table/manifest';
import { cdkJsonContext } from '../../bin/app.ts';
import {
  ROUTE_BUNDLING,
  SPLIT_ENTRY_FILE,
  coldOutputs,
  operationEntries,
  splitBundle,
} from '../../lib/constructs/bundling.ts';
import { routeBundleEntry, routeEntryPath } from '../../lib/constructs/route-function.ts';
import { ServiceFunction } from '../../lib/constructs/service-function.ts';
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

describe('the gateway bundle', { timeout: 300_000 }, () => {
  it('carries no Ajv, in no function', async () => {
    // Act
    const entries = [...new Set(ROUTES.map(routeBundleEntry))];
    const { metafile } = await build({
      ...ROUTE_BUNDLING,
      plugins: [operationEntries],
      entryPoints: entries,
      outdir: folder(),
      write: false,
      metafile: true,
      logLevel: 'error',
    });
    // Assess
    const inputs = Object.values(metafile.outputs).flatMap((output) => Object.keys(output.inputs));
    expect(inputs.filter((input) => /node_modules\/(ajv|ajv-formats|fast-uri)\//.test(input))).toEqual([]);
  });

  it('loads and answers the preflight and a refused credential as bundled', async () => {
    // Prepare
    const outdir = folder();
    splitBundle(routeEntryPath(routeById('gateway')), outdir);
    Object.assign(process.env, {
      TABLE_NAME: 'unused',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'x',
      AWS_SECRET_ACCESS_KEY: 'y',
    });
    const { handler } = (await import(pathToFileURL(path.join(outdir, SPLIT_ENTRY_FILE)).href)) as {
      handler: (
        event: APIGatewayProxyEvent,
        context: Context,
      ) => Promise<{ statusCode: number; headers: Record<string, string> }>;
    };
    // Act
    const preflight = await handler(event('OPTIONS', {}), context);
    const refused = await handler(
      event('POST', { authorization: 'Bearer umcp_0123456789abcdef0123', 'content-type': 'application/json' }),
      context,
    );
    // Assess
    expect(preflight.statusCode).toBe(204);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['www-authenticate']).toBe(
      'Bearer resource_metadata="https://app.example.com/.well-known/oauth-protected-resource/api/mcp"',
    );
  });

  it('loads no operation at cold start: the operations are chunks imported on demand', () => {
    // Act
    const outdir = folder();
    const metafile = splitBundle(routeEntryPath(routeById('gateway')), outdir);
    // Assess: what index.mjs loads statically holds no operation and no route module but the gateway's own.
    const entry = Object.keys(metafile.outputs).find((name) => name.endsWith(`/${SPLIT_ENTRY_FILE}`))!;
    const coldInputs = coldOutputs(metafile, entry).flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
    expect(
      coldInputs.filter(
        (input) =>
          // Handlers only: the hand-written routes' table the handler builder reads is data in functions/route-table/.
          (input.startsWith('functions/routes/') && !input.startsWith('functions/routes/gateway/')) ||
          /^functions\/operations\/[a-z]+\//.test(input),
      ),
    ).toEqual([]);
    // Nor the full manifest: the operations' route table (JSON) is for CDK and the local front, not the gateway.
    expect(coldInputs).not.toContain('functions/route-table/manifest.ts');
    expect(coldInputs).not.toContain('functions/route-table/operation-routes.generated.json');
    const onDemand = Object.keys(metafile.outputs).filter(
      (name) => name.endsWith('.mjs') && !coldOutputs(metafile, entry).includes(name),
    );
    const onDemandInputs = onDemand.flatMap((output) => Object.keys(metafile.outputs[output]!.inputs));
    expect(onDemandInputs).toContain('functions/operations/authoring/create-canvas.ts');
    expect(onDemandInputs).toContain('functions/operations/generation/generate-video-provider-one.ts');
    expect(onDemandInputs.some((input) => input.includes('node_modules/@aws-sdk/client-s3/'))).toBe(true);
    expect(coldInputs.some((input) => input.includes('node_modules/@aws-sdk/client-s3/'))).toBe(false);
  });

  it('is deployed split: CDK bundles index.mjs and its chunks into the asset, with handler index.handler', () => {
    // Prepare: a function with codeSplitting, bundled by CDK (local bundling) into an outdir of our own.
    const app = new App({ outdir: folder(), context: cdkJsonContext() });
    const stack = new Stack(app, 'Probe');
    // Act
    new ServiceFunction(stack, 'Fn', {
      entry: routeEntryPath(routeById('gateway')),
      label: 'probe',
      description: 'probe',
      timeout: Duration.seconds(5),
      codeSplitting: true,
    });
    const assembly = app.synth();
    // Assess
    Template.fromStack(stack).hasResourceProperties('AWS::Lambda::Function', {
      Handler: 'index.handler',
      Runtime: 'nodejs22.x',
    });
    const assets = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
    expect(assets).toHaveLength(1);
    const files = readdirSync(path.join(assembly.directory, assets[0]!), { recursive: true }).map(String);
    expect(files).toContain(SPLIT_ENTRY_FILE);
    expect(files.filter((file) => /^chunks\/.+\.mjs$/.test(file)).length).toBeGreaterThan(80);
    // No chunk carries the SDK's default credential chain (LAMBDA_ALIASES applies to split bundles too).
    const sources = files
      .filter((file) => file.endsWith('.mjs.map'))
      .flatMap(
        (file) =>
          (JSON.parse(readFileSync(path.join(assembly.directory, assets[0]!, file), 'utf8')) as { sources: string[] })
            .sources,
      );
    expect(sources.some((source) => source.includes('@aws-sdk/credential-provider-env'))).toBe(true);
    expect(sources.filter((source) => /@aws-sdk\/(credential-provider-node|nested-clients)\//.test(source))).toEqual(
      [],
    );
  });
});
