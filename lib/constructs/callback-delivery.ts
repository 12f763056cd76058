// infra: the prompt sender of an inline run's callback (functions/workers/deliver-callback.ts; issue 26
// item 2). The route that accepted the run invokes it asynchronously (InvocationType 'Event'); it holds
// about a second from the run's finish, then claims and sends the callback as the run outbox's sweeper
// would. The sweeper stays the net, so a failed invocation is not retried by Lambda.
//
//   route 'run' / replay / webhook trigger ──lambda:InvokeFunction (Event)──▶ DeliverCallback ──▶ table, the URL
//        (DELIVER_CALLBACK_FUNCTION = its ARN)                                        (the same claim as the sweeper)
import path from 'node:path';
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { DELIVER_CALLBACK_FUNCTION_ENV } from '#adapters/lambda/callback-dispatch';
import { PROJECT_ROOT, ServiceFunction } from './service-function.ts';

/** Handler module of the function, relative to functions/ (bundle reports and tests list it too). */
export const DELIVER_CALLBACK_ENTRY = 'workers/deliver-callback.ts';

/**
 * Lambda timeout: the hold (1 s, PROMPT_CALLBACK_HOLD_MS), one read and two writes, and one callback POST
 * (5 s at most, outbound-http DEFAULT_CALLBACK_TIMEOUT_MS) fit many times over; as Finalize's (20 s).
 */
export const DELIVER_CALLBACK_TIMEOUT_SECONDS = 20;

/**
 * Memory: the function waits on I/O (DynamoDB, one HTTPS POST) and computes one HMAC; 256 MB is enough, and
 * its duration is what the fast path costs (docs/cost.md).
 */
export const DELIVER_CALLBACK_MEMORY_MB = 256;

export interface CallbackDeliveryProps {
  readonly table: dynamodb.ITable;
  /** Run values too large for the execution item are sent as download URLs presigned from here. */
  readonly bucket: s3.IBucket;
  /**
   * The deployment's (deprecated) shared callback secret, for the older X-Service-Signature headers.
   * @default undefined — those headers only where a workspace drew a secret; every callback carries its
   *   workspace's signature
   */
  readonly callbackSigningSecretArn?: string;
  /** A workspace's own callback signing secret is sealed under this key. */
  readonly credentialsKeyArn: string;
  /** The service root key: workspaces' default callback secrets derive from it. */
  readonly serviceRootKeyArn: string;
  readonly logRetention?: logs.RetentionDays;
}

/** The deliver-callback function, and the grant that lets a route invoke it. */
export class CallbackDelivery extends Construct {
  readonly deliver: ServiceFunction;

  constructor(scope: Construct, id: string, props: CallbackDeliveryProps) {
    super(scope, id);
    this.deliver = new ServiceFunction(this, 'DeliverCallback', {
      entry: path.join(PROJECT_ROOT, 'functions', DELIVER_CALLBACK_ENTRY),
      label: 'the deliver-callback worker',
      description: "Sends an inline run's result callback about a second after the run (the sweeper is the net)",
      timeout: Duration.seconds(DELIVER_CALLBACK_TIMEOUT_SECONDS),
      memorySize: DELIVER_CALLBACK_MEMORY_MB,
      logRetention: props.logRetention,
    })
      // readWrite: the callback is claimed and its outcome recorded on the run.
      .bindTable(props.table, 'readWrite')
      .bindBucket(props.bucket, 'read')
      .bindCallbacks(props.callbackSigningSecretArn, props.serviceRootKeyArn)
      .bindCredentials(props.credentialsKeyArn, ['open']);
    // A failed invocation is not retried here: the run stays in the outbox and the sweeper sends it.
    this.deliver.function.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(5) });
  }

  /**
   * Lets `fn` (a route that accepts runs) ask for prompt delivery: lambda:InvokeFunction on this one
   * function (its unqualified ARN: no versions or aliases) and its ARN in DELIVER_CALLBACK_FUNCTION.
   */
  allowDispatchFrom(fn: lambda.Function): void {
    fn.addEnvironment(DELIVER_CALLBACK_FUNCTION_ENV, this.deliver.function.functionArn);
    iam.Grant.addToPrincipal({
      grantee: fn,
      actions: ['lambda:InvokeFunction'],
      resourceArns: [this.deliver.function.functionArn],
    });
  }
}
