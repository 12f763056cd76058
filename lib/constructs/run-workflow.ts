// infra: the run engine behind POST /api/run — the Standard state machine loaded from the same ASL file
// local mode runs (lib/workflows/run.asl.json), its two task Lambdas (Advance, Finalize), and the run
// outbox's sweeper on a one-minute schedule. Runs that need no state machine (instant nodes only, with
// or without a callback URL) are run by the accepting route itself (functions/core/runs/inline.ts); their
// callbacks are sent about a second later by the deliver-callback function (CallbackDelivery), the
// sweeper sending those whose dispatch failed.
//
//   route 'run' ──StartExecution──▶ StateMachine: Advance ─▶ WaitingOnProvider ─▶ WaitForProvider ─┐
//     │  (throttled: the run stays queued,          ▲                │                          │
//     │   marked due at the next sweep)             └────────────────┼──────────────────────────┘
//     │                                                              └─▶ Finalize (the callback)
//     └─ instant-only: runs inline, ONE write of the finished run (no execution at all)
//          └─ callback URL: async Invoke ──▶ DeliverCallback (~1 s after the finish; the sweeper is the net)
//
//   EventBridge rate(1 minute) ──▶ SweepRuns worker ── Query GSI2 (runs queued > 2 min, or deferred) ──▶ table
//        (the run outbox)                 ├─ attempt 1: StartExecution (name = executionId) ──▶ StateMachine
//                                         └─ attempt n: DescribeExecution, RedriveExecution ──▶ its execution
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Aws, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { RUN_DEFINITION_FILE } from '../local/workflows.ts';
import { SWEEP_EVERY_MINUTES } from '#core/runs/sweep';
import { AsyncFailures } from './async-failures.ts';
import { CallbackDelivery } from './callback-delivery.ts';
import { logRetentionOf } from './operations-context.ts';
import {
  bindGenerationTo,
  flattenReference,
  PROJECT_ROOT,
  type GenerationRefs,
  type RunWorkflowRefs,
  ServiceFunction,
} from './service-function.ts';

/** Lambda timeout of the run outbox's sweeper: well inside its one-minute schedule. */
export const SWEEP_RUNS_TIMEOUT_SECONDS = 50;

/**
 * Task Lambda timeouts: each stays below its Task state's `TimeoutSeconds` in the ASL (Advance 120 s,
 * Finalize 30 s), so a slow invocation fails as a Lambda timeout (and is retried by the state's Retry)
 * before the state itself times out. test/infra checks the relation against the ASL file.
 */
export const TASK_TIMEOUT_SECONDS = { Advance: 90, Finalize: 20 } as const;

export interface RunWorkflowProps {
  /** The single table (runs, execution records, idempotency records). */
  readonly table: dynamodb.ITable;
  /** The media bucket, where run values too large for the execution item live. */
  readonly bucket: s3.IBucket;
  /**
   * Complete ARN of the deployment's (deprecated) shared callback secret, for the older X-Service-Signature headers.
   * @default undefined — those headers only where a workspace drew a secret; every callback carries its
   *   workspace's signature
   */
  readonly callbackSigningSecretArn?: string;
  /**
   * ARN of the KMS key wrapping stored credentials: Advance opens them (kms:Decrypt only) for nodes that
   * call out with the workspace's secrets (http-request).
   */
  readonly credentialsKeyArn: string;
  /** The service root key: the callback senders derive workspaces' default callback secrets from it. */
  readonly serviceRootKeyArn: string;
  /** Configured credit prices (env name → JSON): Advance holds and charges generation nodes by them. */
  readonly creditPricing?: Readonly<Record<string, string>>;
  /** The deployment's shared video-provider keys, for video-generation nodes. */
  readonly generation?: GenerationRefs;
  /**
   * Retention of the state machine's and the functions' log groups.
   * @default CDK context `logRetentionDays`, else logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
}

/** The handler modules of the workflow's functions (also measured by scripts/bundle-report.ts). */
export const WORKFLOW_FUNCTION_ENTRIES = {
  advance: 'workflow/advance.ts',
  finalize: 'workflow/finalize.ts',
  sweepRuns: 'workers/sweep-runs.ts',
} as const;

const workflowEntry = (entry: string) => path.join(PROJECT_ROOT, 'functions', entry);

/** The run workflow: state machine, task functions and the run outbox's sweeper with its schedule. */
export class RunWorkflow extends Construct {
  readonly advance: ServiceFunction;
  readonly finalize: ServiceFunction;
  readonly stateMachine: sfn.StateMachine;
  readonly stateMachineLogs: logs.LogGroup;
  readonly sweepRuns: ServiceFunction;
  readonly sweepSchedule: events.Rule;
  /** Failed scheduled invocations of the sweeper (no retries), with the alarm on them. */
  readonly sweepFailures: AsyncFailures;
  /** The prompt sender of inline runs' callbacks (the routes that accept runs invoke it). */
  readonly callbackDelivery: CallbackDelivery;

