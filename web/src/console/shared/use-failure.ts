// One way for the admin screens to handle a failed call: an ended session goes back to sign-in,
// anything else becomes words on the screen. `describe` lets a screen word its own refusals.
import { useCallback } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { SignInError } from '../../auth/session.ts';
import { describeError } from '../../ui/describe-error.ts';

export function useFailure(
  show: (message: string) => void,
  describe: (error: unknown) => string = describeError,
): (error: unknown) => void {
  const { sessionEnded } = useStudio();
  return useCallback(
    (error: unknown) => {
      if (error instanceof SignInError) sessionEnded(error.message);
      else show(describe(error));
    },
    [sessionEnded, show, describe],
  );
}
