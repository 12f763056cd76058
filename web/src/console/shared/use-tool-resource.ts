// The one way a screen loads what it shows through tool calls, loads it again, and runs its changes:
// loading / ready / error state, "Try again", a quiet reload after a change, an ended session sent back to
// sign-in, and failures in words (mcp/errors.ts words a tool's refusal by its code). The state machine is
// mcp/resource.ts; this file only binds it to React and to the signed-in studio.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useStudio } from '../../app/session-context.ts';
import type { ToolClient } from '../../mcp/tools.ts';
import {
  attempt,
  LOADING,
  nextResource,
  ResourceLoader,
  type Describe,
  type Outcome,
  type Resource,
} from '../../mcp/resource.ts';

export type { Outcome, Resource } from '../../mcp/resource.ts';

export interface ToolResource<T> {
  readonly resource: Resource<T>;
  /** Loads again while the screen keeps showing what it has (after a change). */
  readonly reload: () => Promise<void>;
  /** Back to "Loading…" (or refreshing in place, with `keep`), then loads again (the "Try again" button). */
  readonly retry: () => void;
  /** Applies what a change answered to the loaded value, without asking the service again. */
  readonly change: (apply: (value: T) => T) => void;
  /** Shows a failure worded elsewhere (a further page that failed) in place of the value. */
  readonly fail: (message: string) => void;
}

export interface ToolResourceOptions {
  /** When it changes (Object.is), the screen shows "Loading…" and loads again: a filter, a range, a refresh round. */
  readonly key?: unknown;
  /** Words for the screen's own refusals; mcp/errors.ts's wording by code otherwise. */
  readonly describe?: Describe;
  /**
   * Keep what is loaded on screen while a new key or a retry loads again (`refreshing`); a failure then
   * leaves it there, with the words as `stale`. @default false: "Loading…" until the answer.
   */
  readonly keep?: boolean;
}

/**
 * Loads `read(tools)` when the screen opens and whenever `key` changes. `read` may change on every render:
 * the latest one is used, so a screen writes it inline with the typed tool calls it needs.
 */
export function useToolResource<T>(
  read: (tools: ToolClient) => Promise<T>,
  options: ToolResourceOptions = {},
): ToolResource<T> {
  const { tools, sessionEnded } = useStudio();
  const [resource, dispatch] = useReducer(nextResource<T>, LOADING as Resource<T>);
  const latest = useRef({ read, describe: options.describe, sessionEnded });
  latest.current = { read, describe: options.describe, sessionEnded };
  const [loader] = useState(
    () => new ResourceLoader<T>({ dispatch, sessionEnded: (reason) => latest.current.sessionEnded(reason) }),
  );

  const reload = useCallback(
    () => loader.load(() => latest.current.read(tools), latest.current.describe),
    [loader, tools],
  );

  const { key, keep = false } = options;
  const retry = useCallback(() => {
    dispatch(keep ? { type: 'refresh' } : { type: 'retry' });
    void reload();
  }, [reload, keep]);

  useEffect(() => {
    retry();
    return () => loader.cancel();
  }, [loader, retry, key]);
  const change = useCallback((apply: (value: T) => T) => dispatch({ type: 'changed', apply }), []);
  const fail = useCallback((message: string) => dispatch({ type: 'failed', message }), []);
  return { resource, reload, retry, change, fail };
}

/** A change: typed tool calls through the studio's client. */
export type ToolAction<R> = (tools: ToolClient) => Promise<R>;

/** Runs a change and answers its outcome in words (never throws); an ended session goes back to sign-in. */
export function useToolAction(describe?: Describe): <R>(action: ToolAction<R>) => Promise<Outcome<R>> {
  const { tools, sessionEnded } = useStudio();
  return useCallback(
    <R>(action: ToolAction<R>) => attempt(() => action(tools), sessionEnded, describe),
    [tools, sessionEnded, describe],
  );
}
