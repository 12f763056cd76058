// infra: where a scheduled worker's failed invocation goes. EventBridge invokes the sweepers
// asynchronously; Lambda would retry a failed one twice and then drop the event without a trace. A
// sweep is idempotent and the next one comes minutes later, so no retries: the failed event goes to an
// encrypted SQS queue (kept 14 days, for the runbook) and an alarm pages on the first message.
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as destinations from 'aws-cdk-lib/aws-lambda-destinations';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';

export interface AsyncFailuresProps {
  readonly function: lambda.IFunction;
  /** Who the function is, for descriptions, e.g. `the release-holds worker`. */
  readonly label: string;
}

export class AsyncFailures extends Construct {
  readonly queue: sqs.Queue;
  readonly alarm: cloudwatch.Alarm;

  constructor(scope: Construct, id: string, props: AsyncFailuresProps) {
    super(scope, id);
    this.queue = new sqs.Queue(this, 'Queue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    props.function.configureAsyncInvoke({
      retryAttempts: 0,
      // An event older than a sweep interval is stale: the next sweep does its work.
      maxEventAge: Duration.minutes(10),
      onFailure: new destinations.SqsDestination(this.queue),
    });
    this.alarm = new cloudwatch.Alarm(this, 'Alarm', {
      alarmDescription: `An invocation of ${props.label} failed and went to its failure queue. Runbook: docs/observability.md "SweeperFailed".`,
      metric: this.queue.metricApproximateNumberOfMessagesVisible({
        period: Duration.minutes(5),
        statistic: 'Maximum',
      }),
      threshold: 1,
      comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      evaluationPeriods: 1,
      treatMissingData: cloudwatch.TreatMissingData.NOT_BREACHING,
    });
    Validations.of(this.queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: `This queue is itself the failure destination of ${props.label}'s asynchronous invocations (a dead-letter queue in all but name); it needs no dead-letter queue of its own.`,
    });
  }
}
