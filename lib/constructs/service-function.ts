// infra: every Lambda of the service (routes, workflow tasks, the sweeper). Runtime defaults live here
// once; bind* helpers add the env var a handler reads AND the least-privilege grant that makes it work,
// in one call, so neither can be forgotten. Env names come from functions/adapters/env.ts only.
// The IAM actions of each access level are grants.ts, the bindings of the deployment's own secrets and
// keys secret-bindings.ts, cdk-nag's names for references cfn-reference.ts (all re-exported here).
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { type Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ENV } from '#adapters/env';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';
import { SPLIT_ENTRY_FILE } from './bundling.ts';
import { flattenReference } from './cfn-reference.ts';
import { FunctionBundles } from './function-bundles.ts';
import {
  assertSecretCompleteArn,
  BUCKET_ACTIONS,
  BUCKET_KEY_ACTIONS,
  type CredentialAction,
  type RunWorkflowRefs,
  TABLE_ACTIONS,
  WORKFLOW_ACTIONS,
  type WorkflowAction,
} from './grants.ts';
import { logRetentionOf } from './operations-context.ts';
import { VPC_ACCESS_POLICY, vpcPlacementOf } from './compliance.ts';
import { bindCredentialsTo } from './secret-bindings.ts';

export * from './cfn-reference.ts';
export * from './grants.ts';
export * from './secret-bindings.ts';

/** Repository root (this file is lib/constructs/service-function.ts). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export interface ServiceFunctionProps {
  /**
   * Absolute path of the handler module (it exports `handler`), or an operation's entry point
   * (lib/constructs/bundling.ts operationEntryPoint).
   */
  readonly entry: string;
  /** Who this function is, for descriptions and acknowledgment reasons, e.g. `route run`. */
  readonly label: string;
  /** Lambda description. */
  readonly description: string;
  /**
   * Description of the function's role.
   * @default the Lambda description
   */
  readonly roleDescription?: string;
  /** Lambda timeout. */
  readonly timeout: Duration;
  /**
   * Memory in MB (also buys CPU).
   * @default 1024
   */
  readonly memorySize?: number;
  /**
   * How long the function's logs are kept.
   * @default CDK context `logRetentionDays`, else logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
  /**
   * Bundle with code splitting (lib/constructs/bundling.ts) instead of one file: modules reached only
   * through `import()` load at first use.
   * @default false
   */
  readonly codeSplitting?: boolean;
}

/**
 * A Lambda of the service: Node.js 22 on arm64, esbuild-bundled (minified, source maps, AWS SDK v3
 * bundled and thereby pinned), active tracing, its own log group with retention and its own role.
 * Construct ids inside ('Logs', 'Role', 'Handler') are fixed, so logical ids are stable.
 */
