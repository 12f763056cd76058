// infra tests: the run routes' grants, derived from the manifest's `access.workflow` / `access.callbacks`
// (states actions, env vars, workflow parameters, integration timeouts), and the deployment's callback
// signing secret from CDK context. In-process synths, bundling skipped. The run workflow nested stack
// itself: run-workflow.test.ts.
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { ROUTES, type RouteDefinition } from '#route-table/manifest';
import { buildApp } from '../../bin/app.ts';
import { CLIENT_ADDRESS_ROUTES } from '../../lib/stateless-stack.ts';
import { WORKFLOW_ACTIONS } from '../../lib/constructs/service-function.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { actionsOf, cfnId, FAST, type Json, logicalId, statementsOfRole } from './support/template-queries.ts';

/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-run-route-grants');
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:callback-signing-Ab12Cd';

describe('run routes: grants from access.workflow and access.callbacks', { timeout: 60_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let parent: Json;

  beforeAll(() => {
    // Prepare / Act
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    parent = Template.fromStack(built.stateless).toJSON();
  }, 60_000);

  function routeTemplate(route: RouteDefinition) {
    const template = Template.fromStack(built.stateless.areas.get(route.area)!).toJSON();
    const fn = built.stateless.functions.get(route.id)!;
    const statements = statementsOfRole(template, cfnId(fn.role));
    return {
      template,
      statements,
      actions: actionsOf(statements),
      env: template.Resources[cfnId(fn.function)].Properties.Environment.Variables as Json,
    };
  }
  const byId = (id: string) => ROUTES.find((route) => route.id === id)!;

  it('grants each route exactly the states actions its manifest entry declares, and the env to use them', () => {
    for (const route of ROUTES) {
      // Prepare
      const declared = route.access.workflow ?? [];
      // Act
      const { actions, env } = routeTemplate(route);
      // Assess
      const expected = declared.flatMap((action) => [...WORKFLOW_ACTIONS[action]]).sort();
      expect(actions.filter((a) => a.startsWith('states:')).sort(), route.id).toEqual(expected);
      expect(
        actions.filter((a) => a.startsWith('sqs:')),
        route.id,
      ).toEqual([]);
      expect(env[ENV.stateMachineArn] !== undefined, route.id).toBe(declared.length > 0);
      expect(
        Object.keys(env).filter((name) => /QUEUE/.test(name)),
        route.id,
      ).toEqual([]);
    }
  });

  it('lets POST /api/run start (StartExecution) but not stop or redrive', () => {
    // Act
    const { statements, actions, env } = routeTemplate(byId('run'));
    // Assess
    expect(actions).toContain('states:StartExecution');
    expect(actions).not.toContain('states:StopExecution');
    expect(actions).not.toContain('states:RedriveExecution');
    expect(actions.filter((a) => a.startsWith('sqs:'))).toEqual([]);
    expect(statements.find((s) => s.Action === 'states:StartExecution')!.Resource).toEqual({
      Ref: 'RunStateMachineArn',
    });
    expect(env[ENV.stateMachineArn]).toEqual({ Ref: 'RunStateMachineArn' });
  });

  it('lets cancel stop and redrive redrive (and describe, to wait for a closing execution), each on the executions of the run state machine only', () => {
    const expected = [
      ['executions-cancel', ['states:StopExecution']],
      ['executions-redrive', ['states:DescribeExecution', 'states:RedriveExecution']],
    ] as const;
    for (const [id, wanted] of expected) {
      // Act
      const { statements, actions } = routeTemplate(byId(id));
      // Assess
      expect(actions.filter((a) => a.startsWith('states:') || a.startsWith('sqs:')).sort(), id).toEqual([...wanted]);
      const statement = statements.find((s) => [s.Action].flat().includes(wanted[0]))!;
      expect([statement.Action].flat().sort(), id).toEqual([...wanted]);
      const resource = statement.Resource;
      expect(resource).toEqual({
        'Fn::Join': [
          '',
          [
            'arn:',
            { Ref: 'AWS::Partition' },
            ':states:',
            { Ref: 'AWS::Region' },
            ':',
            { Ref: 'AWS::AccountId' },
            ':execution:',
            { Ref: 'RunStateMachineName' },
            ':*',
          ],
        ],
      });
    }
  });

  it('gives read-only run routes no states, sqs or secret access at all', () => {
    for (const route of ROUTES.filter((r) => r.area === 'runs' && r.access.table === 'read')) {
      // Act
      const { actions, env } = routeTemplate(route);
      // Assess
      expect(
        actions.filter((a) => /^(states|sqs|secretsmanager):/.test(a)),
        route.id,
      ).toEqual([]);
      expect(env[ENV.stateMachineArn], route.id).toBeUndefined();
    }
  });

  it('passes the workflow into the route areas as parameters from the RunWorkflow stack outputs, only those an area uses', () => {
    // Prepare
    const workflowId = logicalId(built.stateless.runWorkflow.nestedStackResource!);
    for (const [area, stack] of built.stateless.areas) {
      const actions = new Set(ROUTES.filter((r) => r.area === area).flatMap((r) => r.access.workflow ?? []));
      const expected = [
        ...(actions.size > 0 ? ['RunStateMachineArn'] : []),
        ...(actions.has('stop') || actions.has('redrive') ? ['RunStateMachineName'] : []),
      ];
      // Act
      const declared = Object.keys(Template.fromStack(stack).toJSON().Parameters ?? {}).filter((p) =>
        p.startsWith('Run'),
      );
      const passed = parent.Resources[logicalId(stack.nestedStackResource!)].Properties.Parameters ?? {};
      // Assess
      expect(declared.sort(), area).toEqual(expected.sort());
      for (const name of expected) {
        expect(passed[name]['Fn::GetAtt'][0], `${area} ${name}`).toBe(workflowId);
        expect(passed[name]['Fn::GetAtt'][1], `${area} ${name}`).toMatch(/^Outputs\./);
      }
    }
    expect(ROUTES.some((r) => r.area === 'runs' && r.access.workflow?.includes('stop'))).toBe(true);
  });

  it(
    'gives POST /api/run a 60 s Lambda and a 60 000 ms integration; routes without a long timeout keep 29 000 ' + 'ms',
    () => {
      // Prepare: the method of each route, found by the nested-stack output its integration URI uses.
      const methods = Object.values<Json>(parent.Resources).filter((r) => r.Type === 'AWS::ApiGateway::Method');
      const methodOf = (route: RouteDefinition) => {
        const area = built.stateless.areas.get(route.area)!;
        const fn = built.stateless.functions.get(route.id)!;
        const [output] = Object.entries<Json>(Template.fromStack(area).toJSON().Outputs).find(
          ([, out]) => JSON.stringify(out.Value) === JSON.stringify({ 'Fn::GetAtt': [cfnId(fn.function), 'Arn'] }),
        )!;
        const uriPart = `"${logicalId(area.nestedStackResource!)}","Outputs.${output}"`;
        const matching = methods.filter((m) => JSON.stringify(m.Properties.Integration.Uri).includes(uriPart));
        expect(matching, route.id).toHaveLength(1);
        return matching[0]!;
      };
      const run = byId('run');
      // Act
      const timeoutOf = (route: RouteDefinition) => methodOf(route).Properties.Integration.TimeoutInMillis as number;
      // Assess
      expect(
        routeTemplate(run).template.Resources[cfnId(built.stateless.functions.get('run')!.function)].Properties.Timeout,
      ).toBe(60);
      expect(timeoutOf(run)).toBe(60_000);
      for (const route of ROUTES.filter((r) => r.id !== 'run')) {
        expect(timeoutOf(route), route.id).toBe(Math.max(29, route.timeoutSeconds ?? 0) * 1000);
        if ((route.timeoutSeconds ?? 0) <= 29) expect(timeoutOf(route), route.id).toBe(29_000);
      }
    },
  );

  it('never puts a callback signing secret value in any template, and grants secret reads only on the webhook key', () => {
    // Act
    const templates = built.app.node
      .findAll()
      .filter((c): c is Stack => Stack.isStack(c))
      .map((stack) => JSON.stringify(Template.fromStack(stack).toJSON()));
    // Assess
    for (const text of templates) {
      expect(text).not.toContain(`"${ENV.callbackSigningSecret}"`);
      expect(text).not.toContain(`"${ENV.callbackSigningSecretArn}"`);
    }
    // The only secrets any function may read without the context are the webhook key, and only the
    // routes that derive from it (webhook secrets: register, and the gateway that serves it as a tool;
    // workspaces' default callback secrets: the routes that send callbacks), and the payment provider's
    // signing secret, only the payment webhook routes.
    const readers = [...built.stateless.functions].filter(([, fn]) =>
      JSON.stringify(Template.fromStack(Stack.of(fn)).toJSON()).includes('secretsmanager:GetSecretValue'),
    );
    const readsKey = (route: RouteDefinition) =>
      route.access.webhookKey || route.access.callbacks || route.access.paymentsSecret;
    const keyAreas = new Set(ROUTES.filter(readsKey).map((route) => route.area));
    expect(new Set(readers.map(([, fn]) => Stack.of(fn).node.id))).toEqual(
      new Set([...keyAreas].map((area) => built.stateless.areas.get(area)!.node.id)),
    );
    for (const area of keyAreas) {
      const areaTemplate = Template.fromStack(built.stateless.areas.get(area)!).toJSON();
      const secretStatements = Object.values(
        areaTemplate.Resources as Record<
          string,
          { Type: string; Properties: { PolicyDocument?: { Statement: { Action: unknown; Resource: unknown }[] } } }
        >,
      )
        .filter((resource) => resource.Type === 'AWS::IAM::Policy')
        .flatMap((resource) => resource.Properties.PolicyDocument!.Statement)
        .filter((statement) => [statement.Action].flat().includes('secretsmanager:GetSecretValue'));
      // Besides: the sign-in route reads CloudFront's origin secret (the client's address, #http/client-address).
      const originSecret = { Ref: expect.stringMatching(/CloudFrontOriginSecret/) };
      expect(
        secretStatements.map((statement) => statement.Resource),
        area,
      ).toEqual(
        ROUTES.filter((route) => route.area === area && readsKey(route)).map((route) => {
          const key = route.access.paymentsSecret
            ? { Ref: 'PaymentsWebhookSecretArn' }
            : { Ref: 'WebhookSecretKeyArn' };
          return (CLIENT_ADDRESS_ROUTES as readonly string[]).includes(route.id) ? [key, originSecret] : key;
        }),
      );
    }
  });
});

