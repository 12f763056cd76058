// One way every usage panel turns a failure into words: a session that ended goes back to sign-in,
// anything else becomes a sentence the panel shows.
import { useCallback } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { SignInError } from '../../auth/session.ts';
import { describeError } from '../../ui/describe-error.ts';

export function useFailure(): (caught: unknown) => string {
  const { sessionEnded } = useStudio();
  return useCallback(
    (caught: unknown) => {
      if (caught instanceof SignInError) sessionEnded(caught.message);
      return describeError(caught);
    },
    [sessionEnded],
  );
}
