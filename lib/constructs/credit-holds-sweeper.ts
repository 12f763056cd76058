// infra: the expired-holds sweeper — a scheduled Lambda that releases credit holds whose operation
// died for good (functions/workers/release-holds.ts; docs/billing.md "Holds").
import { Duration } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import path from 'node:path';
import { Construct } from 'constructs';
import { RELEASE_HOLDS_EVERY_MINUTES } from '#core/credits/ledger';
import { AsyncFailures } from './async-failures.ts';
import { PROJECT_ROOT, ServiceFunction } from './service-function.ts';

/** Handler module of the sweeper, relative to functions/ (bundle reports and tests list it too). */
export const CREDIT_HOLDS_SWEEPER_ENTRY = 'workers/release-holds.ts';

export interface CreditHoldsSweeperProps {
  readonly table: dynamodb.ITable;
}

/** Releases expired open credit holds on a schedule (one sweep at a time is enough: each is idempotent). */
export class CreditHoldsSweeper extends Construct {
  readonly sweeper: ServiceFunction;
  readonly schedule: events.Rule;
  /** Failed scheduled invocations (no retries), with the alarm on them. */
  readonly failures: AsyncFailures;

  constructor(scope: Construct, id: string, props: CreditHoldsSweeperProps) {
    super(scope, id);
    this.sweeper = new ServiceFunction(this, 'ReleaseHolds', {
      entry: path.join(PROJECT_ROOT, 'functions', CREDIT_HOLDS_SWEEPER_ENTRY),
      label: 'the release-holds worker',
      description: 'Credit ledger: releases credit holds still open after they expired (their operation died)',
      timeout: Duration.seconds(60),
    }).bindTable(props.table, 'readWrite');
    this.schedule = new events.Rule(this, 'Schedule', {
      description: `Every ${RELEASE_HOLDS_EVERY_MINUTES} minutes: release expired credit holds`,
      schedule: events.Schedule.rate(Duration.minutes(RELEASE_HOLDS_EVERY_MINUTES)),
      // A missed sweep is retried by the next one; no event retries needed.
      targets: [new targets.LambdaFunction(this.sweeper.function, { retryAttempts: 0 })],
    });
    this.failures = new AsyncFailures(this, 'Failures', {
      function: this.sweeper.function,
      label: 'the release-holds worker',
    });
  }
}
