// infra tests: the run workflow (state machine from the shared ASL file, task functions, the run
// outbox's sweeper and its schedule; no queue) and the run routes' grants, derived from the manifest's
// `access.workflow` / `access.callbacks`. One in-process synth (bundling skipped) serves most tests.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type CfnElement, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, ROUTES, type RouteDefinition } from '#route-table/manifest';
import { STALLED_AFTER_SECONDS, SWEEP_EVERY_MINUTES } from '#core/runs/sweep';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { CLIENT_ADDRESS_ROUTES } from '../../lib/stateless-stack.ts';
import { RUN_DEFINITION_FILE } from '../../lib/local/workflows.ts';
import { WORKFLOW_ACTIONS } from '../../lib/constructs/service-function.ts';
import { tempFolders } from '../support/temp-folders.ts';

type Json = Record<string, any>;
const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-run-workflow');
const SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:callback-signing-Ab12Cd';

/** asl-validator 4 ships CommonJS without type declarations. */
const aslValidator = createRequire(import.meta.url)('asl-validator') as (definition: unknown) => {
  isValid: boolean;
  errorsText: (separator?: string) => string;
};

const logicalId = (element: CfnElement) => element.stack.getLogicalId(element);
const cfnId = (construct: { node: { defaultChild?: unknown } }) => logicalId(construct.node.defaultChild as CfnElement);

/** IAM statements attached to a role (by logical id) in a template. */
function statementsOfRole(template: Json, roleLogicalId: string): Json[] {
  return Object.values<Json>(template.Resources)
    .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles).includes(`"${roleLogicalId}"`))
    .flatMap((r) => r.Properties.PolicyDocument.Statement);
}
const actionsOf = (statements: Json[]) => statements.flatMap((s) => [s.Action].flat() as string[]);
const byType = (template: Json, type: string) =>
  Object.entries<Json>(template.Resources).filter(([, r]) => r.Type === type);

