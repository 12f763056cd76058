// infra tests: the studio's hosting — S3 behind CloudFront with origin access control, the app host's API
// paths as a second origin (never cached, never rewritten), security headers, the two uploads of a build
// and PUBLIC_APP_URL wired to the studio's origin. The app is synthesized with a fake built studio
// (context studioDir), so no test builds web/.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CfnElement } from 'aws-cdk-lib';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { ROUTES } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { apiPathPatterns } from '../../lib/stateless-stack.ts';
import { studioContentSecurityPolicy } from '../../lib/constructs/studio-csp.ts';
import { ASSETS_CACHE_CONTROL, SHELL_CACHE_CONTROL, SPA_REWRITE_CODE } from '../../lib/constructs/studio-site.ts';
import { flattenReference } from '../../lib/constructs/service-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const outdir = tempFolders('cdk.out-studio');
const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);

/** A built studio as scripts/build-web.ts lays it out: index.html and hashed files under assets/. */
function fakeStudio(): string {
  const dir = outdir();
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><script type="module" src="/assets/main-ABC123.js"></script>',
  );
  writeFileSync(path.join(dir, 'assets', 'main-ABC123.js'), 'export {};');
  return dir;
}

const context = (extra: Json = {}) => ({
  ...cdkJsonContext(),
  'aws:cdk:bundling-stacks': [],
  studioDir: fakeStudio(),
  ...extra,
});
const resourcesOf = (template: Json, type: string) =>
  Object.entries<Json>(template.Resources).filter(([, r]) => r.Type === type);
const only = (template: Json, type: string) => {
  const found = resourcesOf(template, type);
  expect(found, type).toHaveLength(1);
  return found[0]!;
};

function functionEnv(built: ReturnType<typeof buildApp>, routeId: string): Json {
  const fn = built.stateless.functions.get(routeId)!;
  return Template.fromStack(Stack.of(fn)).toJSON().Resources[logicalId(fn.function.node.defaultChild as CfnElement)]
    .Properties.Environment.Variables;
}

/** The parent stack's value for a nested stack parameter the function's environment refers to. */
function nestedParameterValue(built: ReturnType<typeof buildApp>, routeId: string, value: Json): Json {
  const nested = Stack.of(built.stateless.functions.get(routeId)!.function);
  const parameter = JSON.stringify(value).match(/"Ref":"([^"]+)"/)![1]!;
  const parent = Template.fromStack(built.stateless).toJSON();
  const [, nestedResource] = Object.entries<Json>(parent.Resources).find(
    ([id, r]) => r.Type === 'AWS::CloudFormation::Stack' && id.startsWith(nested.node.id.replace(/[^A-Za-z0-9]/g, '')),
  )!;
  return nestedResource.Properties.Parameters[parameter];
}

