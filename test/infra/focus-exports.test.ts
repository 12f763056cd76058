// infra tests: what the FOCUS export needs of the infrastructure — the media bucket expires stored
// exports under exports/, and the export functions (both hosts) may write and read bucket objects
// (multipart upload, presigned GET) and write their audit entry, while the metadata functions get no S3
// access and no table write at all.
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { EXPORT_KEY_PREFIX } from '#core/focus/export';
import { ROUTES } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-focus');

describe('FOCUS export infrastructure', { timeout: 60_000 }, () => {
  let built: ReturnType<typeof buildApp>;

  beforeAll(() => {
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
  }, 60_000);

  it('expires stored exports under exports/ after a day, current and noncurrent versions alike', () => {
    // Act
    const buckets = Template.fromStack(built.stateful).findResources('AWS::S3::Bucket');
    const media = buckets.MediaBucket4022EBBF!;
    // Assess
    expect(EXPORT_KEY_PREFIX).toBe('exports/');
    expect(media.Properties.LifecycleConfiguration.Rules).toContainEqual({
      Id: 'expire-exports',
      Prefix: 'exports/',
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
      Status: 'Enabled',
    });
    // Incomplete multipart uploads (a Lambda killed mid-export) are aborted too.
    expect(media.Properties.LifecycleConfiguration.Rules).toContainEqual(
      expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 } }),
    );
  });

  it('lets the export functions of both hosts write and read objects, and the metadata functions nothing in S3', () => {
    // Prepare
    const template = Template.fromStack(built.stateless.areas.get('billing')!).toJSON();
    const functions = Object.entries<Json>(template.Resources).filter(
      ([, resource]) => resource.Type === 'AWS::Lambda::Function',
    );
    const policies = Object.values<Json>(template.Resources).filter((resource) => resource.Type === 'AWS::IAM::Policy');
    const actionsOf = (roleId: string) =>
      policies
        .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
        .flatMap((policy) =>
          policy.Properties.PolicyDocument.Statement.flatMap((statement: Json) => [statement.Action].flat()),
        );
    const billingRoutes = ROUTES.filter((route) => route.area === 'billing');
    // Act / Assess
    expect(billingRoutes.map((route) => `${route.host} ${route.id}`).sort()).toEqual([
      'app billing-focus-export-app',
      'app billing-focus-metadata-app',
      'base billing-focus-export',
      'base billing-focus-metadata',
    ]);
    expect(functions).toHaveLength(4);
    let exporters = 0;
    for (const [, fn] of functions) {
      const roleId = fn.Properties.Role['Fn::GetAtt'][0] as string;
      const actions = actionsOf(roleId);
      const env = fn.Properties.Environment.Variables as Json;
      if (env[ENV.bucketName]) {
        exporters++;
        expect(actions).toEqual(expect.arrayContaining(['s3:PutObject', 's3:GetObject', 's3:AbortMultipartUpload']));
        expect(fn.Properties.Timeout).toBe(29);
        // An export writes its audit entry before it answers (docs/audit.md).
        expect(actions).toContain('dynamodb:PutItem');
      } else {
        expect(actions.filter((action) => action.startsWith('s3:'))).toEqual([]);
        expect(actions.filter((action) => /dynamodb:(Put|Update|Delete|BatchWrite)/.test(action))).toEqual([]);
      }
    }
    expect(exporters).toBe(2);
  });
});
