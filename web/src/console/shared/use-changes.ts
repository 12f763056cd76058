// A screen's changes (create, revoke, rename…): each runs through useToolAction, puts its failure on the
// screen (or hands it to the row that asked), announces what was done and shows the list as the service
// has it afterwards. The screen renders `error` with ui/Feedback.tsx ErrorNotice and `status` with Announcement.
import { useCallback, useState } from 'react';
import type { Describe, Outcome } from '../../mcp/resource.ts';
import { useToolAction, type ToolAction } from './use-tool-resource.ts';

export interface ChangeOptions {
  /** The row that asked shows the failure itself; the screen's error stays as it is. */
  readonly inline?: boolean;
  /** Load the screen's data (or the given part of it) again afterwards. @default true */
  readonly reload?: boolean | (() => Promise<void>);
}

export interface Changes {
  readonly error: string | undefined;
  readonly dismiss: () => void;
  /** Puts a failure worded elsewhere (a card's own call) on the screen. */
  readonly show: (message: string) => void;
  readonly status: string;
  readonly announce: (text: string) => void;
  readonly run: <R>(action: ToolAction<R>, done?: string, options?: ChangeOptions) => Promise<Outcome<R>>;
}

export function useChanges(reload: () => Promise<void>, describe?: Describe): Changes {
  const act = useToolAction(describe);
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const run = useCallback(
    async <R>(action: ToolAction<R>, done?: string, options: ChangeOptions = {}): Promise<Outcome<R>> => {
      if (!options.inline) setError(undefined);
      const outcome = await act(action);
      if (!outcome.ok) {
        if (!options.inline) setError(outcome.message);
        return outcome;
      }
      if (done) setStatus(done);
      const again = options.reload ?? true;
      if (again) await (again === true ? reload() : again());
      return outcome;
    },
    [act, reload],
  );
  const dismiss = useCallback(() => setError(undefined), []);
  return { error, dismiss, show: setError, status, announce: setStatus, run };
}
