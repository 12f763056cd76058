// One panel's data: loading, loaded, or failed in words. Each panel loads on its own, so a refusal of
// one tool (a member without manage:integrations) leaves the others readable.
import { useCallback, useEffect, useState } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { SignInError } from '../../auth/session.ts';
import { describeError } from '../../ui/describe-error.ts';

export type Loaded<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

export function useLoad<T>(load: () => Promise<T>): [Loaded<T>, () => Promise<void>] {
  const { sessionEnded } = useStudio();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const reload = useCallback(async () => {
    try {
      setLoaded({ state: 'ready', value: await load() });
    } catch (error) {
      if (error instanceof SignInError) sessionEnded(error.message);
      else setLoaded({ state: 'error', message: describeError(error) });
    }
  }, [load, sessionEnded]);
  useEffect(() => void reload(), [reload]);
  return [loaded, reload];
}

/** Runs a change and reports failure in words; an ended session goes back to sign-in. */
export function useAction(): (
  action: () => Promise<unknown>,
) => Promise<{ ok: true } | { ok: false; message: string }> {
  const { sessionEnded } = useStudio();
  return useCallback(
    async (action) => {
      try {
        await action();
        return { ok: true };
      } catch (error) {
        if (error instanceof SignInError) sessionEnded(error.message);
        return { ok: false, message: describeError(error) };
      }
    },
    [sessionEnded],
  );
}
