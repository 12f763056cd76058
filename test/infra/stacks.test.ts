// infra tests: the synthesized stateless templates match the route manifest. The stateful stack, the
// skipped bundling and API Gateway's own answers: stateful-stack.test.ts.
// Bundling is skipped ('aws:cdk:bundling-stacks': []) so the whole app synthesizes in seconds.
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { ROUTES, type RouteDefinition } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-stacks');
const WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];

function logicalId(element: CfnElement): string {
  return element.stack.getLogicalId(element);
}

/** Rebuilds each API Gateway resource's full path from its PathPart/ParentId chain. */
function resourcePaths(resources: Json): Map<string, string> {
  const paths = new Map<string, string>();
  const pathOf = (id: string): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const props = resources[id].Properties;
    const parent = props.ParentId.Ref ? pathOf(props.ParentId.Ref) : '';
    const full = `${parent}/${props.PathPart}`;
    paths.set(id, full);
    return full;
  };
  for (const [id, resource] of Object.entries<Json>(resources)) {
    if (resource.Type === 'AWS::ApiGateway::Resource') pathOf(id);
  }
  return paths;
}

/** The resource path of a method: its resource's, or `/` for a method on the API's root resource. */
function methodPath(paths: Map<string, string>, method: Json): string | undefined {
  const resource = method.Properties.ResourceId;
  return resource.Ref ? paths.get(resource.Ref) : resource['Fn::GetAtt']?.[1] === 'RootResourceId' ? '/' : undefined;
}

/** All IAM actions granted to a role (by logical id) in a template. */
function actionsOfRole(template: Json, roleLogicalId: string): string[] {
  return Object.values<Json>(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleLogicalId}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement.flatMap((s: Json) => [s.Action].flat()));
}

