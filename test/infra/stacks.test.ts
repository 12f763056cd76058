// infra tests: the synthesized templates match the route manifest and the table design.
// Bundling is skipped ('aws:cdk:bundling-stacks': []) so the whole app synthesizes in seconds.
import { PENDING_PREFIX } from '#core/assets/model';
import { EXPORT_KEY_PREFIX } from '#core/focus/export';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';
import { ROUTES, type RouteDefinition } from '#routes/manifest';
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
  // POST /api/run (60 s) is in the manifest now: test/infra/run-workflow.test.ts checks its timeouts.
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

describe('StatefulStack', { timeout: 60_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let template: Template;

  beforeAll(() => {
    // Prepare / Act
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    template = Template.fromStack(built.stateful);
  }, 60_000);

  it('keeps the logical ids of table and buckets (renaming them would replace customer data)', () => {
    // Assess
    const ids = (type: string) => Object.keys(template.findResources(type)).sort();
    expect(ids('AWS::DynamoDB::GlobalTable')).toEqual(['DataTable6D1E6CB5']);
    expect(ids('AWS::S3::Bucket')).toEqual(['MediaAccessLogsD396FE12', 'MediaBucket4022EBBF']);
    expect(built.stateful.terminationProtection).toBe(true);
  });

  it(
    'builds the table from TABLE_SCHEMA: keys, GSI1, the sparse queued-runs GSI2 (keys only), TTL, on-demand, ' +
      'PITR, encryption, retention',
    () => {
      // Assess
      template.hasResource('AWS::DynamoDB::GlobalTable', {
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
        Properties: {
          KeySchema: [
            { AttributeName: TABLE_SCHEMA.partitionKey, KeyType: 'HASH' },
            { AttributeName: TABLE_SCHEMA.sortKey, KeyType: 'RANGE' },
          ],
          GlobalSecondaryIndexes: [
            {
              IndexName: 'GSI1',
              KeySchema: [
                { AttributeName: 'GSI1PK', KeyType: 'HASH' },
                { AttributeName: 'GSI1SK', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'ALL' },
            },
            {
              IndexName: 'GSI2',
              KeySchema: [
                { AttributeName: 'GSI2PK', KeyType: 'HASH' },
                { AttributeName: 'GSI2SK', KeyType: 'RANGE' },
              ],
              Projection: { ProjectionType: 'KEYS_ONLY' },
            },
          ],
          TimeToLiveSpecification: { AttributeName: TABLE_SCHEMA.timeToLiveAttribute, Enabled: true },
          BillingMode: 'PAY_PER_REQUEST',
          SSESpecification: { SSEEnabled: true },
          Replicas: [
            {
              DeletionProtectionEnabled: true,
              PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            },
          ],
        },
      });
    },
  );

  it('makes the media bucket private, encrypted, versioned, TLS-only and retained', () => {
    // Assess
    template.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: {
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        LoggingConfiguration: { DestinationBucketName: { Ref: 'MediaAccessLogsD396FE12' } },
      },
    });
    const policies = template.findResources('AWS::S3::BucketPolicy');
    const mediaPolicy = Object.values<Json>(policies).find((p) => p.Properties.Bucket.Ref === 'MediaBucket4022EBBF')!;
    expect(mediaPolicy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it('expires abandoned presigned uploads under the pending prefix and lets browsers PUT to presigned URLs', () => {
    // Assess
    const media = template.findResources('AWS::S3::Bucket').MediaBucket4022EBBF!;
    const rules = media.Properties.LifecycleConfiguration.Rules as Json[];
    expect(rules).toContainEqual(
      expect.objectContaining({
        Id: 'expire-pending-uploads',
        Prefix: PENDING_PREFIX,
        ExpirationInDays: 1,
        NoncurrentVersionExpiration: { NoncurrentDays: 1 },
        Status: 'Enabled',
      }),
    );
    // The durable prefix is never matched by an expiring rule: only pending uploads, FOCUS export files
    // and old versions go.
    for (const rule of rules.filter((candidate) => candidate.ExpirationInDays !== undefined))
      expect([PENDING_PREFIX, EXPORT_KEY_PREFIX]).toContain(rule.Prefix);
    const cors = media.Properties.CorsConfiguration.CorsRules[0];
    expect(cors.AllowedMethods).toEqual(expect.arrayContaining(['PUT', 'GET', 'HEAD']));
    expect(cors.AllowedHeaders).toEqual(['*']);
    expect(cors.ExposedHeaders).toEqual(expect.arrayContaining(['ETag', 'x-amz-checksum-sha256']));
  });
});

describe('buildApp with bundling-stacks []', { timeout: 60_000 }, () => {
  it('skips esbuild: functions still reference a code asset, but no bundle is staged', () => {
    // Prepare
    const { app, stateless } = buildApp({ outdir: outdir(), context: FAST, nag: false });
    // Act
    const assembly = app.synth();
    // Assess
    const nested = Template.fromStack(stateless.areas.get('keys')!);
    for (const fn of Object.values<Json>(nested.findResources('AWS::Lambda::Function'))) {
      expect(fn.Properties.Code.S3Key).toMatch(/\.zip$/);
    }
    const assetDirs = readdirSync(assembly.directory).filter((name) => name.startsWith('asset.'));
    for (const dir of assetDirs) {
      expect(existsSync(path.join(assembly.directory, dir, 'index.mjs')), dir).toBe(false);
    }
  });
});

describe('API Gateway answers of its own', () => {
  it(
    'speak the interface: { "error": … } ' +
      'bodies, 404 for ' +
      'unknown routes, Retry-After on ' +
      'throttling, ' +
      'binary-safe bodies',
    () => {
      // Prepare
      const { stateless } = buildApp({
        outdir: outdir(),
        context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] },
        nag: false,
      });
      const template = Template.fromStack(stateless);
      // Assess
      template.hasResourceProperties('AWS::ApiGateway::RestApi', { BinaryMediaTypes: ['*/*'] });
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'MISSING_AUTHENTICATION_TOKEN',
        StatusCode: '404',
      });
      template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
        ResponseType: 'THROTTLED',
        StatusCode: '429',
        ResponseParameters: { 'gatewayresponse.header.Retry-After': "'1'" },
      });
      for (const type of ['DEFAULT_4XX', 'DEFAULT_5XX']) {
        template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
          ResponseType: type,
          ResponseTemplates: { 'application/json': '{"error":"$context.error.messageString"}' },
        });
      }
    },
  );

  it("name the base host in the app host's 404, so a REST path tried there says where it lives", () => {
    // Prepare
    const { stateless } = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const resources = Template.fromStack(stateless).findResources('AWS::ApiGateway::GatewayResponse', {
      Properties: { ResponseType: 'MISSING_AUTHENTICATION_TOKEN' },
    });
    const byApi = new Map(
      Object.values<Json>(resources).map((r) => [
        r.Properties.RestApiId.Ref as string,
        r.Properties.ResponseTemplates['application/json'],
      ]),
    );
    const appApi = logicalId(stateless.apis.get('app')!.api.node.defaultChild as CfnElement);
    const baseApi = logicalId(stateless.apis.get('base')!.api.node.defaultChild as CfnElement);
    // Assess: the app host's template joins in the base API's own invoke URL; the base host's stays plain
    const appTemplate = JSON.stringify(byApi.get(appApi));
    expect(appTemplate).toContain('No route for $context.httpMethod $context.path on the app host; REST routes');
    expect(appTemplate).toContain(`{"Ref":"${baseApi}"}`);
    expect(appTemplate).toContain('.execute-api.');
    expect(byApi.get(baseApi)).toBe('{"error":"No route for $context.httpMethod $context.path"}');
  });
});