describe('RunWorkflow nested stack', { timeout: 60_000 }, () => {
  let built: ReturnType<typeof buildApp>;
  let template: Json;

  beforeAll(() => {
    // Prepare / Act
    built = buildApp({ outdir: outdir(), context: FAST, nag: false });
    template = Template.fromStack(built.stateless.runWorkflow).toJSON();
  }, 60_000);

  const workflow = () => built.stateless.runWorkflow.workflow;
  const stateMachine = () => template.Resources[cfnId(workflow().stateMachine)];
  const functionProps = (fn: 'advance' | 'finalize' | 'sweepRuns') =>
    template.Resources[cfnId(workflow()[fn].function)].Properties;
  const roleStatements = (fn: 'advance' | 'finalize' | 'sweepRuns') =>
    statementsOfRole(template, cfnId(workflow()[fn].role));

  it('validates the shared ASL file with asl-validator, as Step Functions receives it in each partition', () => {
    for (const partition of ['aws', 'aws-cn', 'aws-us-gov']) {
      // Prepare: the definition after CloudFormation's substitutions
      const substitutions = {
        Partition: partition,
        AdvanceFunctionArn: `arn:${partition}:lambda:us-east-1:123456789012:function:advance`,
        FinalizeFunctionArn: `arn:${partition}:lambda:us-east-1:123456789012:function:finalize`,
        TableName: 'automation-table',
      };
      const text = Object.entries(substitutions).reduce(
        (definition, [name, value]) => definition.replaceAll(`\${${name}}`, value),
        readFileSync(RUN_DEFINITION_FILE, 'utf8'),
      );
      expect(text).not.toContain('${');
      const definition = JSON.parse(text);
      // Act
      const result = aslValidator(definition);
      // Assess
      expect(result.errorsText('\n'), partition).toBe('');
      expect(result.isValid).toBe(true);
    }
  });

  it('deploys a STANDARD state machine with the ASL file as its definition, every placeholder substituted', () => {
    // Prepare
    const props = stateMachine().Properties;
    const definition: string = props.DefinitionString;
    const placeholders = [...definition.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!);
    // Act: what CloudFormation does with DefinitionSubstitutions.
    const substituted = definition.replace(/\$\{(\w+)\}/g, (_, key: string) =>
      JSON.stringify(props.DefinitionSubstitutions[key]).replace(/"/g, "'"),
    );
    // Assess
    expect(props.StateMachineType).toBe('STANDARD');
    expect(definition).toBe(readFileSync(RUN_DEFINITION_FILE, 'utf8'));
    expect(new Set(placeholders)).toEqual(
      new Set(['AdvanceFunctionArn', 'FinalizeFunctionArn', 'Partition', 'TableName']),
    );
    expect(Object.keys(props.DefinitionSubstitutions).sort()).toEqual([
      'AdvanceFunctionArn',
      'FinalizeFunctionArn',
      'Partition',
      'TableName',
    ]);
    // WaitForProvider parks the run's task token on the table: its name, from the stack, never a literal.
    expect(typeof props.DefinitionSubstitutions.TableName).toBe('object');
    expect(props.DefinitionSubstitutions.Partition).toEqual({ Ref: 'AWS::Partition' });
    expect(props.DefinitionSubstitutions.AdvanceFunctionArn).toEqual({
      'Fn::GetAtt': [cfnId(workflow().advance.function), 'Arn'],
    });
    expect(props.DefinitionSubstitutions.FinalizeFunctionArn).toEqual({
      'Fn::GetAtt': [cfnId(workflow().finalize.function), 'Arn'],
    });
    expect(substituted).not.toContain('${');
    expect(props.DefinitionS3Location).toBeUndefined();
  });

  it('traces with X-Ray and logs ALL events to its own log group without execution data', () => {
    // Assess
    const props = stateMachine().Properties;
    expect(props.TracingConfiguration).toEqual({ Enabled: true });
    expect(props.LoggingConfiguration).toEqual({
      Destinations: [
        { CloudWatchLogsLogGroup: { LogGroupArn: { 'Fn::GetAtt': [cfnId(workflow().stateMachineLogs), 'Arn'] } } },
      ],
      IncludeExecutionData: false,
      Level: 'ALL',
    });
  });

  it('lets the state machine invoke exactly the Advance and Finalize functions, unqualified', () => {
    // Prepare
    const roleId = stateMachine().Properties.RoleArn['Fn::GetAtt'][0] as string;
    const statements = statementsOfRole(template, roleId);
    // Act
    const invoke = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('lambda:')));
    // Assess
    expect(invoke).toHaveLength(1);
    expect(invoke[0]!.Action).toBe('lambda:InvokeFunction');
    expect(invoke[0]!.Resource).toEqual([
      { 'Fn::GetAtt': [cfnId(workflow().advance.function), 'Arn'] },
      { 'Fn::GetAtt': [cfnId(workflow().finalize.function), 'Arn'] },
    ]);
    // Everything else on '*' is log delivery and X-Ray, which have no resource-level permissions.
    const onStar = actionsOf(statements.filter((s) => s.Resource === '*'));
    expect(onStar.filter((a) => !a.startsWith('logs:') && !a.startsWith('xray:'))).toEqual([]);
  });

  it(
    'lets every function that sends callbacks ' +
      'open credentials (a ' +
      "workspace's own callback " +
      'signing secret is ' +
      'sealed), and only open',
    () => {
      for (const fn of ['advance', 'finalize', 'sweepRuns'] as const) {
        const actions = actionsOf(roleStatements(fn));
        expect(actions, fn).toContain('kms:Decrypt');
        expect(
          actions.filter((a) => a.startsWith('kms:GenerateDataKey')),
          fn,
        ).toEqual([]);
        expect(functionProps(fn).Environment.Variables[ENV.credentialsKmsKeyId], fn).toBeDefined();
      }
    },
  );

  it('gives Advance and Finalize readWrite on the table and Lambda timeouts below their Task timeouts', () => {
    // Prepare
    const asl = JSON.parse(readFileSync(RUN_DEFINITION_FILE, 'utf8'));
    for (const [fn, state] of [
      ['advance', 'Advance'],
      ['finalize', 'Finalize'],
    ] as const) {
      // Act
      const props = functionProps(fn);
      const actions = actionsOf(roleStatements(fn));
      // Assess
      expect(props.Timeout, fn).toBeLessThan(asl.States[state].TimeoutSeconds);
      expect(props.Runtime).toBe('nodejs22.x');
      expect(props.Architectures).toEqual(['arm64']);
      expect(props.TracingConfig).toEqual({ Mode: 'Active' });
      expect(props.Environment.Variables[ENV.tableName]).toBeDefined();
      expect(actions).toEqual(
        expect.arrayContaining([
          'dynamodb:GetItem',
          'dynamodb:PutItem',
          'dynamodb:UpdateItem',
          'dynamodb:ConditionCheckItem',
        ]),
      );
      expect(
        actions.filter((a) => a.startsWith('states:') || a.startsWith('sqs:')),
        fn,
      ).toEqual([]);
      // The one secret they read: the service root key, which workspaces' default callback secrets
      // derive from (the nested stack's parameter), never in the environment as a value.
      const secretStatements = roleStatements(fn).filter((s) =>
        actionsOf([s]).some((a) => a.startsWith('secretsmanager:')),
      );
      expect(
        secretStatements.map((s) => [s.Action, s.Resource]),
        fn,
      ).toEqual([['secretsmanager:GetSecretValue', { Ref: 'WebhookSecretKeyArn' }]]);
      expect(props.Environment.Variables[ENV.serviceRootKeyArn]).toEqual({ Ref: 'WebhookSecretKeyArn' });
      expect(props.Environment.Variables[ENV.serviceRootKey]).toBeUndefined();
      // No deployment secret configured: none is ever put in the environment.
      expect(props.Environment.Variables[ENV.callbackSigningSecret]).toBeUndefined();
      expect(props.Environment.Variables[ENV.callbackSigningSecretArn]).toBeUndefined();
    }
  });

  it(
    'has no start queue and no ' +
      'queue consumer ' +
      '(a throttled start ' +
      'waits in the run outbox); the one queue ' +
      "holds the sweeper's failed invocations",
    () => {
      // Assess
      const failures = cfnId(workflow().sweepFailures.queue);
      expect(byType(template, 'AWS::SQS::Queue').map(([id]) => id)).toEqual([failures]);
      expect(byType(template, 'AWS::Lambda::EventSourceMapping')).toEqual([]);
      const alarms = byType(template, 'AWS::CloudWatch::Alarm').map(([, alarm]) => alarm.Properties);
      expect(alarms).toEqual([
        expect.objectContaining({
          MetricName: 'ApproximateNumberOfMessagesVisible',
          Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [failures, 'QueueName'] } }],
        }),
      ]);
      expect(
        byType(template, 'AWS::Lambda::Function')
          .map(([id]) => id)
          .sort(),
      ).toEqual(
        [
          cfnId(workflow().advance.function),
          cfnId(workflow().finalize.function),
          cfnId(workflow().sweepRuns.function),
          // The prompt sender of inline runs' callbacks (test/infra/callback-delivery.test.ts).
          cfnId(workflow().callbackDelivery.deliver.function),
        ].sort(),
      );
    },
  );

  it('sweeps the run outbox every minute: a schedule rule invokes the sweep-runs worker', () => {
    // Prepare
    const sweeper = cfnId(workflow().sweepRuns.function);
    const rules = byType(template, 'AWS::Events::Rule').map(([, r]) => r.Properties);
    const permissions = byType(template, 'AWS::Lambda::Permission').map(([, r]) => r.Properties);
    // Assess
    expect(rules).toEqual([
      expect.objectContaining({
        ScheduleExpression: `rate(${SWEEP_EVERY_MINUTES} minute)`,
        State: 'ENABLED',
        Targets: [
          expect.objectContaining({
            Arn: { 'Fn::GetAtt': [sweeper, 'Arn'] },
            RetryPolicy: { MaximumRetryAttempts: 0 },
          }),
        ],
      }),
    ]);
    expect(permissions).toContainEqual(
      expect.objectContaining({
        Action: 'lambda:InvokeFunction',
        Principal: 'events.amazonaws.com',
        FunctionName: { 'Fn::GetAtt': [sweeper, 'Arn'] },
      }),
    );
    expect(functionProps('sweepRuns').Timeout).toBeLessThan(SWEEP_EVERY_MINUTES * 60);
  });

  it(
    'lets the sweeper start runs, and ' +
      'describe and redrive ' +
      'executions, of this state machine ' +
      'only; no queue ' +
      'but its failure destination',
    () => {
      // Prepare
      const statements = roleStatements('sweepRuns');
      const states = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('states:')));
      // Assess
      expect(states).toEqual([
        expect.objectContaining({ Action: 'states:StartExecution', Resource: { Ref: cfnId(workflow().stateMachine) } }),
        expect.objectContaining({ Action: ['states:DescribeExecution', 'states:RedriveExecution'] }),
      ]);
      const executions = JSON.stringify(states[1]!.Resource);
      expect(executions).toContain(':execution:');
      expect(executions).toContain(`"${cfnId(workflow().stateMachine)}","Name"`);
      const actions = actionsOf(statements);
      // Only its failure destination: Lambda sends a failed scheduled invocation there.
      const sqs = statements.filter((s) => actionsOf([s]).some((a) => a.startsWith('sqs:')));
      expect(sqs).toEqual([
        expect.objectContaining({
          Action: expect.arrayContaining(['sqs:SendMessage']),
          Resource: { 'Fn::GetAtt': [cfnId(workflow().sweepFailures.queue), 'Arn'] },
        }),
      ]);
      expect(
        actionsOf(sqs).filter((a) => !['sqs:SendMessage', 'sqs:GetQueueAttributes', 'sqs:GetQueueUrl'].includes(a)),
      ).toEqual([]);
      expect(actions).toContain('dynamodb:Query');
    },
  );

  it(
    'gives the outbox a grace period longer ' +
      'than any route function ' +
      'that starts runs, so a sweep ' +
      'never races ' +
      'a live request',
    () => {
      // Assess: only a route that records runs can leave one in the outbox while it still runs.
      const starters = ROUTES.filter((route) => route.access.workflow?.includes('start'));
      expect(starters.length).toBeGreaterThan(0);
      const longestRoute = Math.max(...starters.map((route) => route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS));
      expect(STALLED_AFTER_SECONDS).toBeGreaterThan(longestRoute);
    },
  );
});

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

  it(
    'lets cancel stop and redrive redrive ' +
      '(and describe, to wait ' +
      'for a closing execution), each on the ' +
      'executions of the run state ' +
      'machine only',
    () => {
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
    },
  );

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

  it(
    'passes the workflow into the route areas as parameters from the RunWorkflow stack outputs, only those an ' +
      'area uses',
    () => {
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
    },
  );

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

  it(
    'never puts a callback signing secret ' +
      'value in any template, ' +
      'and grants secret reads only on ' +
      'the webhook ' +
      'key',
    () => {
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
    },
  );
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