describe('StatelessStack built from the route manifest', { timeout: 180_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let parent: Json;

  beforeAll(() => {
    // Prepare
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    // Act
    parent = Template.fromStack(built.stateless).toJSON();
  }, 180_000);

  it('gives every manifest route a method with the right HTTP method and path on its host API', () => {
    // Assess
    const paths = resourcePaths(parent.Resources);
    const methods = Object.values<Json>(parent.Resources).filter((r) => r.Type === 'AWS::ApiGateway::Method');
    expect(methods).toHaveLength(ROUTES.length);
    for (const route of ROUTES) {
      const api = built.stateless.apis.get(route.host)!;
      const apiId = logicalId(api.api.node.defaultChild as CfnElement);
      const matching = methods.filter(
        (m) =>
          m.Properties.HttpMethod === route.method &&
          m.Properties.RestApiId.Ref === apiId &&
          methodPath(paths, m) === route.path,
      );
      expect(matching, `${route.method} ${route.path}`).toHaveLength(1);
      expect(matching[0]!.Properties.AuthorizationType).toBe('NONE');
      expect(matching[0]!.Properties.Integration.Type).toBe('AWS_PROXY');
    }
  });

  it('wires each method to the function of its own route', () => {
    // Assess
    const paths = resourcePaths(parent.Resources);
    for (const route of ROUTES) {
      const fn = built.stateless.functions.get(route.id)!;
      const nested = built.stateless.areas.get(route.area)!;
      const nestedTemplate = Template.fromStack(nested).toJSON();
      const fnId = logicalId(fn.function.node.defaultChild as CfnElement);
      const [outputName] = Object.entries<Json>(nestedTemplate.Outputs ?? {}).find(
        ([, out]) => JSON.stringify(out.Value) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }),
      )!;
      const apiId = logicalId(built.stateless.apis.get(route.host)!.api.node.defaultChild as CfnElement);
      const method = Object.values<Json>(parent.Resources).find(
        (m) =>
          m.Type === 'AWS::ApiGateway::Method' &&
          m.Properties.HttpMethod === route.method &&
          m.Properties.RestApiId.Ref === apiId &&
          methodPath(paths, m) === route.path,
      )!;
      const uri = JSON.stringify(method.Properties.Integration.Uri);
      expect(uri).toContain(`"${logicalId(nested.nestedStackResource!)}"`);
      expect(uri).toContain(`"Outputs.${outputName}"`);
    }
  });

  it('gives every route its own function with handler, runtime, arm64, timeout, tracing and env', () => {
    for (const route of ROUTES) {
      // Prepare
      const fn = built.stateless.functions.get(route.id)!;
      const template = Template.fromStack(built.stateless.areas.get(route.area)!).toJSON();
      // Act
      const props = template.Resources[logicalId(fn.function.node.defaultChild as CfnElement)].Properties;
      // Assess
      expect(props.Handler).toBe('index.handler');
      expect(props.Runtime).toBe('nodejs22.x');
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.Timeout).toBe(route.timeoutSeconds ?? 10);
      expect(props.MemorySize).toBe(1024);
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
      expect(props.Environment.Variables.NODE_OPTIONS).toBe('--enable-source-maps');
      expect(props.Environment.Variables[ENV.tableName]).toEqual({ 'Fn::Select': expect.any(Array) });
      expect(props.LoggingConfig.LogGroup).toEqual({ Ref: logicalId(fn.logGroup.node.defaultChild as CfnElement) });
    }
  });

  it('grants read routes no DynamoDB write action and readWrite routes the writes', () => {
    for (const route of ROUTES) {
      // Prepare
      const fn = built.stateless.functions.get(route.id)!;
      const template = Template.fromStack(built.stateless.areas.get(route.area)!).toJSON();
      // Act
      const actions = actionsOfRole(template, logicalId(fn.role.node.defaultChild as CfnElement));
      // Assess
      expect(actions).toContain('dynamodb:GetItem');
      expect(actions).toContain('dynamodb:Query');
      expect(actions.filter((a) => a.includes('*'))).toEqual([]);
      if (route.access.table === 'read') {
        for (const write of WRITE_ACTIONS) expect(actions, route.id).not.toContain(write);
      } else {
        for (const write of WRITE_ACTIONS) expect(actions, route.id).toContain(write);
      }
    }
  });

  it('grants no S3 action to a route that does not declare bucket access', () => {
    for (const route of ROUTES.filter((r) => !r.access.bucket)) {
      // Prepare
      const fn = built.stateless.functions.get(route.id)!;
      const template = Template.fromStack(built.stateless.areas.get(route.area)!).toJSON();
      // Act
      const actions = actionsOfRole(template, logicalId(fn.role.node.defaultChild as CfnElement));
      const env =
        template.Resources[logicalId(fn.function.node.defaultChild as CfnElement)].Properties.Environment.Variables;
      // Assess
      expect(
        actions.filter((a) => a.startsWith('s3:')),
        route.id,
      ).toEqual([]);
      expect(env[ENV.bucketName], route.id).toBeUndefined();
    }
  });

  it('creates no API for a host without routes', () => {
    // Assess
    for (const host of ['base', 'app'] as const) {
      const hasRoutes = ROUTES.some((route) => route.host === host);
      expect(built.stateless.apis.has(host), host).toBe(hasRoutes);
    }
    const apis = Object.values<Json>(parent.Resources).filter((r) => r.Type === 'AWS::ApiGateway::RestApi');
    expect(apis).toHaveLength(new Set(ROUTES.map((r) => r.host)).size);
  });

  it('logs, traces and throttles every API stage and outputs its URL', () => {
    // Assess
    const template = Template.fromJSON(parent);
    const stages = template.findResources('AWS::ApiGateway::Stage');
    for (const stage of Object.values<Json>(stages)) {
      expect(stage.Properties.StageName).toBe('prod');
      expect(stage.Properties.TracingEnabled).toBe(true);
      expect(stage.Properties.AccessLogSetting.DestinationArn).toBeDefined();
      expect(stage.Properties.MethodSettings[0]).toMatchObject({
        LoggingLevel: 'ERROR',
        ThrottlingRateLimit: 100,
        ThrottlingBurstLimit: 200,
      });
      expect(stage.DependsOn).toContain(
        logicalId(built.stateless.node.findChild('ApiGatewayAccount').node.findChild('Account') as CfnElement),
      );
    }
    expect(Object.keys(parent.Outputs).some((name) => name.startsWith('BaseApiUrl'))).toBe(true);
  });
});

