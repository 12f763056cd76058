// infra: one Lambda per manifest route. Runtime defaults live here once; bind* helpers add the env var
// a handler reads AND the least-privilege grant that makes it work, in one call, so neither can be
// forgotten. Env names come from functions/adapters/env.ts only.
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { ENV } from '#adapters/env';
import { TABLE_SCHEMA } from '#adapters/dynamodb/table-design';
import type { RouteDefinition } from '#routes/manifest';
import { NODEJS_BUNDLING } from './bundling.ts';

/** Repository root (this file is lib/constructs/route-function.ts). */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Absolute path of a route's handler module. */
export function routeEntryPath(route: Pick<RouteDefinition, 'entry'>): string {
  return path.join(PROJECT_ROOT, 'functions', 'routes', `${route.entry}.ts`);
}

/** Default Lambda timeout when a route does not set `timeoutSeconds`. */
export const DEFAULT_ROUTE_TIMEOUT_SECONDS = 10;

/**
 * DynamoDB actions per access level. `read` is exactly what the manifest promises (GetItem, Query,
 * BatchGetItem); `readWrite` adds the item writes. TransactWriteItems has no IAM action of its own:
 * it is authorized by the Put/Update/Delete/ConditionCheck actions of its parts.
 */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

/** S3 object actions per access level (presigned URLs are signed with these permissions). */
export const BUCKET_ACTIONS = {
  read: ['s3:GetObject'],
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
} as const;

export interface RouteFunctionProps {
  /** The manifest entry this function serves. */
  readonly route: RouteDefinition;
  /**
   * Memory in MB (also buys CPU).
   * @default 1024
   */
  readonly memorySize?: number;
  /**
   * How long the function's logs are kept.
   * @default logs.RetentionDays.ONE_MONTH
   */
  readonly logRetention?: logs.RetentionDays;
}

/**
 * A route's Lambda: Node.js 22 on arm64, esbuild-bundled (minified, source maps, AWS SDK v3 bundled
 * and thereby pinned), active tracing, its own log group with retention and its own role.
 */
export class RouteFunction extends Construct {
  readonly function: NodejsFunction;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;
  readonly route: RouteDefinition;

  constructor(scope: Construct, id: string, props: RouteFunctionProps) {
    super(scope, id);
    this.route = props.route;

    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: props.logRetention ?? logs.RetentionDays.ONE_MONTH,
      // Logs follow the function: replacing or removing a route must not leave orphan log groups.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    // Own role instead of AWSLambdaBasicExecutionRole: the function may write to its own log group only.
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Route ${props.route.method} ${props.route.path}`,
    });
    this.logGroup.grantWrite(this.role);

    this.function = new NodejsFunction(this, 'Handler', {
      entry: routeEntryPath(props.route),
      handler: 'handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 1024,
      timeout: Duration.seconds(props.route.timeoutSeconds ?? DEFAULT_ROUTE_TIMEOUT_SECONDS),
      role: this.role,
      logGroup: this.logGroup,
      tracing: lambda.Tracing.ACTIVE,
      description: `${props.route.method} ${props.route.path} (${props.route.host} host)`,
      environment: { NODE_OPTIONS: '--enable-source-maps' },
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: path.join(PROJECT_ROOT, 'package-lock.json'),
      bundling: NODEJS_BUNDLING,
    });

    Validations.of(this).acknowledge(
      {
        id: 'AwsSolutions-IAM5[Resource::*]',
        reason: `Active X-Ray tracing of route ${props.route.id} adds xray:PutTraceSegments and xray:PutTelemetryRecords, which have no resource-level permissions; the statement allows nothing else.`,
      },
      {
        id: 'AwsSolutions-L1',
        reason: `Route ${props.route.id} is pinned to nodejs22.x, the runtime its esbuild target (node22) and the local stack are tested against; moving to a newer runtime is a deliberate, tested change.`,
      },
    );
  }

  /** The NodejsFunction as an IFunction, for integrations. */
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
    Validations.of(this).acknowledge({
      id: `AwsSolutions-IAM5[Resource::${flattenReference(Stack.of(this).resolve(objects))}]`,
      reason: `Route ${this.route.id} reads or writes media objects whose keys are generated per upload, so the grant covers every object key of the media bucket and nothing outside it.`,
    });
    return this;
  }

  /** Lets the handler start runs: sets `ENV.stateMachineArn` and grants states:StartExecution. */
  bindStateMachine(stateMachine: sfn.IStateMachine): this {
    this.function.addEnvironment(ENV.stateMachineArn, stateMachine.stateMachineArn);
    stateMachine.grantStartExecution(this.function);
    return this;
  }
}

/**
 * Flattens a resolved CloudFormation value the way cdk-nag names findings
 * (`{Ref: X}` → `<X>`, `Fn::GetAtt [X, Arn]` → `<X.Arn>`, Fn::Join concatenated).
 */
function flattenReference(value: unknown): string {
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  if (value && typeof value === 'object') {
    const node = value as Record<string, unknown>;
    if ('Fn::Join' in node) {
      const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
      return items.map(flattenReference).join(delimiter);
    }
    if ('Ref' in node) return `<${flattenReference(node.Ref)}>`;
    if ('Fn::GetAtt' in node) {
      const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
      return `<${flattenReference(resource)}.${flattenReference(attribute)}>`;
    }
    if ('Fn::Sub' in node) return flattenReference(node['Fn::Sub']);
    if ('Fn::ImportValue' in node) return flattenReference(node['Fn::ImportValue']);
  }
  return JSON.stringify(value);
}
