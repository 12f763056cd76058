// local: the shapes of the local Step Functions endpoint — what callers register and inject (public), and
// the execution record the endpoint, its journal and its task adapters share (internal to lib/local).
import type { StateMachineDefinition } from 'aws-local-stepfunctions';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a Task state's Lambda handler receives as its second argument (a subset of Lambda's context). */
export interface LocalTaskContext {
  readonly awsRequestId: string;
  readonly functionName: string;
  readonly executionArn: string;
  readonly stateName: string;
  getRemainingTimeInMillis(): number;
}

/** The in-process stand-in for the Lambda function a Task state invokes. */
export type LocalTaskHandler = (event: any, context: LocalTaskContext) => Promise<unknown> | unknown;

export interface StateMachineRegistration {
  /** State machine name; the ARN is `arn:aws:states:<region>:<account>:stateMachine:<name>`. */
  readonly name: string;
  /** Path of the ASL JSON file (the file CDK loads with `DefinitionBody.fromFile`). */
  readonly definitionFile?: string;
  /** Or the definition itself (already parsed). */
  readonly definition?: unknown;
  /** `${key}` → value, exactly like CDK's `definitionSubstitutions`. */
  readonly substitutions?: Readonly<Record<string, string>>;
  /** Task state name → handler. Task states without one fail with States.TaskFailed (never call AWS). */
  readonly tasks?: Readonly<Record<string, LocalTaskHandler>>;
  /** Wait state name → milliseconds actually slept (Wait states otherwise really sleep). */
  readonly waitTimeOverrides?: Readonly<Record<string, number>>;
  /** State name → milliseconds between retries (otherwise IntervalSeconds/BackoffRate really sleep). */
  readonly retryIntervalOverrides?: Readonly<Record<string, number | number[]>>;
  /**
   * `.waitForTaskToken` state name → how long its task waits for the token at most, from its payload
   * (undefined: until the state's own timeout). sfn-task-tokens.ts.
   */
  readonly tokenWaitMs?: Readonly<Record<string, (payload: any) => number | undefined>>;
}

export type SfnAction =
  | 'StartExecution'
  | 'DescribeExecution'
  | 'StopExecution'
  | 'RedriveExecution'
  | 'ListExecutions'
  | 'SendTaskSuccess'
  | 'SendTaskFailure';

/** Makes the next `count` calls of `action` fail before doing anything, as AWS would under load. */
export interface Fault {
  readonly action: SfnAction;
  /** @default 1 */
  readonly count?: number;
  /** @default 'ThrottlingException' */
  readonly errorType?: string;
  /** @default 400 (what AWS answers for ThrottlingException) */
  readonly statusCode?: number;
  /** @default 'Rate exceeded' */
  readonly message?: string;
}

export interface SfnLocalOptions {
  /** @default 'us-east-1' */
  readonly region?: string;
  /** @default '123456789012' */
  readonly accountId?: string;
  /**
   * Where executions are journaled, so that a restart — even after kill -9 — resumes what was running.
   * @default undefined — in memory only
   */
  readonly dataDir?: string;
}

export interface SfnLocal {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  /**
   * Registers (or replaces) a state machine and returns its ARN. With a journal, its executions from
   * before the restart come back, and those that were RUNNING resume.
   */
  registerStateMachine(registration: StateMachineRegistration): string;
  /** Queues a fault; faults for the same action are consumed in order. */
  injectFault(fault: Fault): void;
  clearFaults(): void;
  /** Aborts running executions and closes the server. */
  stop(): Promise<void>;
}

export type Status = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'ABORTED' | 'TIMED_OUT';

export interface RegisteredMachine {
  readonly arn: string;
  readonly name: string;
  readonly definition: StateMachineDefinition;
  readonly registration: StateMachineRegistration;
  readonly taskResources: ReadonlyMap<string, string>;
}

export interface Execution {
  readonly executionArn: string;
  readonly machine: RegisteredMachine;
  readonly name: string;
  readonly input: string;
  readonly startDate: Date;
  status: Status;
  stopDate?: Date;
  output?: string;
  error?: string;
  cause?: string;
  redriveCount: number;
  redriveDate?: Date;
  /** Top-level state being run and its input: where a redrive resumes. */
  current?: { name: string; input: Json };
  abort?: () => void;
  /** Set by StopExecution so the abort is reported with the caller's error/cause. */
  stopRequest?: { error?: string; cause?: string };
  /** Settles when the current run has been recorded (tests and stop() await it). */
  settled?: Promise<void>;
}

/** An error as Step Functions names it (States.Timeout, States.TaskFailed, a Lambda error type). */
export function namedError(name: string, message: string): Error {
  const error = new Error(message);
  error.name = name;
  return error;
}
