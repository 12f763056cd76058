// infra tests: the OAuth authorization server on the app host — its routes at the host root, its
// function's grants and configuration, and the public origin it derives every URL from.
import type { CfnElement } from 'aws-cdk-lib';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { routeById } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-oauth');
const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);

function functionOf(routeId: string, built: ReturnType<typeof buildApp>) {
  const fn = built.stateless.functions.get(routeId)!;
  const template = Template.fromStack(Stack.of(fn)).toJSON();
  const roleId = logicalId(fn.role.node.defaultChild as CfnElement);
  const statements = Object.values<Json>(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
  return {
    props: template.Resources[logicalId(fn.function.node.defaultChild as CfnElement)].Properties as Json,
    statements,
  };
}

describe('OAuth authorization server infrastructure', { timeout: 60_000 }, () => {
  it('serves /.well-known/* and /oauth/* on the app host root, with no API Gateway authorizer', () => {
    // Prepare / Act
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const parent = Template.fromStack(built.stateless).toJSON();
    const appApiId = logicalId(built.stateless.apis.get('app')!.api.node.defaultChild as CfnElement);
    const resources = Object.values<Json>(parent.Resources);
    const pathParts = resources
      .filter((r) => r.Type === 'AWS::ApiGateway::Resource' && r.Properties.RestApiId.Ref === appApiId)
      .map((r) => r.Properties.PathPart);
    const methods = resources.filter(
      (r) => r.Type === 'AWS::ApiGateway::Method' && r.Properties.RestApiId.Ref === appApiId,
    );
    // Assess
    expect(routeById('oauth-well-known')).toMatchObject({
      host: 'app',
      method: 'GET',
      path: '/.well-known/{proxy+}',
      auth: 'public',
    });
    expect(routeById('oauth-server')).toMatchObject({
      host: 'app',
      method: 'ANY',
      path: '/oauth/{proxy+}',
      auth: 'public',
    });
    expect(pathParts).toEqual(expect.arrayContaining(['.well-known', 'oauth', '{proxy+}']));
    // Public endpoints: the protocol authenticates (client auth, PKCE, sessions), not API Gateway.
    for (const method of methods) expect(method.Properties.AuthorizationType).toBe('NONE');
  });

  it('lets the OAuth function read and write the table and read the service key, and nothing else', () => {
    // Prepare / Act
    const built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    const { props, statements } = functionOf('oauth-server', built);
    const actions = new Set(statements.flatMap((s) => [s.Action].flat() as string[]));
    // Assess
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).toContain('dynamodb:ConditionCheckItem');
    expect(actions).toContain('secretsmanager:GetSecretValue');
    expect([...actions].filter((action) => /^(states|s3|sqs):/.test(action))).toEqual([]);
    expect(props.Environment.Variables[ENV.serviceRootKeyArn]).toBeDefined();
    expect(props.Environment.Variables[ENV.serviceRootKey]).toBeUndefined();
  });

  it('gives the OAuth functions and the invite route the custom domain origin when one is configured', () => {
    // Prepare / Act
    const withDomain = buildApp({
      outdir: outdir(),
      context: { ...FAST, publicAppUrl: 'https://app.example.com' },
      nag: false,
    });
    // Without the studio too: its distribution would be the app origin (test/infra/studio.test.ts).
    const without = buildApp({ outdir: outdir(), context: { ...FAST, studio: false }, nag: false });
    // Assess
    for (const routeId of ['oauth-server', 'oauth-well-known', 'workspace-invite']) {
      expect(functionOf(routeId, withDomain).props.Environment.Variables[ENV.publicAppUrl]).toBe(
        'https://app.example.com',
      );
      expect(functionOf(routeId, without).props.Environment.Variables[ENV.publicAppUrl]).toBeUndefined();
    }
    expect(functionOf('workspace-rename', withDomain).props.Environment.Variables[ENV.publicAppUrl]).toBeUndefined();
  });
});
