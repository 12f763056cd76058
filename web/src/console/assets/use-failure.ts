// An ended session goes back to the sign-in screen; any other failure becomes words on the screen.
import { useCallback } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { SignInError } from '../../auth/session.ts';
import { describeAssetError } from './asset-errors.ts';

export function useFailure(show: (message: string) => void): (error: unknown) => void {
  const { sessionEnded } = useStudio();
  return useCallback(
    (error: unknown) => {
      if (error instanceof SignInError) sessionEnded(error.message);
      else show(describeAssetError(error));
    },
    [sessionEnded, show],
  );
}
