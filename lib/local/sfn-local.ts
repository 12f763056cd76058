// local: a small Step Functions endpoint for local mode and tests. It speaks the AWS JSON 1.0 protocol
// (`X-Amz-Target: AWSStepFunctions.<Action>`), so the real @aws-sdk/client-sfn talks to it unchanged,
// and it runs the same ASL file CDK deploys, with `aws-local-stepfunctions`, in this process.
//
//   SFNClient ──HTTP──► node:http ──► action table ──► Execution record (status, dates, output/error)
//                                         │
//                                         └─ StartExecution / RedriveExecution ──► StateMachine.run()
//                                              Task states ──► in-process handler (what the Lambda runs)
//
// Supported actions: StartExecution, DescribeExecution, StopExecution, RedriveExecution, ListExecutions,
// SendTaskSuccess, SendTaskFailure (`.waitForTaskToken` tasks: sfn-task-tokens.ts).
// Other actions answer 400 UnknownOperationException. Non-AWS action for tests in another process:
// `LocalStepFunctions.InjectFault` (same body as injectFault()).
// This file runs executions (start, stop, redrive, restore) and answers the actions; the wire protocol
// is sfn-http.ts, the journal sfn-journal.ts, the ASL definition and Task adapters sfn-task-adapters.ts,
// the shared shapes sfn-local-model.ts.
//
// Faithful to AWS (Standard workflows):
// - StartExecution is idempotent by name only while that execution is RUNNING and only with the same
//   input; a closed execution's name, or a different input, answers 400 ExecutionAlreadyExists.
// - Task state results: a direct Lambda ARN resource gets the handler's return value; the optimised
//   `arn:aws:states:::lambda:invoke` integration gets `{ ExecutedVersion, Payload, StatusCode }` and
//   its handler receives `Parameters.Payload`. A thrown error becomes Error = error.name and Cause =
//   `{"errorType","errorMessage","trace"}` as Lambda reports it, so Retry/Catch match the same names.
//
// Durable, like the service it stands in for (with `dataDir`): every change of an execution — start,
// each top-level state entered (with its input), close, stop, redrive — is appended to
// `<dataDir>/executions.jsonl` before the action answers. A restart reads the journal back (compacting
// it to one line per execution), and registering a state machine resumes its executions that were
// RUNNING when the previous process died, at the top-level state they were in, with that state's input
// — the same at-least-once retry a Lambda task gets in AWS. A graceful stop() aborts nothing durably:
// those executions resume at the next start too. Closed executions keep their names, so a start with
// a used name is refused exactly as before the restart, and a failed execution can still be redriven.
//
// Redrive, as far as aws-local-stepfunctions allows: it cannot resume a paused run, so we remember the
// top-level state that was running when the execution FAILED/ABORTED/TIMED_OUT and its input, and run
// a copy of the definition whose StartAt is that state, with that input. States that had succeeded
// are not re-run. Differences from AWS: a failed Map or Parallel state is re-run whole (AWS re-runs
// only the failed iterations/branches), and `$$.Execution.Input` during the redriven part is the failed
// state's input rather than the original execution input.
import { randomUUID } from 'node:crypto';
import { ExecutionAbortedError, ExecutionTimeoutError, StateMachine } from 'aws-local-stepfunctions';
import { FaultQueue } from './faults.ts';
import { createSfnServer, SfnError, type SfnActions } from './sfn-http.ts';
import { Journal, recordOf } from './sfn-journal.ts';
import type {
  Execution,
  Fault,
  Json,
  RegisteredMachine,
  SfnLocal,
  SfnLocalOptions,
  StateMachineRegistration,
} from './sfn-local-model.ts';
import { collectTasks, loadDefinition, taskHandlers } from './sfn-task-adapters.ts';
import { LocalTaskTokens, TASK_TOKEN_PLACEHOLDER, TaskTokenError } from './sfn-task-tokens.ts';
import { LOOPBACK, listenOnLoopback, portOf } from './ports.ts';

// aws-local-stepfunctions targets Node 22 and calls Promise.withResolvers, which Node 20 lacks.
if (typeof (Promise as { withResolvers?: unknown }).withResolvers !== 'function') {
  Object.defineProperty(Promise, 'withResolvers', {
    configurable: true,
    writable: true,
    value<T>() {
      let resolve!: (value: T | PromiseLike<T>) => void;
      let reject!: (reason?: unknown) => void;
      const promise = new Promise<T>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      return { promise, resolve, reject };
    },
  });
}