export class ServiceFunction extends Construct {
  readonly function: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  /** e.g. `route run`, `workflow task Advance`. */
  readonly label: string;
  private serviceRootKeyBound = false;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    this.label = props.label;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logRetentionOf(this, logs.RetentionDays.ONE_MONTH),
      // Logs follow the function: replacing or removing a function must not leave orphan log groups.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Own role instead of AWSLambdaBasicExecutionRole: the function may write to its own log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.roleDescription ?? props.description,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: props.timeout,
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      description: props.description,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      // Optional (context vpcSubnetIds…, compliance.ts): the function's network interfaces in those subnets.
      ...vpcPlacementOf(this),
    };
    // Lambda adds the VPC policy only to roles it creates; this one is ours.
    if (common.vpc) this.role.addManagedPolicy(iam.ManagedPolicy.fromAwsManagedPolicyName(VPC_ACCESS_POLICY));
    this.function = new lambda.Function(this, 'Handler', {
      ...common,
      handler: `${path.basename(SPLIT_ENTRY_FILE, '.mjs')}.handler`,
      // Bundled with every other function of the app in one esbuild build at synth (function-bundles.ts).
      code: FunctionBundles.of(this).code({ entry: props.entry, codeSplitting: props.codeSplitting }),
    });

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: `Active X-Ray tracing of ${props.label} adds xray:PutTraceSegments and xray:PutTelemetryRecords, which have no resource-level permissions; the statement allows nothing else.`,
      },
      {
        id: 'AwsSolutions-L1',
        reason: `${capitalize(props.label)} is pinned to nodejs22.x, the runtime its esbuild target (node22) and the local stack are tested against; moving to a newer runtime is a deliberate, tested change.`,
      },
    );
    if (common.vpc) {
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${VPC_ACCESS_POLICY}]`,
        reason: `${capitalize(props.label)} runs in the VPC given by context, so Lambda must create and delete its network interfaces; AWS's own VPC access policy holds exactly those EC2 actions, which have no resource-level permissions.`,
      });
    }
  }

  /** The function as an IFunction, for integrations. */
  get handler(): lambda.IFunction {
    return this.function;
  }

  /**
   * Gives the handler the table: sets `ENV.tableName` and grants exactly the actions of the access
   * level on the table and its indexes (named one by one, no `index/*` wildcard).
   */
  bindTable(table: dynamodb.ITable, access: 'read' | 'readWrite'): this {
    this.function.addEnvironment(ENV.tableName, table.tableName);
    iam.Grant.addToPrincipal({
      grantee: this.function,
      actions: [...TABLE_ACTIONS[access]],
      resourceArns: [
        table.tableArn,
        ...TABLE_SCHEMA.globalSecondaryIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
      ],
    });
    return this;
  }

  /**
   * Gives the handler the media bucket: sets `ENV.bucketName` and grants object actions of the access
   * level on `<bucket>/*`. The bucket must be defined or imported in this construct's own stack (the
   * stateless stacks import it through a parameter), so the acknowledged finding id below is exact.
   */
  bindBucket(bucket: s3.IBucket, access: 'read' | 'readWrite'): this {
    this.function.addEnvironment(ENV.bucketName, bucket.bucketName);
    const objects = bucket.arnForObjects('*');
    iam.Grant.addToPrincipal({ grantee: this.function, actions: [...BUCKET_ACTIONS[access]], resourceArns: [objects] });
    // SSE-KMS (compliance mode strict): reading an object decrypts its data key, writing makes one.
    bucket.encryptionKey?.grant(this.function, ...BUCKET_KEY_ACTIONS[access]);
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenReference(Stack.of(this).resolve(objects))}]`,
      reason: `${capitalize(this.label)} reads or writes media objects whose keys are generated per upload, so the grant covers every object key of the media bucket and nothing outside it.`,
    });
    return this;
  }

  /**
   * Lets the handler start runs: sets `ENV.stateMachineArn` and grants states:StartExecution on the
   * state machine (the run outbox's sweeper).
   */
  bindStateMachine(stateMachine: sfn.IStateMachine): this {
    this.function.addEnvironment(ENV.stateMachineArn, stateMachine.stateMachineArn);
    iam.Grant.addToPrincipal({
      grantee: this.function,
      actions: [...WORKFLOW_ACTIONS.start],
      resourceArns: [stateMachine.stateMachineArn],
    });
    return this;
  }

  /**
   * Gives a route the run-workflow operations its manifest entry declares. Every operation sets
   * `ENV.stateMachineArn` (the adapter derives execution ARNs from it).
   *
   * ```
   * start    states:StartExecution   on the state machine
   * stop     states:StopExecution    on arn:…:execution:<state machine name>:*
   * redrive  states:RedriveExecution on arn:…:execution:<state machine name>:*
   * signal   states:SendTaskSuccess  on the state machine
   * ```
   * Refs must be defined or imported in this construct's own stack (the route stacks take them as
   * parameters), so the acknowledged finding id is exact.
   */
  bindWorkflow(workflow: RunWorkflowRefs, actions: readonly WorkflowAction[]): this {
    if (actions.length === 0) return this;
    this.function.addEnvironment(ENV.stateMachineArn, workflow.stateMachineArn);

    const onStateMachine = actions.filter((action) => action === 'start' || action === 'signal');
    if (onStateMachine.length > 0) {
      iam.Grant.addToPrincipal({
        grantee: this.function,
        actions: onStateMachine.flatMap((action) => [...WORKFLOW_ACTIONS[action]]),
        resourceArns: [workflow.stateMachineArn],
      });
    }

    const onExecutions = actions.filter((action) => action !== 'start' && action !== 'signal');
    if (onExecutions.length > 0) {
      const stack = Stack.of(this);
      // Executions are named by executionId, which is only known at run time: every execution of
      // this one state machine, and of no other.
      const executions =
        `arn:${stack.partition}:states:${stack.region}:${stack.account}:execution:` + `${workflow.stateMachineName}:*`;
      iam.Grant.addToPrincipal({
        grantee: this.function,
        actions: onExecutions.flatMap((action) => [...WORKFLOW_ACTIONS[action]]),
        resourceArns: [executions],
      });
      Validations.of(this).acknowledge({
        id: `AwsSolutions-IAM5[Resource::${flattenReference(stack.resolve(executions))}]`,
        reason: `${capitalize(this.label)} stops or redrives the run named by the request, and execution names (the executionId) exist only at run time, so the grant covers the executions of the run state machine and no other state machine.`,
      });
    }
    return this;
  }

  /**
   * Lets the handler sign result callbacks: read access to the service root key (bindServiceRootKey),
   * which every workspace's default callback secret derives from, and with a deployment secret ARN
   * (kept for the X-Service-Signature headers of workspaces without a drawn secret) sets
   * `ENV.callbackSigningSecretArn` and grants secretsmanager:GetSecretValue on exactly that secret (so
   * it never appears in the template or the function's environment).
   */
  bindCallbacks(signingSecretArn: string | undefined, serviceRootKeyArn: string): this {
    this.bindServiceRootKey(serviceRootKeyArn);
    if (signingSecretArn === undefined) return this;
    assertSecretCompleteArn(signingSecretArn);
    this.function.addEnvironment(ENV.callbackSigningSecretArn, signingSecretArn);
    iam.Grant.addToPrincipal({
      grantee: this.function,
      actions: ['secretsmanager:GetSecretValue'],
      resourceArns: [signingSecretArn],
    });
    return this;
  }

  /**
   * Lets the handler verify payment-provider webhooks: sets `ENV.paymentsWebhookSecretArn` and grants
   * secretsmanager:GetSecretValue on exactly that secret (kept at most 5 minutes, see secret-source.ts).
   */
  bindPaymentsSecret(secretArn: string): this {
    this.function.addEnvironment(ENV.paymentsWebhookSecretArn, secretArn);
    iam.Grant.addToPrincipal({
      grantee: this.function,
      actions: ['secretsmanager:GetSecretValue'],
      resourceArns: [secretArn],
    });
    return this;
  }

  /** Gives the handler the configured credit prices (env name → JSON text; unset names keep the defaults). */
  bindPrices(pricing: Readonly<Record<string, string>>): this {
    for (const [name, value] of Object.entries(pricing)) this.function.addEnvironment(name, value);
    return this;
  }

  /** See bindCredentialsTo. */
  bindCredentials(keyArn: string, actions: readonly CredentialAction[]): this {
    bindCredentialsTo(this, keyArn, actions);
    return this;
  }

  /**
   * Lets the handler read the service root key (webhook secrets, relay and status tokens and the OAuth keys
   * derive from it; the manifest's `webhookKey` access names the routes that need it): sets
   * `ENV.serviceRootKeyArn` and grants secretsmanager:GetSecretValue on exactly that secret (kept at most
   * 5 minutes, see secret-source.ts). With `publicBaseUrl` (a custom domain), webhook URLs use it; otherwise
   * the handler uses the API Gateway domain and stage the request came through.
   */
  bindWebhookKey(secretArn: string, publicBaseUrl: string | undefined): this {
    if (publicBaseUrl) this.function.addEnvironment(ENV.publicBaseUrl, publicBaseUrl);
    return this.bindServiceRootKey(secretArn);
  }

  /**
   * Sets `ENV.serviceRootKeyArn` and grants secretsmanager:GetSecretValue on exactly that secret, once
   * however many bindings need it (a route may both send callbacks and derive webhook secrets).
   */
  private bindServiceRootKey(secretArn: string): this {
    if (this.serviceRootKeyBound) return this;
    this.serviceRootKeyBound = true;
    this.function.addEnvironment(ENV.serviceRootKeyArn, secretArn);
    iam.Grant.addToPrincipal({
      grantee: this.function,
      actions: ['secretsmanager:GetSecretValue'],
      resourceArns: [secretArn],
    });
    return this;
  }
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
