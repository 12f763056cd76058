// infra: the credentials KMS key (stateful, rotated, retained) and least-privilege use of it — only the
// functions that seal or open credentials get the one KMS action each needs, on that key, for requests
// carrying the workspace/provider encryption context.
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { authOf, ROUTES } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-integrations');

function kmsStatements(template: Json, roleLogicalId: string): Json[] {
  return Object.values<Json>(template.Resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(resource.Properties.Roles).includes(`"${roleLogicalId}"`),
    )
    .flatMap((resource) => resource.Properties.PolicyDocument.Statement)
    .filter((statement: Json) => [statement.Action].flat().some((action: string) => action.startsWith('kms:')));
}

describe('credentials KMS key', { timeout: 120_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  beforeAll(() => {
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
  });

  it('lives in the stateful stack, rotates yearly and is retained', () => {
    const template = Template.fromStack(built.stateful);
    template.resourceCountIs('AWS::KMS::Key', 1);
    template.hasResource('AWS::KMS::Key', {
      Properties: { EnableKeyRotation: true, PendingWindowInDays: 30 },
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });

  it('grants GenerateDataKey to sealing routes and nothing to the others, always with the encryption-context condition', () => {
    for (const route of ROUTES.filter((candidate) => candidate.area === 'integrations')) {
      const area = built.stateless.areas.get(route.area)!;
      const fn = built.stateless.functions.get(route.id)!;
      const template = Template.fromStack(area).toJSON();
      const statements = kmsStatements(template, area.getLogicalId(fn.role.node.defaultChild as never));
      const env =
        template.Resources[area.getLogicalId(fn.function.node.defaultChild as never)].Properties.Environment.Variables;
      const expected = (route.access.credentials ?? []).map((action) =>
        action === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt',
      );
      expect(
        statements.flatMap((statement) => [statement.Action].flat()),
        route.id,
      ).toEqual(expected);
      for (const statement of statements) {
        expect(statement.Resource, route.id).toEqual({ Ref: 'CredentialsKeyArn' });
        expect(statement.Condition['ForAllValues:StringEquals']['kms:EncryptionContextKeys']).toEqual([
          'workspaceId',
          'provider',
        ]);
      }
      expect(env[ENV.credentialsKmsKeyId] !== undefined, route.id).toBe(expected.length > 0);
    }
  });

  it('gives the gateway (which serves the same operations as tools) the union of those grants', () => {
    const fn = built.stateless.functions.get('gateway')!;
    const template = Template.fromStack(Stack.of(fn)).toJSON();
    const actions = kmsStatements(template, Stack.of(fn).getLogicalId(fn.role.node.defaultChild as never)).flatMap(
      (statement) => [statement.Action].flat(),
    );
    // The routes a workspace credential calls: their operations run inside the gateway (the webhook
    // trigger, which opens provider signing secrets, is not one of them).
    const keyRoutes = ROUTES.filter((route) => authOf(route) === 'workspace-key');
    const union = [...new Set(keyRoutes.flatMap((route) => route.access.credentials ?? []))].map((action) =>
      action === 'seal' ? 'kms:GenerateDataKey' : 'kms:Decrypt',
    );
    expect(actions.sort()).toEqual(union.sort());
  });
});
