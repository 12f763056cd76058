// local: from the ASL file to what aws-local-stepfunctions runs — the definition with CDK's substitutions
// applied, and each Task state's adapter, so the in-process handler sees and returns what the deployed
// Lambda (or `.waitForTaskToken` integration) would, and its errors reach Retry/Catch under Lambda's names.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';
import {
  type Execution,
  type Json,
  namedError,
  type RegisteredMachine,
  type StateMachineRegistration,
} from './sfn-local-model.ts';
import type { LocalTaskTokens } from './sfn-task-tokens.ts';

const LAMBDA_INVOKE = 'arn:aws:states:::lambda:invoke';

export function loadDefinition(registration: StateMachineRegistration): StateMachineDefinition {
  let text: string;
  if (registration.definitionFile !== undefined) text = readFileSync(registration.definitionFile, 'utf8');
  else if (registration.definition !== undefined) text = JSON.stringify(registration.definition);
  else throw new Error(`state machine ${registration.name}: give definitionFile or definition`);
  for (const [key, value] of Object.entries(registration.substitutions ?? {})) {
    text = text.split(`\${${key}}`).join(value);
  }
  const missing = text.match(/\$\{[A-Za-z0-9_]+\}/);
  if (missing) throw new Error(`state machine ${registration.name}: no substitution given for ${missing[0]}`);
  const definition = JSON.parse(text) as StateMachineDefinition & { States: Record<string, Record<string, unknown>> };
  // aws-local-stepfunctions reads a Task's TimeoutSecondsPath from its Parameters' output, where AWS reads
  // the state's input: a `.waitForTaskToken` state is limited by tokenWaitMs instead (sfn-task-tokens.ts).
  for (const state of Object.values(definition.States))
    if (String(state.Resource ?? '').endsWith('.waitForTaskToken') && state.TimeoutSecondsPath !== undefined) {
      delete state.TimeoutSecondsPath;
      state.TimeoutSeconds = 2_000_000; // under setTimeout's 2^31 ms
    }
  return definition;
}

/** Task state name → Resource, including Task states nested in Map and Parallel states. */
export function collectTasks(
  definition: { States?: Record<string, unknown> },
  into = new Map<string, string>(),
): Map<string, string> {
  for (const [name, state] of Object.entries(definition.States ?? {})) {
    const s = state as {
      Type?: string;
      Resource?: string;
      Branches?: unknown[];
      ItemProcessor?: unknown;
      Iterator?: unknown;
    };
    if (s.Type === 'Task') into.set(name, String(s.Resource));
    for (const branch of s.Branches ?? []) collectTasks(branch as never, into);
    if (s.ItemProcessor ?? s.Iterator) collectTasks((s.ItemProcessor ?? s.Iterator) as never, into);
  }
  return into;
}

/** Wraps each registered handler so it sees and returns what the deployed Lambda would. */
export function taskHandlers(machine: RegisteredMachine, execution: Execution, tokens: LocalTaskTokens) {
  const handlers: Record<string, (input: Json) => Promise<Json>> = {};
  for (const [stateName, resource] of machine.taskResources) {
    const handler = machine.registration.tasks?.[stateName];
    const isInvoke = resource.startsWith(LAMBDA_INVOKE);
    const waitsForToken = resource.endsWith('.waitForTaskToken');
    handlers[stateName] = async (input) => {
      if (waitsForToken && handler) {
        const limitMs = machine.registration.tokenWaitMs?.[stateName]?.(input);
        const park = async (payload: Json) => {
          try {
            return await handler(structuredClone(payload), {
              awsRequestId: randomUUID(),
              functionName: resource,
              executionArn: execution.executionArn,
              stateName,
              getRemainingTimeInMillis: () => 60_000,
            });
          } catch (error) {
            // An AWS SDK integration's error, as Step Functions names it (e.g.
            // DynamoDb.ConditionalCheckFailedException).
            throw error instanceof Error && error.name.includes('.') ? error : lambdaError(error);
          }
        };
        return tokens.wait(execution.executionArn, input, park, limitMs);
      }
      if (!handler) throw namedError('States.TaskFailed', `no local handler is registered for Task state ${stateName}`);
      const payload = isInvoke ? ((input as { Payload?: Json } | null)?.Payload ?? null) : input;
      const functionName = isInvoke
        ? String((input as { FunctionName?: Json } | null)?.FunctionName ?? stateName)
        : resource;
      const deadline = Date.now() + 60_000;
      let result: unknown;
      try {
        result = await handler(structuredClone(payload), {
          awsRequestId: randomUUID(),
          functionName,
          executionArn: execution.executionArn,
          stateName,
          getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
        });
      } catch (error) {
        throw lambdaError(error);
      }
      const value = (result === undefined ? null : JSON.parse(JSON.stringify(result))) as Json;
      return isInvoke ? { ExecutedVersion: '$LATEST', Payload: value, StatusCode: 200 } : value;
    };
  }
  return handlers;
}

/** A Lambda function error as Step Functions sees it: Error = type, Cause = Lambda's JSON error. */
function lambdaError(error: unknown): Error {
  const errorType = error instanceof Error ? error.name : 'Error';
  const errorMessage = error instanceof Error ? error.message : String(error);
  const trace = error instanceof Error ? (error.stack ?? '').split('\n') : [];
  return namedError(errorType, JSON.stringify({ errorType, errorMessage, trace }));
}
