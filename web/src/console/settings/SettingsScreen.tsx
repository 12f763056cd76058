// Workspace settings: its name, and its callback signing secret. Tools: get_workspace,
// rename_workspace, set_callback_signing_secret (show, reveal, rotate, clear).
import { useCallback, useEffect, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { NotReady } from '../shared/NotReady.tsx';
import { Alert } from '../../ui/Alert.tsx';
import { useFailure } from '../shared/use-failure.ts';
import { CallbackSecretPanel, type FreshSecret } from './CallbackSecretPanel.tsx';
import { RenameForm } from './RenameForm.tsx';
import {
  clearCallbackSecrets,
  getWorkspace,
  renameWorkspace,
  revealCallbackSecret,
  rotateCallbackSecret,
  showCallbackSecrets,
  type CallbackSecrets,
  type Workspace,
} from './settings-api.ts';
import '../shared/admin.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; workspace: Workspace; secrets: CallbackSecrets };

export function SettingsScreen(): JSX.Element {
  const { tools } = useStudio();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [fresh, setFresh] = useState<FreshSecret | undefined>();
  const [error, setError] = useState<string | undefined>();
  const [status, setStatus] = useState('');
  const fail = useFailure(setError);
  const failLoad = useFailure(useCallback((message: string) => setLoad({ state: 'error', message }), []));

  const reload = useCallback(async () => {
    try {
      const [workspace, secrets] = await Promise.all([getWorkspace(tools), showCallbackSecrets(tools)]);
      setLoad({ state: 'ready', workspace, secrets });
    } catch (caught) {
      failLoad(caught);
    }
  }, [tools, failLoad]);

  useEffect(() => void reload(), [reload]);

  /** Runs one change and puts its answer on screen; errors are shown, never thrown. */
  const change = async (
    action: () => Promise<(current: Load & { state: 'ready' }) => Load>,
    done: string,
  ): Promise<boolean> => {
    setError(undefined);
    try {
      const apply = await action();
      setLoad((current) => (current.state === 'ready' ? apply(current) : current));
      setStatus(done);
      return true;
    } catch (caught) {
      fail(caught);
      return false;
    }
  };

  if (load.state !== 'ready')
    return (
      <NotReady
        screen="settings"
        what="settings"
        load={load}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void reload();
        }}
      />
    );

  return (
    <div className="admin-screen" data-screen="settings" data-state="ready">
      {error ? (
        <Alert
          title="That did not work"
          action={
            <button type="button" onClick={() => setError(undefined)}>
              Dismiss
            </button>
          }
        >
          {error}
        </Alert>
      ) : null}
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <section className="admin-panel">
        <RenameForm
          name={load.workspace.name}
          onRename={(name) =>
            change(async () => {
              const workspace = await renameWorkspace(tools, name);
              return (current) => ({ ...current, workspace });
            }, `Renamed the workspace to “${name}”.`)
          }
        />
        <p className="muted">
          Workspace id <code>{load.workspace.id}</code>
        </p>
      </section>
      <CallbackSecretPanel
        secrets={load.secrets}
        fresh={fresh}
        onFreshDone={() => setFresh(undefined)}
        onRotate={(overlapSeconds) =>
          change(async () => {
            const { secret, standardWebhooksSecret, ...secrets } = await rotateCallbackSecret(tools, overlapSeconds);
            if (secret && standardWebhooksSecret) setFresh({ secret, standardWebhooksSecret, overlapSeconds });
            return (current) => ({ ...current, secrets });
          }, 'Drew a new callback signing secret.')
        }
        onReveal={() =>
          change(async () => {
            const { secret, standardWebhooksSecret, ...secrets } = await revealCallbackSecret(tools);
            if (secret && standardWebhooksSecret) setFresh({ secret, standardWebhooksSecret });
            return (current) => ({ ...current, secrets });
          }, 'Showed the default callback signing secret.')
        }
        onClear={() =>
          change(async () => {
            const secrets = await clearCallbackSecrets(tools);
            setFresh(undefined);
            return (current) => ({ ...current, secrets });
          }, 'Cleared the callback signing secret.')
        }
      />
    </div>
  );
}