describe('callback signing secret from CDK context callbackSigningSecretArn', { timeout: 60_000 }, () => {
  it('gives the callback senders the ARN and GetSecretValue on exactly that secret; nobody else', () => {
    // Prepare
    const built = buildApp({
      outdir: outdir(),
      context: { ...FAST, callbackSigningSecretArn: SECRET_ARN },
      nag: false,
    });
    const workflowStack = built.stateless.runWorkflow;
    const workflowTemplate = Template.fromStack(workflowStack).toJSON();
    const senders = [
      ...(['advance', 'finalize'] as const).map((name) => ({
        name,
        fn: workflowStack.workflow[name],
        template: workflowTemplate,
      })),
      ...ROUTES.filter((r) => r.access.callbacks).map((r) => ({
        name: r.id,
        fn: built.stateless.functions.get(r.id)!,
        template: Template.fromStack(built.stateless.areas.get(r.area)!).toJSON(),
      })),
    ];
    // Act / Assess
    expect(senders.length).toBeGreaterThanOrEqual(3);
    for (const { name, fn, template } of senders) {
      const env = template.Resources[cfnId(fn.function)].Properties.Environment.Variables;
      const secretStatements = statementsOfRole(template, cfnId(fn.role)).filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('secretsmanager:')),
      );
      expect(env[ENV.callbackSigningSecretArn], name).toBe(SECRET_ARN);
      expect(env[ENV.callbackSigningSecret], name).toBeUndefined();
      // The service root key (workspaces' default callback secrets derive from it; granted once even
      // where the route derives webhook secrets too), and the deployment's callback secret.
      expect(actionsOf(secretStatements), name).toEqual(secretStatements.map(() => 'secretsmanager:GetSecretValue'));
      // CDK may merge both into one statement, in its own order.
      const resources = secretStatements.flatMap((statement) => [statement.Resource].flat());
      expect(resources, name).toHaveLength(2);
      expect(resources, name).toEqual(expect.arrayContaining([{ Ref: 'WebhookSecretKeyArn' }, SECRET_ARN]));
    }
    for (const route of ROUTES.filter((r) => !r.access.callbacks)) {
      const template = Template.fromStack(built.stateless.areas.get(route.area)!).toJSON();
      const fn = built.stateless.functions.get(route.id)!;
      expect(
        template.Resources[cfnId(fn.function)].Properties.Environment.Variables[ENV.callbackSigningSecretArn],
        route.id,
      ).toBeUndefined();
    }
  });

  it('refuses a value that is not a complete Secrets Manager ARN', () => {
    // Act / Assess
    expect(() =>
      buildApp({ outdir: outdir(), context: { ...FAST, callbackSigningSecretArn: 'my-plaintext-secret' }, nag: false }),
    ).toThrow(/complete ARN of a Secrets Manager secret/);
    expect(() =>
      buildApp({
        outdir: outdir(),
        context: {
          ...FAST,
          callbackSigningSecretArn: 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:callback-signing',
        },
        nag: false,
      }),
    ).toThrow(/complete ARN/);
  });
});
