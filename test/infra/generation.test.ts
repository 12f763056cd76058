// infra: what the generation routes and the run workflow's Advance step may touch — the shared provider
// keys (by complete ARN, from CDK context) read by exactly those functions, credentials opened (never
// sealed), the media bucket written by the status routes only, and the status routes' extended timeout.
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { ROUTES } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAL_SECRET = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:fal-key-AbCdEf';
const GEMINI_SECRET = 'arn:aws:secretsmanager:eu-west-1:111122223333:secret:gemini-key-GhIjKl';
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-generation');

function statementsOf(template: Json, roleLogicalId: string): Json[] {
  return Object.values<Json>(template.Resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' &&
        JSON.stringify(resource.Properties.Roles).includes(`"${roleLogicalId}"`),
    )
    .flatMap((resource) => resource.Properties.PolicyDocument.Statement);
}

describe('generation grants', { timeout: 120_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let plain: ReturnType<typeof buildApp>;
  beforeAll(() => {
    built = buildApp({
      outdir: outdir(),
      context: { ...FAST, providerOneApiKeySecretArn: GEMINI_SECRET, providerTwoApiKeySecretArn: FAL_SECRET },
      nag: false,
    });
    plain = buildApp({ outdir: outdir(), context: FAST, nag: false });
  });

  const functionOf = (app: ReturnType<typeof buildApp>, id: string) => {
    const fn = id === 'advance' ? app.stateless.runWorkflow.workflow.advance : app.stateless.functions.get(id)!;
    const template = Template.fromStack(Stack.of(fn.function)).toJSON();
    const stack = Stack.of(fn.function);
    return {
      props: template.Resources[stack.getLogicalId(fn.function.node.defaultChild as never)].Properties,
      statements: statementsOf(template, stack.getLogicalId(fn.role.node.defaultChild as never)),
    };
  };

  it('gives the shared provider key (env and GetSecretValue on that ARN) to the generation routes, the cancel route and Advance only', () => {
    const readers = ROUTES.filter((route) => route.access.generation && route.id !== 'gateway').map(
      (route) => route.id,
    );
    expect(readers.sort()).toEqual([
      'executions-cancel',
      'fal-generate-video',
      'fal-generate-video-status',
      'generate-audio',
      'generate-video',
      'generate-video-status',
    ]);
    for (const id of [...readers, 'advance']) {
      const { props, statements } = functionOf(built, id);
      expect(props.Environment.Variables[`${ENV.providerTwoApiKey}_ARN`], id).toBe(FAL_SECRET);
      expect(props.Environment.Variables[`${ENV.providerOneApiKey}_ARN`], id).toBe(GEMINI_SECRET);
      for (const secret of [FAL_SECRET, GEMINI_SECRET]) {
        expect(
          statements.filter(
            (statement) =>
              statement.Action === 'secretsmanager:GetSecretValue' &&
              JSON.stringify(statement.Resource).includes(secret),
          ),
          id,
        ).toHaveLength(1);
      }
      expect(
        statements.flatMap((statement) => [statement.Action].flat()),
        id,
      ).not.toContain('kms:GenerateDataKey');
    }
    for (const route of ROUTES.filter((candidate) => !candidate.access.generation && candidate.id !== 'gateway')) {
      const environment = JSON.stringify(functionOf(built, route.id).props.Environment?.Variables ?? {});
      expect(environment, route.id).not.toContain(FAL_SECRET);
      expect(environment, route.id).not.toContain(GEMINI_SECRET);
    }
    // Without the context, no function is told of a key: workspaces bring their own (or local mode's sandbox).
    expect(
      functionOf(plain, 'fal-generate-video').props.Environment.Variables[`${ENV.providerTwoApiKey}_ARN`],
    ).toBeUndefined();
  });

  it('lets Advance open credentials and write media, the submit route open credentials only, the status route write media under a 300 s timeout', () => {
    const advance = functionOf(built, 'advance');
    expect(advance.statements.flatMap((statement) => [statement.Action].flat())).toEqual(
      expect.arrayContaining(['kms:Decrypt', 's3:PutObject']),
    );
    // Provider one's submit fetches up to four reference images before its POST: a longer timeout.
    for (const [id, timeout] of [
      ['fal-generate-video', 30],
      ['generate-video', 60],
    ] as const) {
      const submit = functionOf(built, id);
      expect(
        submit.statements
          .flatMap((statement) => [statement.Action].flat())
          .filter((action: string) => action.startsWith('s3:')),
        id,
      ).toEqual([]);
      expect(submit.props.Timeout, id).toBe(timeout);
    }
    for (const id of ['fal-generate-video-status', 'generate-video-status']) {
      const status = functionOf(built, id);
      expect(
        status.statements.flatMap((statement) => [statement.Action].flat()),
        id,
      ).toEqual(expect.arrayContaining(['kms:Decrypt', 's3:PutObject']));
      expect(status.props.Timeout, id).toBe(300);
    }
  });
});