export type {
  Fault,
  LocalTaskContext,
  LocalTaskHandler,
  SfnAction,
  SfnLocal,
  SfnLocalOptions,
  StateMachineRegistration,
} from './sfn-local-model.ts';

const NAME_PATTERN = /^[^\s<>{}[\]?*"#%\\^|~`$&,;:/\u0000-\u001f\u007f-\u009f]{1,80}$/;

/** Starts the endpoint on a port of 127.0.0.1 the kernel picks (the endpoint names it). */
export async function startSfnLocal(options: SfnLocalOptions = {}): Promise<SfnLocal> {
  const region = options.region ?? 'us-east-1';
  const accountId = options.accountId ?? '123456789012';
  const machines = new Map<string, RegisteredMachine>();
  const tokens = new LocalTaskTokens();
  const executions = new Map<string, Execution>();
  const faults = new FaultQueue<Fault>();
  const journal = options.dataDir === undefined ? undefined : new Journal(options.dataDir);
  /** Set by stop(): the aborts it causes are not closes, and are not journaled. */
  let shuttingDown = false;
  const persist = (execution: Execution): void => {
    if (!shuttingDown) journal?.write(recordOf(execution));
  };

  const registerStateMachine = (registration: StateMachineRegistration): string => {
    const definition = loadDefinition(registration);
    // Validate once at registration, as CreateStateMachine would. ARNs are not checked because local
    // substitutions may be placeholders.
    new StateMachine(definition, { validationOptions: { checkArn: false } });
    const arn = `arn:aws:states:${region}:${accountId}:stateMachine:${registration.name}`;
    const machine: RegisteredMachine = {
      arn,
      name: registration.name,
      definition,
      registration,
      taskResources: collectTasks(definition),
    };
    machines.set(arn, machine);
    restore(machine);
    return arn;
  };

  /** Brings back the machine's journaled executions and resumes those the previous process left RUNNING. */
  const restore = (machine: RegisteredMachine): void => {
    for (const [executionArn, record] of journal?.restored ?? []) {
      if (record.stateMachineArn !== machine.arn) continue;
      journal!.restored.delete(executionArn);
      const execution: Execution = {
        executionArn,
        machine,
        name: record.name,
        input: record.input,
        startDate: new Date(record.startDate),
        status: record.status,
        ...(record.stopDate !== undefined && { stopDate: new Date(record.stopDate) }),
        ...(record.output !== undefined && { output: record.output }),
        ...(record.error !== undefined && { error: record.error }),
        ...(record.cause !== undefined && { cause: record.cause }),
        redriveCount: record.redriveCount,
        ...(record.redriveDate !== undefined && { redriveDate: new Date(record.redriveDate) }),
        ...(record.current && { current: record.current }),
      };
      // A definition changed since: a state that no longer exists cannot be re-entered.
      if (execution.current && !Object.hasOwn(machine.definition.States, execution.current.name))
        delete execution.current;
      executions.set(executionArn, execution);
      // Re-enter the state it was in (a retry of that task), or start over if none was recorded yet.
      if (execution.status === 'RUNNING') run(execution, execution.current);
    }
  };

  /** Runs `machine` from `startAt` (a redrive) or from its StartAt, recording the outcome. */
  const run = (execution: Execution, startAt?: { name: string; input: Json }): void => {
    const { machine } = execution;
    const definition = startAt ? { ...machine.definition, StartAt: startAt.name } : machine.definition;
    const stateMachine = new StateMachine(definition, { validationOptions: { noValidate: true } });
    const input = startAt ? startAt.input : (JSON.parse(execution.input) as Json);
    const handle = stateMachine.run(input as never, {
      overrides: {
        taskResourceLocalHandlers: taskHandlers(machine, execution, tokens),
        waitTimeOverrides: { ...machine.registration.waitTimeOverrides },
        retryIntervalOverrides: { ...machine.registration.retryIntervalOverrides },
      },
      context: {
        Execution: { Id: execution.executionArn, Name: execution.name, RedriveCount: execution.redriveCount },
        StateMachine: { Id: machine.arn, Name: machine.name },
        // `.waitForTaskToken` tasks get a fresh token in place of this one (sfn-task-tokens.ts).
        Task: { Token: TASK_TOKEN_PLACEHOLDER },
      } as never,
    });
    execution.status = 'RUNNING';
    execution.abort = handle.abort;
    delete execution.stopDate;
    delete execution.output;
    delete execution.error;
    delete execution.cause;
    persist(execution);

    // Follow top-level states so a redrive knows where to resume. Nested (Map/Parallel) events carry
    // `parentState` and are ignored: the enclosing top-level state is the unit we can resume.
    const topLevel = new Set(Object.keys(machine.definition.States));
    const followed = (async () => {
      for await (const event of handle.eventLogs) {
        if ('parentState' in event || !('state' in event) || !topLevel.has(event.state.name)) continue;
        if (event.type === 'StateEntered' && execution.status === 'RUNNING') {
          execution.current = { name: event.state.name, input: event.state.input as Json };
          persist(execution);
        }
      }
    })();

    execution.settled = handle.result.then(
      async (output) => {
        await followed;
        if (execution.status !== 'RUNNING') return; // stopped meanwhile
        if (shuttingDown) return; // not a close: it resumes at the next start
        execution.status = 'SUCCEEDED';
        execution.output = JSON.stringify(output ?? null);
        execution.stopDate = new Date();
        delete execution.current;
        persist(execution);
      },
      async (failure: unknown) => {
        await followed.catch(() => undefined);
        if (execution.status !== 'RUNNING' || shuttingDown) return;
        execution.stopDate = new Date();
        if (failure instanceof ExecutionAbortedError) {
          execution.status = 'ABORTED';
          execution.error = execution.stopRequest?.error;
          execution.cause = execution.stopRequest?.cause;
        } else if (failure instanceof ExecutionTimeoutError) {
          execution.status = 'TIMED_OUT';
          execution.error = 'States.Timeout';
          execution.cause = 'The execution timed out (TimeoutSeconds of the state machine).';
        } else {
          // ExecutionError wraps the state's error in `cause`.
          const inner = (failure as { cause?: unknown }).cause ?? failure;
          execution.status = 'FAILED';
          execution.error = errorName(inner);
          execution.cause = errorCause(inner);
        }
        persist(execution);
      },
    );
  };

  const describe = (execution: Execution) => ({
    executionArn: execution.executionArn,
    stateMachineArn: execution.machine.arn,
    name: execution.name,
    status: execution.status,
    startDate: epoch(execution.startDate),
    ...(execution.stopDate && { stopDate: epoch(execution.stopDate) }),
    input: execution.input,
    inputDetails: { included: true },
    ...(execution.output !== undefined && { output: execution.output, outputDetails: { included: true } }),
    ...(execution.error !== undefined && { error: execution.error }),
    ...(execution.cause !== undefined && { cause: execution.cause }),
    redriveCount: execution.redriveCount,
    ...(execution.redriveDate && { redriveDate: epoch(execution.redriveDate) }),
    redriveStatus: isRedrivable(execution) ? 'REDRIVABLE' : 'NOT_REDRIVABLE',
  });

  const findExecution = (arn: unknown): Execution => {
    if (typeof arn !== 'string' || !arn.startsWith('arn:'))
      throw new SfnError('InvalidArn', `Invalid Arn: '${String(arn)}'`);
    const execution = executions.get(arn);
    if (!execution) throw new SfnError('ExecutionDoesNotExist', `Execution Does Not Exist: '${arn}'`);
    return execution;
  };

  const actions: SfnActions = {
    StartExecution(body) {
      const machine = machines.get(String(body.stateMachineArn));
      if (!machine)
        throw new SfnError(
          'StateMachineDoesNotExist',
          `State Machine Does Not Exist: '${String(body.stateMachineArn)}'`,
        );
      const name = typeof body.name === 'string' ? body.name : randomUUID();
      if (!NAME_PATTERN.test(name)) throw new SfnError('InvalidName', `Invalid Name: '${name}'`);
      const input = typeof body.input === 'string' ? body.input : '{}';
      try {
        JSON.parse(input);
      } catch {
        throw new SfnError('InvalidExecutionInput', 'Invalid State Machine Execution Input: not valid JSON');
      }
      const executionArn = `arn:aws:states:${region}:${accountId}:execution:${machine.name}:${name}`;
      const existing = executions.get(executionArn);
      if (existing) {
        if (existing.status === 'RUNNING' && existing.input === input) {
          return { executionArn, startDate: epoch(existing.startDate) };
        }
        throw new SfnError('ExecutionAlreadyExists', `Execution Already Exists: '${executionArn}'`);
      }
      const execution: Execution = {
        executionArn,
        machine,
        name,
        input,
        startDate: new Date(),
        status: 'RUNNING',
        redriveCount: 0,
      };
      executions.set(executionArn, execution);
      run(execution);
      return { executionArn, startDate: epoch(execution.startDate) };
    },
    DescribeExecution(body) {
      return describe(findExecution(body.executionArn));
    },
    StopExecution(body) {
      const execution = findExecution(body.executionArn);
      if (execution.status === 'RUNNING') {
        execution.stopRequest = {
          ...(typeof body.error === 'string' && { error: body.error }),
          ...(typeof body.cause === 'string' && { cause: body.cause }),
        };
        execution.abort?.();
        // Record at once, as AWS does: DescribeExecution right after StopExecution shows ABORTED.
        execution.status = 'ABORTED';
        execution.stopDate = new Date();
        execution.error = execution.stopRequest.error;
        execution.cause = execution.stopRequest.cause;
        persist(execution);
      }
      return { stopDate: epoch(execution.stopDate ?? new Date()) };
    },
    SendTaskSuccess(body) {
      try {
        tokens.succeed(String(body.taskToken), JSON.parse(typeof body.output === 'string' ? body.output : 'null'));
      } catch (error) {
        if (error instanceof TaskTokenError) throw new SfnError(error.code, error.message);
        throw error;
      }
      return {};
    },
    SendTaskFailure(body) {
      try {
        tokens.fail(String(body.taskToken), String(body.error ?? ''), String(body.cause ?? ''));
      } catch (error) {
        if (error instanceof TaskTokenError) throw new SfnError(error.code, error.message);
        throw error;
      }
      return {};
    },
    RedriveExecution(body) {
      const execution = findExecution(body.executionArn);
      if (!isRedrivable(execution)) {
        throw new SfnError('ExecutionNotRedrivable', `Execution is not redrivable: status ${execution.status}`);
      }
      execution.redriveCount += 1;
      execution.redriveDate = new Date();
      delete execution.stopRequest;
      run(execution, execution.current);
      return { redriveDate: epoch(execution.redriveDate) };
    },
    ListExecutions(body) {
      const arn = String(body.stateMachineArn);
      if (!machines.has(arn)) throw new SfnError('StateMachineDoesNotExist', `State Machine Does Not Exist: '${arn}'`);
      const filter = typeof body.statusFilter === 'string' ? body.statusFilter : undefined;
      const list = [...executions.values()]
        .filter((execution) => execution.machine.arn === arn && (!filter || execution.status === filter))
        .sort((a, b) => b.startDate.getTime() - a.startDate.getTime());
      const offset = typeof body.nextToken === 'string' ? Number(body.nextToken) : 0;
      const max = typeof body.maxResults === 'number' && body.maxResults > 0 ? body.maxResults : 100;
      const page = list.slice(offset, offset + max).map((execution) => ({
        executionArn: execution.executionArn,
        stateMachineArn: arn,
        name: execution.name,
        status: execution.status,
        startDate: epoch(execution.startDate),
        ...(execution.stopDate && { stopDate: epoch(execution.stopDate) }),
        redriveCount: execution.redriveCount,
      }));
      return { executions: page, ...(offset + max < list.length && { nextToken: String(offset + max) }) };
    },
  };

  const server = createSfnServer(actions, faults);

  await listenOnLoopback(server, 0);

  return {
    endpoint: `http://${LOOPBACK}:${portOf(server)}`,
    registerStateMachine,
    injectFault: faults.inject,
    clearFaults: faults.clear,
    async stop() {
      shuttingDown = true;
      for (const execution of executions.values()) {
        if (execution.status === 'RUNNING') {
          execution.stopRequest = { error: 'LocalShutdown', cause: 'the local Step Functions endpoint stopped' };
          execution.abort?.();
        }
      }
      await Promise.allSettled([...executions.values()].map((execution) => execution.settled));
      journal?.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function errorName(error: unknown): string {
  return error instanceof Error ? error.name : 'Error';
}

function errorCause(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? (error instanceof Error ? error.message : error);
  return typeof cause === 'string' ? cause : JSON.stringify(cause);
}

function isRedrivable(execution: Execution): boolean {
  return execution.status === 'FAILED' || execution.status === 'ABORTED' || execution.status === 'TIMED_OUT';
}

function epoch(date: Date): number {
  return date.getTime() / 1000;
}
