// The state machine under useToolResource: what a screen shows while it loads, after an answer, after a
// failure, after a retry or a change; only the latest load's answer counts; an ended session goes to sign-in.
import { describe, expect, it } from 'vitest';
import { SignInError } from '../../../../web/src/auth/session.ts';
import {
  attempt,
  failureOf,
  LOADING,
  nextResource,
  ResourceLoader,
  type Resource,
  type ResourceEvent,
} from '../../../../web/src/mcp/resource.ts';
import { ToolError } from '../../../../web/src/mcp/tools.ts';
import { toolErrorOf } from '../../../../web/src/mcp/errors.ts';

/** A screen's state driven by the loader exactly as the hook's reducer drives it. */
function screen<T>() {
  const seen = { resource: LOADING as Resource<T>, endedWith: [] as string[] };
  const loader = new ResourceLoader<T>({
    dispatch: (event: ResourceEvent<T>) => {
      seen.resource = nextResource(seen.resource, event);
    },
    sessionEnded: (reason) => seen.endedWith.push(reason),
  });
  return { seen, loader };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

describe('nextResource', () => {
  it('moves from loading to ready with the answer, and to error with the words', () => {
    // Arrange / Act
    const ready = nextResource<number[]>(LOADING, { type: 'loaded', value: [1, 2] });
    const failed = nextResource<number[]>(ready, { type: 'failed', message: 'The service is away.' });

    // Assess
    expect(ready).toEqual({ state: 'ready', value: [1, 2] });
    expect(failed).toEqual({ state: 'error', message: 'The service is away.' });
  });

  it('goes back to loading on retry, and keeps the same state object when already loading', () => {
    // Arrange
    const failed: Resource<string> = { state: 'error', message: 'No.' };

    // Act / Assess
    expect(nextResource(failed, { type: 'retry' })).toEqual({ state: 'loading' });
    expect(nextResource(LOADING as Resource<string>, { type: 'retry' })).toBe(LOADING);
  });

  it('applies a change to a ready value and ignores one that arrives while not ready', () => {
    // Arrange
    const ready: Resource<{ names: string[] }> = { state: 'ready', value: { names: ['a'] } };
    const add = (value: { names: string[] }) => ({ names: [...value.names, 'b'] });

    // Act
    const changed = nextResource(ready, { type: 'changed', apply: add });
    const whileLoading = nextResource(LOADING as Resource<{ names: string[] }>, { type: 'changed', apply: add });

    // Assess
    expect(changed).toEqual({ state: 'ready', value: { names: ['a', 'b'] } });
    expect(ready).toEqual({ state: 'ready', value: { names: ['a'] } });
    expect(whileLoading).toEqual({ state: 'loading' });
  });
});

describe('nextResource, refreshing in place', () => {
  it('keeps the value on screen while it loads again, and replaces it with the answer', () => {
    // Arrange
    const ready: Resource<string[]> = { state: 'ready', value: ['a.png'] };

    // Act
    const refreshing = nextResource(ready, { type: 'refresh' });
    const answered = nextResource(refreshing, { type: 'loaded', value: ['a.png', 'b.png'] });

    // Assess
    expect(refreshing).toEqual({ state: 'ready', value: ['a.png'], refreshing: true });
    expect(answered).toEqual({ state: 'ready', value: ['a.png', 'b.png'] });
  });

  it('keeps the value with the failure as stale when a refresh fails, and clears it on the next refresh', () => {
    // Arrange
    const refreshing: Resource<string[]> = { state: 'ready', value: ['a.png'], refreshing: true };

    // Act
    const stale = nextResource(refreshing, { type: 'failed', message: 'Lost connection.' });
    const again = nextResource(stale, { type: 'refresh' });

    // Assess
    expect(stale).toEqual({ state: 'ready', value: ['a.png'], stale: 'Lost connection.' });
    expect(again).toEqual({ state: 'ready', value: ['a.png'], refreshing: true });
  });

  it('shows "Loading…" when there is nothing to keep, and an error when a plain reload fails', () => {
    // Arrange
    const ready: Resource<string[]> = { state: 'ready', value: ['a.png'] };

    // Act / Assess
    expect(nextResource(LOADING as Resource<string[]>, { type: 'refresh' })).toEqual({ state: 'loading' });
    expect(nextResource(ready, { type: 'failed', message: 'No.' })).toEqual({ state: 'error', message: 'No.' });
  });
});

describe('failureOf', () => {
  it('sends an ended session to sign-in and words any other failure', () => {
    // Arrange
    const refused = toolErrorOf(
      { _meta: { error: { error: 'Canvas is at version 2', code: 'version_conflict', status: 409 } } },
      'rename_canvas',
    );

    // Act / Assess
    expect(failureOf(new SignInError('Your session ended. Sign in again.'))).toEqual({
      kind: 'session-ended',
      reason: 'Your session ended. Sign in again.',
    });
    expect(failureOf(refused)).toEqual({
      kind: 'refused',
      message: 'Someone else changed this meanwhile. Reload to see their change, then try again.',
    });
    expect(failureOf('plain words')).toEqual({ kind: 'refused', message: 'plain words' });
  });

  it('lets a screen word its own refusals', () => {
    // Arrange
    const describe = (error: unknown) => (error instanceof ToolError && error.code === 'conflict' ? 'Own words.' : '?');

    // Act / Assess
    expect(failureOf(new ToolError('x', { code: 'conflict' }), describe)).toEqual({
      kind: 'refused',
      message: 'Own words.',
    });
  });
});

describe('ResourceLoader', () => {
  it('shows the answer of a load', async () => {
    // Arrange
    const { seen, loader } = screen<string[]>();

    // Act
    await loader.load(async () => ['key_1']);

    // Assess
    expect(seen.resource).toEqual({ state: 'ready', value: ['key_1'] });
  });

  it('shows a refusal in words, worded by its code', async () => {
    // Arrange
    const { seen, loader } = screen<string[]>();
    const refusal = toolErrorOf(
      { _meta: { error: { error: 'Needs manage:keys', code: 'missing_scope', status: 403, scope: 'manage:keys' } } },
      'list_api_keys',
    );

    // Act
    await loader.load(() => Promise.reject(refusal));

    // Assess
    expect(seen.resource.state).toBe('error');
    expect(seen.resource).toMatchObject({ message: expect.stringContaining('it needs the manage:keys scope') });
  });

  it('sends an ended session to sign-in and leaves the screen as it was', async () => {
    // Arrange
    const { seen, loader } = screen<string[]>();

    // Act
    await loader.load(() => Promise.reject(new SignInError('Your session ended. Sign in again.')));

    // Assess
    expect(seen.endedWith).toEqual(['Your session ended. Sign in again.']);
    expect(seen.resource).toEqual({ state: 'loading' });
  });

  it('drops the answer of a load that a later one overtook, even when it comes last', async () => {
    // Arrange
    const { seen, loader } = screen<string>();
    const slow = deferred<string>();
    const fast = deferred<string>();

    // Act
    const first = loader.load(() => slow.promise);
    const second = loader.load(() => fast.promise);
    fast.resolve('last 7 days');
    await second;
    slow.resolve('last 24 hours');
    await first;

    // Assess
    expect(seen.resource).toEqual({ state: 'ready', value: 'last 7 days' });
  });

  it('drops a failure of an overtaken load too', async () => {
    // Arrange
    const { seen, loader } = screen<string>();
    const slow = deferred<string>();

    // Act
    const first = loader.load(() => slow.promise);
    await loader.load(async () => 'fresh');
    slow.reject(new ToolError('too late', 500));
    await first;

    // Assess
    expect(seen.resource).toEqual({ state: 'ready', value: 'fresh' });
  });

  it('reports nothing once cancelled (the screen is gone)', async () => {
    // Arrange
    const { seen, loader } = screen<string>();
    const pending = deferred<string>();

    // Act
    const load = loader.load(() => pending.promise);
    loader.cancel();
    pending.resolve('answer for nobody');
    await load;

    // Assess
    expect(seen.resource).toEqual({ state: 'loading' });
  });
});

describe('attempt', () => {
  it('answers the value of an action that worked', async () => {
    // Arrange / Act
    const outcome = await attempt(
      async () => 42,
      () => undefined,
    );

    // Assess
    expect(outcome).toEqual({ ok: true, value: 42 });
  });

  it('answers the refusal in words and throws nothing', async () => {
    // Arrange
    const refusal = toolErrorOf(
      { _meta: { error: { error: 'Too many', code: 'rate_limited', status: 429 } } },
      'create_api_key',
    );

    // Act
    const outcome = await attempt(
      () => Promise.reject(refusal),
      () => undefined,
    );

    // Assess
    expect(outcome).toEqual({
      ok: false,
      message: 'Too many requests right now; wait a moment and try again. (Too many.)',
    });
  });

  it('sends an ended session to sign-in', async () => {
    // Arrange
    const ended: string[] = [];

    // Act
    const outcome = await attempt(
      () => Promise.reject(new SignInError('Sign in again.')),
      (reason) => ended.push(reason),
    );

    // Assess
    expect(ended).toEqual(['Sign in again.']);
    expect(outcome.ok).toBe(false);
  });
});
