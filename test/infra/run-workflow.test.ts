// infra tests: the run workflow nested stack — the state machine from the shared ASL file, its task
// functions, the run outbox's sweeper and its schedule (no queue). One in-process synth (bundling skipped).
// The run routes' grants: run-route-grants.test.ts.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '#adapters/env';
import { DEFAULT_ROUTE_TIMEOUT_SECONDS, ROUTES } from '#route-table/manifest';
import { STALLED_AFTER_SECONDS, SWEEP_EVERY_MINUTES } from '#core/runs/sweep';
import { buildApp } from '../../bin/app.ts';
import { RUN_DEFINITION_FILE } from '../../lib/local/workflows.ts';
import { tempFolders } from '../support/temp-folders.ts';
import { actionsOf, byType, cfnId, FAST, type Json, statementsOfRole } from './support/template-queries.ts';

/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-run-workflow');

/** asl-validator 4 ships CommonJS without type declarations. */
const aslValidator = createRequire(import.meta.url)('asl-validator') as (definition: unknown) => {
  isValid: boolean;
  errorsText: (separator?: string) => string;
};

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

  it("lets every function that sends callbacks open credentials (a workspace's own callback signing secret is sealed), and only open", () => {
    for (const fn of ['advance', 'finalize', 'sweepRuns'] as const) {
      const actions = actionsOf(roleStatements(fn));
      expect(actions, fn).toContain('kms:Decrypt');
      expect(
        actions.filter((a) => a.startsWith('kms:GenerateDataKey')),
        fn,
      ).toEqual([]);
      expect(functionProps(fn).Environment.Variables[ENV.credentialsKmsKeyId], fn).toBeDefined();
    }
  });

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

  it("has no start queue and no queue consumer (a throttled start waits in the run outbox); the one queue holds the sweeper's failed invocations", () => {
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
  });

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

  it('lets the sweeper start runs, and describe and redrive executions, of this state machine only; no queue but its failure destination', () => {
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
  });

  it('gives the outbox a grace period longer than any route function that starts runs, so a sweep never races a live request', () => {
    // Assess: only a route that records runs can leave one in the outbox while it still runs.
    const starters = ROUTES.filter((route) => route.access.workflow?.includes('start'));
    expect(starters.length).toBeGreaterThan(0);
    const longestRoute = Math.max(...starters.map((route) => route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS));
    expect(STALLED_AFTER_SECONDS).toBeGreaterThan(longestRoute);
  });
});
