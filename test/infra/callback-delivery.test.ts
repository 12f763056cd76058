// infra tests: the deliver-callback function (lib/constructs/callback-delivery.ts) — its timeout, memory and
// async-invoke settings, its own grants, and lambda:InvokeFunction on exactly it for every route that
// accepts runs (manifest access.workflow includes 'start') and for no other route.
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ROUTES } from '#route-table/manifest';
import { DELIVER_CALLBACK_FUNCTION_ENV } from '#adapters/lambda/callback-dispatch';
import { PROMPT_CALLBACK_HOLD_MS } from '#core/runs/callbacks-prompt';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import {
  DELIVER_CALLBACK_MEMORY_MB,
  DELIVER_CALLBACK_TIMEOUT_SECONDS,
} from '../../lib/constructs/callback-delivery.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
const outdir = tempFolders('cdk.out-callback-delivery');

const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);
const cfnId = (construct: { node: { defaultChild?: unknown } }) => logicalId(construct.node.defaultChild as CfnElement);

function statementsOfRole(template: Json, roleLogicalId: string): Json[] {
  return Object.values<Json>(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleLogicalId}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}

describe('CallbackDelivery', { timeout: 60_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let workflowTemplate: Json;

  beforeAll(() => {
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    workflowTemplate = Template.fromStack(built.stateless.runWorkflow).toJSON();
  }, 60_000);

  const deliver = () => built.stateless.runWorkflow.workflow.callbackDelivery.deliver;

  it('is a function with a timeout far above its hold and one callback POST, at its memory size, not retried', () => {
    const props = workflowTemplate.Resources[cfnId(deliver().function)].Properties;
    expect(props.Timeout).toBe(DELIVER_CALLBACK_TIMEOUT_SECONDS);
    expect(DELIVER_CALLBACK_TIMEOUT_SECONDS * 1000).toBeGreaterThan(PROMPT_CALLBACK_HOLD_MS + 5_000);
    expect(props.MemorySize).toBe(DELIVER_CALLBACK_MEMORY_MB);
    const asyncConfig = Object.values<Json>(workflowTemplate.Resources).filter(
      (r) =>
        r.Type === 'AWS::Lambda::EventInvokeConfig' &&
        JSON.stringify(r.Properties.FunctionName).includes(cfnId(deliver().function)),
    );
    expect(asyncConfig).toHaveLength(1);
    expect(asyncConfig[0]!.Properties).toMatchObject({ MaximumRetryAttempts: 0 });
  });

  it('may read and write the table and read the bucket, and invokes nothing and starts no execution', () => {
    const actions = statementsOfRole(workflowTemplate, cfnId(deliver().role)).flatMap(
      (s) => [s.Action].flat() as string[],
    );
    expect(actions).toEqual(expect.arrayContaining(['dynamodb:GetItem', 'dynamodb:PutItem', 's3:GetObject']));
    expect(actions.filter((action) => action.startsWith('lambda:') || action.startsWith('states:'))).toEqual([]);
    expect(actions).not.toContain('s3:PutObject');
  });

  it('is invocable by exactly the routes that accept or redrive runs, on its own ARN, named in their env', () => {
    // A redrive of an inline run runs it inline again and asks for its callback as the accept does.
    const accepting = ROUTES.filter((route) =>
      route.access.workflow?.some((action) => action === 'start' || action === 'redrive'),
    );
    expect(accepting.map((route) => route.id)).toEqual(expect.arrayContaining(['run', 'executions-redrive']));
    for (const route of ROUTES) {
      const area = built.stateless.areas.get(route.area)!;
      const template = Template.fromStack(area).toJSON();
      const fn = built.stateless.functions.get(route.id)!;
      const invokes = statementsOfRole(template, cfnId(fn.role)).filter((s) =>
        [s.Action].flat().includes('lambda:InvokeFunction'),
      );
      const env = template.Resources[cfnId(fn.function)].Properties.Environment?.Variables ?? {};
      if (!accepting.includes(route)) {
        expect(invokes, route.id).toEqual([]);
        expect(env[DELIVER_CALLBACK_FUNCTION_ENV], route.id).toBeUndefined();
        continue;
      }
      expect(invokes, route.id).toHaveLength(1);
      // One resource, the value the environment names (a parameter fed by the workflow stack's function ARN).
      expect([invokes[0]!.Resource].flat(), route.id).toEqual([env[DELIVER_CALLBACK_FUNCTION_ENV]]);
      expect(JSON.stringify(invokes[0]!.Resource)).not.toContain('*');
    }
    // The workflow stack hands over the deliver-callback function's ARN and nothing else of it.
    const outputs = Object.values<Json>(workflowTemplate.Outputs ?? {});
    expect(
      outputs.some(
        (o) => JSON.stringify(o.Value) === JSON.stringify({ 'Fn::GetAtt': [cfnId(deliver().function), 'Arn'] }),
      ),
    ).toBe(true);
  });
});
