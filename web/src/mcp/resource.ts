// What a screen loaded through tool calls is at any moment, and how one load moves it on: the pure core of
// useToolResource (console/shared/use-tool-resource.ts), kept free of React so it is tested on its own.
//
//   loading ──loaded──▶ ready ──changed──▶ ready        reload: stays as it is until the answer
//      ▲  └──failed──▶ error                            retry / a new key: back to loading
//      └──────retry─────┘                               an answer older than the latest load is dropped
//
//   refresh (a screen that keeps its list on screen while it loads again, the asset library):
//   ready ──refresh──▶ ready, refreshing ──loaded──▶ ready
//                                        └─failed──▶ ready, with the failure as `stale` (the list stays)
import { SignInError } from '../auth/session.ts';
import { describeError } from '../ui/describe-error.ts';

export type Resource<T> =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; value: T; refreshing?: boolean; stale?: string };

export type ResourceEvent<T> =
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'loaded'; value: T }
  | { type: 'failed'; message: string }
  | { type: 'changed'; apply: (value: T) => T };

export const LOADING: Resource<never> = { state: 'loading' };

export function nextResource<T>(current: Resource<T>, event: ResourceEvent<T>): Resource<T> {
  switch (event.type) {
    case 'retry':
      return current.state === 'loading' ? current : LOADING;
    case 'refresh':
      return current.state === 'ready' ? { state: 'ready', value: current.value, refreshing: true } : LOADING;
    case 'loaded':
      return { state: 'ready', value: event.value };
    case 'failed':
      return current.state === 'ready' && current.refreshing
        ? { state: 'ready', value: current.value, stale: event.message }
        : { state: 'error', message: event.message };
    case 'changed':
      // A change answered after the screen left `ready` (a retry meanwhile) has nothing to apply to.
      return current.state === 'ready' ? { ...current, value: event.apply(current.value) } : current;
  }
}

/** Words a screen shows for a failure; a screen with refusals of its own words them itself. */
export type Describe = (error: unknown) => string;

/**
 * A failed call as a screen handles it: an ended session goes back to sign-in (the screen shows nothing),
 * anything else is a sentence — a tool's refusal already worded by its code (mcp/errors.ts wordingOf).
 */
export type Failure = { kind: 'session-ended'; reason: string } | { kind: 'refused'; message: string };

export function failureOf(error: unknown, describe: Describe = describeError): Failure {
  return error instanceof SignInError
    ? { kind: 'session-ended', reason: error.message }
    : { kind: 'refused', message: describe(error) };
}

/** Where a load's outcome goes: the screen's state, or the shell's sign-in screen. */
export interface ResourceSink<T> {
  dispatch(event: ResourceEvent<T>): void;
  sessionEnded(reason: string): void;
}

/**
 * Runs loads for one resource and reports only the latest: an answer to a load that a later load (a new
 * filter, a retry) or `cancel` has overtaken is dropped, so a slow old answer never replaces a new one.
 */
export class ResourceLoader<T> {
  private latest = 0;

  constructor(private readonly sink: ResourceSink<T>) {}

  async load(read: () => Promise<T>, describe?: Describe): Promise<void> {
    const mine = ++this.latest;
    let value: T;
    try {
      value = await read();
    } catch (error) {
      if (mine !== this.latest) return;
      const failure = failureOf(error, describe);
      if (failure.kind === 'session-ended') this.sink.sessionEnded(failure.reason);
      else this.sink.dispatch({ type: 'failed', message: failure.message });
      return;
    }
    if (mine === this.latest) this.sink.dispatch({ type: 'loaded', value });
  }

  /** Drops the answer of every load under way (the screen is gone, or loads something else now). */
  cancel(): void {
    this.latest++;
  }
}

/** An action's outcome: its answer, or the failure in words for the screen to show where it belongs. */
export type Outcome<R> = { ok: true; value: R } | { ok: false; message: string };

/** Runs one action (a change) and answers its outcome; throws nothing. */
export async function attempt<R>(
  action: () => Promise<R>,
  sessionEnded: (reason: string) => void,
  describe?: Describe,
): Promise<Outcome<R>> {
  try {
    return { ok: true, value: await action() };
  } catch (error) {
    const failure = failureOf(error, describe);
    if (failure.kind === 'session-ended') {
      sessionEnded(failure.reason);
      return { ok: false, message: failure.reason };
    }
    return { ok: false, message: failure.message };
  }
}