describe('studio hosting', { timeout: 120_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let template: Json;
  let distributionId: string;
  let distribution: Json;

  beforeAll(() => {
    built = buildApp({ outdir: outdir(), context: context(), nag: false });
    template = Template.fromStack(built.stateless).toJSON();
    const [id, resource] = only(template, 'AWS::CloudFront::Distribution');
    distributionId = id;
    distribution = resource.Properties.DistributionConfig;
  });

  const originById = (id: string) => distribution.Origins.find((origin: Json) => origin.Id === id);
  const siteBucketId = () => logicalId(built.stateless.studio!.bucket.node.defaultChild as CfnElement);

  it('reads the S3 origin through origin access control, and lets only this distribution read the bucket', () => {
    // Prepare
    const s3Origin = originById(distribution.DefaultCacheBehavior.TargetOriginId);
    const [oacId, oac] = only(template, 'AWS::CloudFront::OriginAccessControl');
    const [, policy] = resourcesOf(template, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === siteBucketId(),
    )!;
    const allows = policy.Properties.PolicyDocument.Statement.filter((s: Json) => s.Effect === 'Allow');
    // Assess
    expect(s3Origin.DomainName).toEqual({ 'Fn::GetAtt': [siteBucketId(), 'RegionalDomainName'] });
    expect(s3Origin.OriginAccessControlId).toEqual({ 'Fn::GetAtt': [oacId, 'Id'] });
    expect(s3Origin.S3OriginConfig.OriginAccessIdentity).toBe('');
    expect(oac.Properties.OriginAccessControlConfig).toMatchObject({
      OriginAccessControlOriginType: 's3',
      SigningBehavior: 'always',
      SigningProtocol: 'sigv4',
    });
    expect(allows).toHaveLength(1);
    expect(allows[0].Principal).toEqual({ Service: 'cloudfront.amazonaws.com' });
    expect([allows[0].Action].flat()).toEqual(['s3:GetObject']);
    expect(JSON.stringify(allows[0].Condition.StringEquals['AWS:SourceArn'])).toContain(`{"Ref":"${distributionId}"}`);
  });

  it('keeps the site bucket private, encrypted and TLS-only', () => {
    // Prepare
    const bucket = template.Resources[siteBucketId()].Properties;
    const [, policy] = resourcesOf(template, 'AWS::S3::BucketPolicy').find(
      ([, p]) => p.Properties.Bucket.Ref === siteBucketId(),
    )!;
    // Assess
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(
      bucket.BucketEncryption.ServerSideEncryptionConfiguration[0].ServerSideEncryptionByDefault.SSEAlgorithm,
    ).toBe('AES256');
    expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 's3:*',
        Condition: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  });

  it("sends the app host's API paths to its API stage, uncached, with every method and every viewer header but Host", () => {
    // Prepare
    const expected = apiPathPatterns(ROUTES.filter((route) => route.host === 'app'));
    const apiId = logicalId(built.stateless.apis.get('app')!.api.node.defaultChild as CfnElement);
    // Assess
    expect(expected).toEqual(expect.arrayContaining(['/api/*', '/oauth/*', '/.well-known/*']));
    expect(distribution.CacheBehaviors.map((b: Json) => b.PathPattern).sort()).toEqual([...expected].sort());
    for (const behavior of distribution.CacheBehaviors) {
      const origin = originById(behavior.TargetOriginId);
      expect(JSON.stringify(origin.DomainName), behavior.PathPattern).toContain(`{"Ref":"${apiId}"},".execute-api."`);
      expect(origin.OriginPath).toBe('/prod');
      expect(origin.CustomOriginConfig).toMatchObject({
        OriginProtocolPolicy: 'https-only',
        OriginSSLProtocols: ['TLSv1.2'],
      });
      expect(behavior.CachePolicyId, behavior.PathPattern).toBe(cloudfront.CachePolicy.CACHING_DISABLED.cachePolicyId);
      expect(behavior.OriginRequestPolicyId, behavior.PathPattern).toBe(
        cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      );
      expect(behavior.AllowedMethods.sort(), behavior.PathPattern).toEqual([
        'DELETE',
        'GET',
        'HEAD',
        'OPTIONS',
        'PATCH',
        'POST',
        'PUT',
      ]);
    }
  });

  it('derives the API path patterns from the manifest, leaving / to the studio', () => {
    const route = ROUTES[0]!;
    expect(
      apiPathPatterns([
        { ...route, path: '/' },
        { ...route, path: '/api/mcp' },
        { ...route, path: '/api/billing/usage' },
        { ...route, path: '/.well-known/{proxy+}' },
        { ...route, path: '/health' },
      ]),
    ).toEqual(['/.well-known/*', '/api/*', '/health']);
  });

  it('serves the static files with CachingOptimized and rewrites only their extension-less paths to /index.html', () => {
    // Prepare
    const defaults = distribution.DefaultCacheBehavior;
    // The SPA rewrite; the API paths have a function of their own (the viewer address, api-firewall.test.ts).
    const [functionId, fn] = resourcesOf(template, 'AWS::CloudFront::Function').find(
      ([, candidate]) => candidate.Properties.FunctionCode === SPA_REWRITE_CODE,
    )!;
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: Json) => Json;
    const rewrite = (uri: string) => handler({ request: { uri } }).uri;
    // Assess
    expect(defaults.CachePolicyId).toBe(cloudfront.CachePolicy.CACHING_OPTIMIZED.cachePolicyId);
    expect(defaults.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [functionId, 'FunctionARN'] } },
    ]);
    for (const behavior of distribution.CacheBehaviors)
      expect(JSON.stringify(behavior.FunctionAssociations ?? []), behavior.PathPattern).not.toContain(functionId);
    expect(fn.Properties.FunctionCode).toBe(SPA_REWRITE_CODE);
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/w/01J0ABC/canvases/01J0DEF')).toBe('/index.html');
    expect(rewrite('/settings/')).toBe('/index.html');
    expect(rewrite('/assets/main-ABC123.js')).toBe('/assets/main-ABC123.js');
    expect(rewrite('/favicon.ico')).toBe('/favicon.ico');
  });

  it('has no distribution-wide error responses (they would turn API 403/404 answers into index.html)', () => {
    expect(distribution.CustomErrorResponses).toBeUndefined();
  });

  it('sends a CSP without inline or eval scripts that lets media play from the media bucket, plus HSTS, DENY and nosniff', () => {
    // Prepare
    const [policyId, policy] = only(template, 'AWS::CloudFront::ResponseHeadersPolicy');
    const security = policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig;
    const csp = flattenReference(security.ContentSecurityPolicy.ContentSecurityPolicy);
    const directives = new Map(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...sources]) => [name!, sources]),
    );
    // Assess
    expect(distribution.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: policyId });
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(directives.get('default-src')).toEqual(["'self'"]);
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    // Presigned media URLs: https://<bucket>.s3.<region>.amazonaws.com (the bucket comes from StatefulStack).
    for (const name of ['media-src', 'img-src', 'connect-src']) {
      expect(
        directives
          .get(name)!
          .some((source) => /^https:\/\/[^\s<]*MediaBucket\w*\.s3\.<AWS::Region>\.<AWS::URLSuffix>$/.test(source)),
        name,
      ).toBe(true);
    }
    expect(security.ContentSecurityPolicy.Override).toBe(true);
    expect(security.StrictTransportSecurity).toMatchObject({
      AccessControlMaxAgeSec: 31_536_000,
      IncludeSubdomains: true,
      Override: true,
    });
    expect(security.FrameOptions).toEqual({ FrameOption: 'DENY', Override: true });
    expect(security.ContentTypeOptions).toEqual({ Override: true });
    expect(security.ReferrerPolicy.ReferrerPolicy).toBe('no-referrer');
  });

  it('adds the media origin to the base policy without touching script-src', () => {
    const csp = studioContentSecurityPolicy(
      { mediaOrigins: ['https://media.s3.eu-west-1.amazonaws.com'] },
      "default-src 'self'; script-src 'self'; img-src 'self' data:",
    );
    expect(csp).toBe(
      "default-src 'self'; script-src 'self'; img-src 'self' data: https://media.s3.eu-west-1.amazonaws.com; media-src 'self' blob: https://media.s3.eu-west-1.amazonaws.com; connect-src 'self' https://media.s3.eu-west-1.amazonaws.com",
    );
  });

  it('uploads hashed assets as immutable and unpruned, and index.html as revalidated with an invalidation', () => {
    // Prepare
    const deployments = resourcesOf(template, 'Custom::CDKBucketDeployment').map(([, r]) => r.Properties);
    const assets = deployments.find((d) => d.Include)!;
    const shell = deployments.find((d) => !d.Include)!;
    // Assess
    expect(deployments).toHaveLength(2);
    expect(assets).toMatchObject({
      Include: ['assets/*'],
      Exclude: ['*'],
      Prune: false,
      SystemMetadata: { 'cache-control': ASSETS_CACHE_CONTROL },
    });
    expect(ASSETS_CACHE_CONTROL).toMatch(/max-age=31536000/);
    expect(ASSETS_CACHE_CONTROL).toMatch(/immutable/);
    expect(assets.DistributionPaths).toBeUndefined();
    expect(shell).toMatchObject({
      Exclude: ['assets/*'],
      Prune: false,
      SystemMetadata: { 'cache-control': SHELL_CACHE_CONTROL },
      DistributionPaths: ['/index.html'],
    });
    expect(SHELL_CACHE_CONTROL).toMatch(/max-age=0/);
    expect(shell.DistributionId).toEqual({ Ref: distributionId });
    expect(shell.DestinationBucketName).toEqual({ Ref: siteBucketId() });
  });

  it('logs requests into a bucket with ACLs enabled (CloudFront standard logging needs them)', () => {
    // Prepare
    const logBucketId = logicalId(built.stateless.studio!.logBucket.node.defaultChild as CfnElement);
    const logBucket = template.Resources[logBucketId].Properties;
    // Assess
    expect(distribution.Logging).toEqual({
      Bucket: { 'Fn::GetAtt': [logBucketId, 'RegionalDomainName'] },
      Prefix: 'cloudfront/',
    });
    expect(logBucket.OwnershipControls.Rules).toEqual([{ ObjectOwnership: 'BucketOwnerPreferred' }]);
    expect(template.Resources[siteBucketId()].Properties.LoggingConfiguration.DestinationBucketName).toEqual({
      Ref: logBucketId,
    });
  });

  it("gives the app host's functions and the invite route the distribution's origin as PUBLIC_APP_URL, and outputs it", () => {
    // Prepare
    const outputs = Object.values<Json>(template.Outputs ?? {});
    // Assess
    for (const routeId of ['gateway', 'oauth-server', 'oauth-well-known', 'workspace-invite']) {
      const value = functionEnv(built, routeId)[ENV.publicAppUrl];
      expect(value, routeId).toEqual({ 'Fn::Join': ['', ['https://', { Ref: expect.any(String) }]] });
      expect(nestedParameterValue(built, routeId, value), routeId).toEqual({
        'Fn::GetAtt': [distributionId, 'DomainName'],
      });
    }
    expect(functionEnv(built, 'workspace-rename')[ENV.publicAppUrl]).toBeUndefined();
    expect(outputs).toContainEqual(
      expect.objectContaining({
        Value: { 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [distributionId, 'DomainName'] }]] },
      }),
    );
  });

  it('serves a custom app domain with its us-east-1 certificate and TLS 1.2 (2021), and an optional CloudFront web ACL', () => {
    // Prepare
    const certificateArn = 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';
    const webAclArn = 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/studio/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d';
    const withDomain = buildApp({
      outdir: outdir(),
      context: context({
        publicAppUrl: 'https://app.example.com',
        studioCertificateArn: certificateArn,
        studioWebAclArn: webAclArn,
      }),
      nag: false,
    });
    const [, resource] = only(Template.fromStack(withDomain.stateless).toJSON(), 'AWS::CloudFront::Distribution');
    const config = resource.Properties.DistributionConfig;
    // Assess
    expect(config.Aliases).toEqual(['app.example.com']);
    expect(config.ViewerCertificate).toEqual({
      AcmCertificateArn: certificateArn,
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    expect(config.WebACLId).toBe(webAclArn);
    expect(functionEnv(withDomain, 'gateway')[ENV.publicAppUrl]).toBe('https://app.example.com');
    expect(() =>
      buildApp({ outdir: outdir(), context: context({ studioCertificateArn: certificateArn }), nag: false }),
    ).toThrow(/needs publicAppUrl/);
  });

  it('is left out with context studio=false: no distribution, and the app host names its own origin', () => {
    // Prepare / Act
    const without = buildApp({ outdir: outdir(), context: context({ studio: false }), nag: false });
    // Assess
    expect(without.stateless.studio).toBeUndefined();
    expect(resourcesOf(Template.fromStack(without.stateless).toJSON(), 'AWS::CloudFront::Distribution')).toHaveLength(
      0,
    );
    expect(functionEnv(without, 'gateway')[ENV.publicAppUrl]).toBeUndefined();
  });
});
