// local: the task tokens of `.waitForTaskToken` Task states for the local Step Functions endpoint
// (sfn-local.ts), which aws-local-stepfunctions does not have. A waiting task gets a fresh token in
// place of `$$.Task.Token` (the context carries a placeholder), its handler runs (e.g. storing the
// token), and the task then waits until SendTaskSuccess / SendTaskFailure names the token — or until the
// state's timeout. The library enforces that timeout (States.Timeout) but cannot tell us, so the
// registration gives the same limit from the payload (StateMachineRegistration.tokenWaitMs) and the token
// goes stale with it: SendTaskSuccess then answers TaskTimedOut, as AWS does.
import { randomUUID } from 'node:crypto';
import { type Json, namedError } from './sfn-local-model.ts';

export const TASK_TOKEN_PLACEHOLDER = '__LOCAL_TASK_TOKEN__';

interface Waiter {
  readonly executionArn: string;
  resolve(output: Json): void;
  reject(error: Error): void;
}

export class TaskTokenError extends Error {
  constructor(
    readonly code: 'TaskTimedOut' | 'InvalidToken',
    message: string,
  ) {
    super(message);
  }
}

export class LocalTaskTokens {
  private readonly waiters = new Map<string, Waiter>();

  /** Runs `park` with a fresh token in the payload, then waits for that token (or `limitMs`, as States.Timeout). */
  wait(
    executionArn: string,
    payload: Json,
    park: (payload: Json) => Promise<unknown>,
    limitMs?: number,
  ): Promise<Json> {
    const waited = this.waitFor(executionArn, payload, park, limitMs);
    // The library races this against the state's own timeout and may stop listening first.
    waited.catch(() => undefined);
    return waited;
  }

  private async waitFor(
    executionArn: string,
    payload: Json,
    park: (payload: Json) => Promise<unknown>,
    limitMs?: number,
  ): Promise<Json> {
    const token = `local-${randomUUID()}`;
    let waiter!: Waiter;
    const settled = new Promise<Json>((resolve, reject) => {
      waiter = { executionArn, resolve, reject };
    });
    this.waiters.set(token, waiter);
    let timer: NodeJS.Timeout | undefined;
    try {
      await park(withToken(payload, token));
      if (limitMs !== undefined)
        timer = setTimeout(() => waiter.reject(namedError('States.Timeout', 'local wait limit')), limitMs);
      return await settled;
    } finally {
      clearTimeout(timer);
      this.waiters.delete(token);
    }
  }

  succeed(token: string, output: Json): void {
    this.take(token).resolve(output);
  }

  fail(token: string, error: string, cause: string): void {
    this.take(token).reject(namedError(error || 'States.TaskFailed', cause));
  }

  private take(token: string): Waiter {
    if (!token.startsWith('local-')) throw new TaskTokenError('InvalidToken', 'Invalid Token');
    const waiter = this.waiters.get(token);
    if (!waiter) throw new TaskTokenError('TaskTimedOut', 'Task Timed Out');
    this.waiters.delete(token);
    return waiter;
  }
}

function withToken(value: Json, token: string): Json {
  if (value === TASK_TOKEN_PLACEHOLDER) return token;
  if (Array.isArray(value)) return value.map((item) => withToken(item, token));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withToken(item, token)]));
  return value;
}