  constructor(scope: Construct, id: string, props: RunWorkflowProps) {
    super(scope, id);
    const logRetention = props.logRetention ?? logRetentionOf(this, logs.RetentionDays.ONE_MONTH);

    // Task functions: both write the execution record and may send the result callback (outbound
    // HTTPS; Lambda outside a VPC has internet egress, and the adapter enforces the URL rules).
    this.advance = new ServiceFunction(this, 'Advance', {
      entry: workflowEntry(WORKFLOW_FUNCTION_ENTRIES.advance),
      label: 'workflow task Advance',
      description: 'Run workflow task Advance: runs every node it can reach, or reports a provider wait',
      timeout: Duration.seconds(TASK_TIMEOUT_SECONDS.Advance),
      logRetention,
    })
      .bindTable(props.table, 'readWrite')
      .bindBucket(props.bucket, 'readWrite')
      .bindCallbacks(props.callbackSigningSecretArn, props.serviceRootKeyArn)
      .bindCredentials(props.credentialsKeyArn, ['open']);
    // Generation nodes: the price list, and the shared provider keys when the deployment has them.
    if (props.creditPricing) this.advance.bindPrices(props.creditPricing);
    if (props.generation) bindGenerationTo(this.advance, props.generation);
    this.finalize = new ServiceFunction(this, 'Finalize', {
      entry: workflowEntry(WORKFLOW_FUNCTION_ENTRIES.finalize),
      label: 'workflow task Finalize',
      description: 'Run workflow task Finalize: records the outcome and sends the one result callback',
      timeout: Duration.seconds(TASK_TIMEOUT_SECONDS.Finalize),
      logRetention,
    })
      .bindTable(props.table, 'readWrite')
      .bindBucket(props.bucket, 'read')
      .bindCallbacks(props.callbackSigningSecretArn, props.serviceRootKeyArn)
      // A workspace's own callback signing secret is sealed under the credentials key.
      .bindCredentials(props.credentialsKeyArn, ['open']);

    this.stateMachineLogs = new logs.LogGroup(this, 'StateMachineLogs', {
      retention: logRetention,
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // The same ASL file local mode executes. Inline (not an S3 asset) so `cdk diff` shows definition
    // changes; CloudFormation substitutes the function ARNs (DefinitionSubstitutions).
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromString(readFileSync(RUN_DEFINITION_FILE, 'utf8')),
      definitionSubstitutions: {
        AdvanceFunctionArn: this.advance.function.functionArn,
        FinalizeFunctionArn: this.finalize.function.functionArn,
        // aws, aws-cn, aws-us-gov: the service integration ARN is partition-specific.
        Partition: Aws.PARTITION,
        // WaitForProvider parks the run's task token on the table (Step Functions' DynamoDB call).
        TableName: props.table.tableName,
      },
      tracingEnabled: true,
      // Every state transition is logged, but without input/output: those carry run inputs, node
      // outputs and callback URLs (user data) that belong in the table, not in a log group.
      logs: { destination: this.stateMachineLogs, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    // The ASL invokes the unqualified function ARNs, so exactly those two (no `:*` versions/aliases).
    iam.Grant.addToPrincipal({
      grantee: this.stateMachine,
      actions: ['lambda:InvokeFunction'],
      resourceArns: [this.advance.function.functionArn, this.finalize.function.functionArn],
    });
    // WaitForProvider and ProviderCompleted update the run's RUNWAIT item, and nothing else.
    props.table.grant(this.stateMachine, 'dynamodb:UpdateItem');

    // The run outbox (see functions/core/runs/sweep.ts): a run answered 202 whose start — or a redrive
    // whose RedriveExecution — never happened because a process died, or whose start Step Functions
    // throttled, is started or redriven here.
    this.sweepRuns = new ServiceFunction(this, 'SweepRuns', {
      entry: workflowEntry(WORKFLOW_FUNCTION_ENTRIES.sweepRuns),
      label: 'the sweep-runs worker',
      description:
        'Run outbox sweeper: starts or redrives runs left queued (a process died, or the start was throttled)',
      timeout: Duration.seconds(SWEEP_RUNS_TIMEOUT_SECONDS),
      logRetention,
    })
      // readWrite: a run whose execution is gone is recorded failed; read on the bucket and the
      // callback secret: that run's callback is sent.
      .bindTable(props.table, 'readWrite')
      .bindBucket(props.bucket, 'read')
      .bindCallbacks(props.callbackSigningSecretArn, props.serviceRootKeyArn)
      .bindCredentials(props.credentialsKeyArn, ['open'])
      .bindStateMachine(this.stateMachine);
    const stack = Stack.of(this);
    // Execution names are executionIds, known only at run time: every execution of this state machine.
    const executions =
      `arn:${stack.partition}:states:${stack.region}:${stack.account}:execution:` +
      `${this.stateMachine.stateMachineName}:*`;
    iam.Grant.addToPrincipal({
      grantee: this.sweepRuns.function,
      actions: ['states:DescribeExecution', 'states:RedriveExecution'],
      resourceArns: [executions],
    });
    Validations.of(this.sweepRuns).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenReference(stack.resolve(executions))}]`,
      reason:
        'The sweep-runs worker describes and redrives the execution of a run whose redrive was recorded but never sent; execution names (the executionId) exist only at run time, so the grant covers the executions of the run state machine and no other state machine.',
    });
    this.sweepSchedule = new events.Rule(this, 'SweepRunsSchedule', {
      description: 'Every minute: start or redrive runs that stayed queued (the run outbox)',
      schedule: events.Schedule.rate(Duration.minutes(SWEEP_EVERY_MINUTES)),
      // A missed sweep is retried by the next one a minute later; no event retries needed.
      targets: [new targets.LambdaFunction(this.sweepRuns.function, { retryAttempts: 0 })],
    });
    this.sweepFailures = new AsyncFailures(this, 'SweepRunsFailures', {
      function: this.sweepRuns.function,
      label: 'the sweep-runs worker',
    });
    // Inline runs' callbacks, sent about a second after the run instead of at the next sweep.
    this.callbackDelivery = new CallbackDelivery(this, 'CallbackDelivery', {
      table: props.table,
      bucket: props.bucket,
      callbackSigningSecretArn: props.callbackSigningSecretArn,
      credentialsKeyArn: props.credentialsKeyArn,
      serviceRootKeyArn: props.serviceRootKeyArn,
      logRetention,
    });

    Validations.of(this.stateMachine).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'The run state machine role gets the CloudWatch Logs delivery actions (CreateLogDelivery and friends) and X-Ray PutTraceSegments/GetSampling*, which AWS only authorizes on all resources; its Lambda invoke grant names the two task functions.',
    });
  }

  /** What route functions need to start, stop and redrive runs. */
  get refs(): RunWorkflowRefs {
    return {
      stateMachineArn: this.stateMachine.stateMachineArn,
      stateMachineName: this.stateMachine.stateMachineName,
    };
  }
}