describe('StatelessStack with routes the manifest will add later', { timeout: 60_000 }, () => {
  // Prepare: an app-host route, a long route (above the 29 s default) and media routes. The real
  // POST /api/run (60 s) is in the manifest now: test/infra/run-route-grants.test.ts checks its timeouts.
  const base = ROUTES[0]!;
  const future: RouteDefinition[] = [
    { ...base, id: 'app-probe', host: 'app', path: '/api/app-probe', area: 'workspace' },
    {
      ...base,
      id: 'long-export',
      method: 'POST',
      path: '/api/long-export',
      timeoutSeconds: 45,
      access: { table: 'readWrite' },
      area: 'keys',
    },
    {
      ...base,
      id: 'media-upload',
      method: 'POST',
      path: '/api/media/upload',
      access: { table: 'read', bucket: 'readWrite' },
      area: 'canvas',
    },
    {
      ...base,
      id: 'media-read',
      method: 'GET',
      path: '/api/media/read',
      access: { table: 'read', bucket: 'read' },
      area: 'canvas',
    },
  ];
  let built: ReturnType<typeof buildApp>;
  let parent: Json;

  beforeAll(() => {
    // Act
    built = buildApp({ outdir: outdir(), context: FAST, nag: false, routes: [...ROUTES, ...future] });
    parent = Template.fromStack(built.stateless).toJSON();
  }, 60_000);

  it('creates the app-host API once a route needs it', () => {
    // Assess
    expect(built.stateless.apis.has('app')).toBe(true);
    expect(Object.values<Json>(parent.Resources).filter((r) => r.Type === 'AWS::ApiGateway::RestApi')).toHaveLength(2);
  });

  it('raises the integration timeout above 29 s only for routes whose Lambda needs it', () => {
    // Assess
    const methods = Object.values<Json>(parent.Resources).filter((r) => r.Type === 'AWS::ApiGateway::Method');
    const timeouts = methods.map((m) => m.Properties.Integration.TimeoutInMillis);
    const long = [...ROUTES, ...future].filter((r) => (r.timeoutSeconds ?? 0) > 29);
    expect(timeouts.filter((t) => t !== 29_000).sort()).toEqual(long.map((r) => r.timeoutSeconds! * 1000).sort());
    expect(timeouts).toContain(45_000);
    const fn = built.stateless.functions.get('long-export')!;
    const template = Template.fromStack(built.stateless.areas.get('keys')!).toJSON();
    expect(template.Resources[logicalId(fn.function.node.defaultChild as CfnElement)].Properties.Timeout).toBe(45);
  });

  it('grants object access and sets the bucket env var for routes that declare the bucket', () => {
    // Prepare
    const template = Template.fromStack(built.stateless.areas.get('canvas')!).toJSON();
    const actionsOf = (id: string) =>
      actionsOfRole(template, logicalId(built.stateless.functions.get(id)!.role.node.defaultChild as CfnElement));
    const envOf = (id: string) =>
      template.Resources[logicalId(built.stateless.functions.get(id)!.function.node.defaultChild as CfnElement)]
        .Properties.Environment.Variables;
    // Assess
    expect(actionsOf('media-upload')).toEqual(expect.arrayContaining(['s3:GetObject', 's3:PutObject']));
    expect(actionsOf('media-read')).toContain('s3:GetObject');
    expect(actionsOf('media-read')).not.toContain('s3:PutObject');
    expect(envOf('media-upload')[ENV.bucketName]).toEqual({ Ref: 'MediaBucketName' });
    expect(actionsOf('canvas-state').filter((a) => a.startsWith('s3:'))).toEqual([]);
    expect(envOf('canvas-state')[ENV.bucketName]).toBeUndefined();
  });
});
