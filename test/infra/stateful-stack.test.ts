// infra tests: the synthesized stateful stack matches the table design (logical ids kept, keys, indexes,
// buckets); bundling is skipped when asked; API Gateway's own answers speak the interface.
// Bundling is skipped ('aws:cdk:bundling-stacks': []) so the whole app synthesizes in seconds.
import { PENDING_PREFIX } from '#core/assets/model';
import { EXPORT_KEY_PREFIX } from '#core/focus/export';
import { ERROR_CODE_LIST, type ErrorCode } from '#core/errors';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-stateful-stack');
const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);

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

  it('builds the table from TABLE_SCHEMA: keys, GSI1, the sparse queued-runs GSI2 (keys only), TTL, on-demand, PITR, encryption, retention', () => {
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
  });

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
  it('speak the interface: { "error": … } bodies, 404 for unknown routes, Retry-After on throttling, binary-safe bodies', () => {
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
    const codes: Record<string, ErrorCode> = {
      MISSING_AUTHENTICATION_TOKEN: 'not_found',
      THROTTLED: 'rate_limited',
      REQUEST_TOO_LARGE: 'payload_too_large',
      DEFAULT_4XX: 'validation_failed',
      DEFAULT_5XX: 'internal_error',
    };
    // Each template, filled in as API Gateway fills it (substitution only; messageString comes quoted),
    // is the interface's error body with its code.
    const filled = (template: string) =>
      template
        .replaceAll('$context.error.messageString', JSON.stringify('Say "why"'))
        .replaceAll('$context.httpMethod', 'GET')
        .replaceAll('$context.path', '/nowhere');
    for (const [type, code] of Object.entries(codes)) {
      const found = template.findResources('AWS::ApiGateway::GatewayResponse', {
        Properties: { ResponseType: type },
      });
      expect(Object.keys(found)).toHaveLength(2);
      for (const response of Object.values<Json>(found)) {
        const json = response.Properties.ResponseTemplates['application/json'];
        const text =
          typeof json === 'string'
            ? json
            : json['Fn::Join'][1].map((part: unknown) => (typeof part === 'string' ? part : 'https://x')).join('');
        expect(JSON.parse(filled(text))).toEqual({ error: expect.any(String), code });
        expect(ERROR_CODE_LIST).toContain(code);
      }
    }
  });

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
    expect(byApi.get(baseApi)).toBe('{"error":"No route for $context.httpMethod $context.path","code":"not_found"}');
  });
});
