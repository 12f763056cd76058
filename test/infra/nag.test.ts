// infra tests: cdk-nag's AwsSolutions pack finds nothing unacknowledged on any stack (nested included),
// and every acknowledgment carries a real, resource-specific reason.
// cdk-nag 3 is a policy-validation plugin: findings are not Annotations any more, so the pack is run
// directly with validateScope() (its documented test entry point) and through a real synth.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTES, type RouteDefinition } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { yieldToRunner } from '../support/yield-to-runner.ts';

const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-nag');

/** Routes still to come: an app-host route and media routes (bucket grants need acknowledging). */
const FUTURE: RouteDefinition[] = [
  { ...ROUTES[0]!, id: 'app-probe', host: 'app', path: '/api/app-probe', area: 'workspace' },
  {
    ...ROUTES[0]!,
    id: 'media-upload',
    method: 'POST',
    path: '/api/media/upload',
    access: { table: 'readWrite', bucket: 'readWrite' },
    area: 'canvas',
  },
  {
    ...ROUTES[0]!,
    id: 'media-read',
    method: 'GET',
    path: '/api/media/read',
    access: { table: 'read', bucket: 'read' },
    area: 'keys',
  },
];

function findings(scope: IConstruct): string[] {
  const report = new AwsSolutionsChecks().validateScope(scope);
  return report.violations.flatMap((v) =>
    v.violatingResources.map((r) => `${v.severity} ${v.ruleName} at ${r.constructPath}: ${v.description}`),
  );
}

function acknowledgments(scope: IConstruct): Array<{ path: string; id: string; reason: string }> {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          path: construct.node.path,
          id,
          reason,
        })),
      ),
  );
}

describe('cdk-nag AwsSolutions', { timeout: 60_000 }, () => {
  afterEach(yieldToRunner);

  it('reports findings on a non-compliant bucket (the checker really runs)', () => {
    // Prepare
    const app = new App({ outdir: outdir() });
    new s3.Bucket(new Stack(app, 'Canary'), 'Open');
    // Act
    const result = findings(app);
    // Assess
    expect(result.some((f) => f.includes('AwsSolutions-S1'))).toBe(true);
    expect(result.some((f) => f.includes('AwsSolutions-S10'))).toBe(true);
  });

  it('finds no unacknowledged error or warning on any stack of the app', () => {
    // Prepare
    const { app } = buildApp({ outdir: outdir(), context: FAST, nag: false });
    // Act
    const result = findings(app);
    // Assess
    expect(result).toEqual([]);
  });

  it('stays clean when app-host and media routes are added', () => {
    // Prepare
    const { app } = buildApp({ outdir: outdir(), context: FAST, nag: false, routes: [...ROUTES, ...FUTURE] });
    // Act / Assess
    expect(findings(app)).toEqual([]);
  });

  it('stays clean with a callback signing secret configured', () => {
    // Prepare
    const context = {
      ...FAST,
      callbackSigningSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:callback-signing-Ab12Cd',
    };
    const { app } = buildApp({ outdir: outdir(), context, nag: false });
    // Act / Assess
    expect(findings(app)).toEqual([]);
  });

  it('stays clean with the studio hosted from a built folder, with and without a custom domain and web ACL', () => {
    // Prepare: a built studio as scripts/build-web.ts lays it out.
    const studioDir = outdir();
    mkdirSync(path.join(studioDir, 'assets'));
    writeFileSync(path.join(studioDir, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(studioDir, 'assets', 'main-ABC123.js'), 'export {};');
    const domain = {
      publicAppUrl: 'https://app.example.com',
      studioCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
      studioWebAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/studio/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    };
    for (const context of [
      { ...FAST, studioDir },
      { ...FAST, studioDir, ...domain },
    ]) {
      const { app, stateless } = buildApp({ outdir: outdir(), context, nag: false });
      // Act / Assess
      expect(stateless.studio).toBeDefined();
      expect(findings(app)).toEqual([]);
    }
  });

  it('stays clean with the firewall on, the app host behind CloudFront only or also reached directly', () => {
    const firewall = { ...FAST, wafRateLimit: 2000, wafManagedRules: true };
    for (const context of [firewall, { ...firewall, publicAppUrl: 'https://app.example.com' }]) {
      // Prepare
      const { app, stateless } = buildApp({ outdir: outdir(), context, nag: false });
      // Act / Assess
      expect(stateless.apiFirewall?.cloudFrontOriginWebAcl).toBeDefined();
      expect(findings(app)).toEqual([]);
    }
  });

  it('stays clean in compliance mode strict, with a VPC placement and with a custom domain', () => {
    // Prepare: KMS keys, the functions' VPC policy and the site key's CloudFront statement are new here.
    const strict = {
      ...FAST,
      compliance: 'strict',
      vpcId: 'vpc-0a1b2c3d4e5f60718',
      vpcSubnetIds: 'subnet-0a1b2c3d4e5f60718,subnet-1b2c3d4e5f6071829',
      vpcSecurityGroupIds: 'sg-0a1b2c3d4e5f60718',
    };
    const domain = {
      publicAppUrl: 'https://app.example.com',
      studioCertificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d',
    };
    for (const context of [strict, { ...strict, ...domain }]) {
      const { app } = buildApp({ outdir: outdir(), context, nag: false, routes: [...ROUTES, ...FUTURE] });
      // Act / Assess
      expect(findings(app)).toEqual([]);
    }
  });

  it('passes synthesis with the pack registered as a validation plugin', () => {
    // Prepare
    const { app } = buildApp({ outdir: outdir(), context: FAST, nag: true });
    // Act / Assess
    expect(() => app.synth()).not.toThrow();
  });

  it('gives every acknowledgment a full-sentence reason specific to its resource', () => {
    // Prepare
    const { app } = buildApp({ outdir: outdir(), context: FAST, nag: false, routes: [...ROUTES, ...FUTURE] });
    // Act
    const acks = acknowledgments(app);
    // Assess
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, `${ack.path} ${ack.id}`).toBeGreaterThanOrEqual(60);
      expect(ack.reason, `${ack.path} ${ack.id}`).toMatch(/^[A-Z].*\.$/s);
      expect(ack.reason, `${ack.path} ${ack.id}`).not.toMatch(/\b(todo|tbd|n\/a|fine|ok|suppress(ed)?)\b/i);
    }
    // Per-function acknowledgments name their route, so no two resources share a reason.
    const byReason = new Map<string, Set<string>>();
    for (const ack of acks) byReason.set(ack.reason, (byReason.get(ack.reason) ?? new Set()).add(ack.path));
    for (const [reason, paths] of byReason) expect(paths.size, reason).toBe(1);
  });
});
