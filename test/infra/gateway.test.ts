// infra tests: the MCP gateway's function and its host API. The gateway runs every tool's use case
// in-process, so it needs what every workspace-key route needs — no more, no less.
import type { CfnElement } from 'aws-cdk-lib';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { authOf, ROUTES, routeById } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-gateway');
const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);

function roleStatements(fnId: string, built: ReturnType<typeof buildApp>): Json[] {
  const fn = built.stateless.functions.get(fnId)!;
  const template = Template.fromStack(Stack.of(fn)).toJSON();
  const roleId = logicalId(fn.role.node.defaultChild as CfnElement);
  return Object.values<Json>(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}
const actionsOf = (statements: Json[]) => new Set(statements.flatMap((s) => [s.Action].flat() as string[]));

function gatewayFunctionProps(built: ReturnType<typeof buildApp>): Json {
  const fn = built.stateless.functions.get('gateway')!;
  return Template.fromStack(Stack.of(fn)).toJSON().Resources[logicalId(fn.function.node.defaultChild as CfnElement)]
    .Properties;
}

describe('MCP gateway infrastructure', { timeout: 60_000 }, () => {
  it('grants the gateway exactly the union of the actions of the routes whose operations it serves', () => {
    // Prepare
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const keyRoutes = ROUTES.filter((route) => authOf(route) === 'workspace-key');
    // Act
    const gateway = actionsOf(roleStatements('gateway', built));
    const union = new Set(keyRoutes.flatMap((route) => [...actionsOf(roleStatements(route.id, built))]));
    // Assess
    expect([...gateway].sort()).toEqual([...union].sort());
    expect(gateway).toContain('states:StartExecution');
    expect(gateway).toContain('dynamodb:PutItem');
  });

  it('serves ANY /api/mcp on the app host within API Gateway’s 29 s, and names the base host for webhook URLs', () => {
    // Prepare / Act
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const props = gatewayFunctionProps(built);
    const parent = Template.fromStack(built.stateless).toJSON();
    const appApiId = logicalId(built.stateless.apis.get('app')!.api.node.defaultChild as CfnElement);
    const methods = Object.values<Json>(parent.Resources).filter(
      (r) => r.Type === 'AWS::ApiGateway::Method' && r.Properties.RestApiId.Ref === appApiId,
    );
    // Assess
    expect(routeById('gateway')).toMatchObject({ host: 'app', method: 'ANY', path: '/api/mcp' });
    expect(props.Timeout).toBe(29);
    const gatewayMethod = methods.find((method) => method.Properties.HttpMethod === 'ANY')!;
    expect(gatewayMethod.Properties.Integration.TimeoutInMillis).toBe(29_000);
    // Without a custom domain, the base API's invoke URL (a reference, resolved at deploy time).
    expect(props.Environment.Variables[ENV.baseApiUrl]).toBeDefined();
    expect(JSON.stringify(props.Environment.Variables[ENV.baseApiUrl])).toContain('execute-api');
    // Without a custom domain the app host's origin is the studio's distribution (test/infra/studio.test.ts).
    expect(JSON.stringify(props.Environment.Variables[ENV.publicAppUrl])).toContain('"https://"');
  });

  it('lets only the custom app origin PUT to presigned upload URLs when one is configured (any origin without)', () => {
    const corsOf = (built: ReturnType<typeof buildApp>) =>
      Object.values(Template.fromStack(built.stateful).findResources('AWS::S3::Bucket')).find(
        (bucket) => bucket.Properties.CorsConfiguration,
      )!.Properties.CorsConfiguration.CorsRules[0];
    expect(
      corsOf(buildApp({ outdir: outdir(), context: { ...FAST, publicAppUrl: 'https://app.example.com' }, nag: false }))
        .AllowedOrigins,
    ).toEqual(['https://app.example.com']);
    expect(corsOf(buildApp({ outdir: outdir(), context: FAST, nag: false })).AllowedOrigins).toEqual(['*']);
  });

  it('takes the custom domains from context: PUBLIC_APP_URL for the gateway, PUBLIC_BASE_URL instead of the invoke URL', () => {
    // Prepare / Act
    const context = { ...FAST, publicAppUrl: 'https://app.example.com', publicBaseUrl: 'https://api.example.com' };
    const built = buildApp({ outdir: outdir(), context, nag: false });
    const variables = gatewayFunctionProps(built).Environment.Variables;
    // Assess
    expect(variables[ENV.publicAppUrl]).toBe('https://app.example.com');
    expect(variables[ENV.publicBaseUrl]).toBe('https://api.example.com');
    expect(variables[ENV.baseApiUrl]).toBeUndefined();
    expect(() =>
      buildApp({ outdir: outdir(), context: { ...FAST, publicAppUrl: 'http://app.example.com' }, nag: false }),
    ).toThrow(/publicAppUrl/);
  });

  it('puts CORS headers on API Gateway’s own answers of the app host (throttling, 4xx, 5xx), and not on the base host', () => {
    // Prepare / Act
    const built = buildApp({
      outdir: outdir(),
      context: { ...FAST, publicAppUrl: 'https://app.example.com' },
      nag: false,
    });
    const parent = Template.fromStack(built.stateless).toJSON();
    const responses = Object.values<Json>(parent.Resources).filter(
      (r) => r.Type === 'AWS::ApiGateway::GatewayResponse',
    );
    const apiOf = (host: 'app' | 'base') =>
      logicalId(built.stateless.apis.get(host)!.api.node.defaultChild as CfnElement);
    // Assess
    const app = responses.filter((r) => r.Properties.RestApiId.Ref === apiOf('app'));
    const base = responses.filter((r) => r.Properties.RestApiId.Ref === apiOf('base'));
    expect(app.length).toBeGreaterThanOrEqual(4);
    for (const response of app) {
      expect(
        response.Properties.ResponseParameters['gatewayresponse.header.Access-Control-Allow-Origin'],
        response.Properties.ResponseType,
      ).toBe("'https://app.example.com'");
      expect(response.Properties.ResponseParameters['gatewayresponse.header.Access-Control-Expose-Headers']).toMatch(
        /WWW-Authenticate/,
      );
    }
    for (const response of base)
      expect(JSON.stringify(response.Properties.ResponseParameters ?? {})).not.toContain('Access-Control');
  });
});
