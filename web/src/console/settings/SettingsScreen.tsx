// Workspace settings: its name, and its callback signing secret. Tools: get_workspace,
// rename_workspace, set_callback_signing_secret (show, reveal, rotate, clear).
import { useState, type JSX } from 'react';
import { NotReady } from '../shared/NotReady.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource, type ToolAction } from '../shared/use-tool-resource.ts';
import { Announcement, ErrorNotice } from '../../ui/Feedback.tsx';
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

type Settings = { workspace: Workspace; secrets: CallbackSecrets };

export function SettingsScreen(): JSX.Element {
  const {
    resource,
    reload,
    retry,
    change: apply,
  } = useToolResource(async (tools): Promise<Settings> => {
    const [workspace, secrets] = await Promise.all([getWorkspace(tools), showCallbackSecrets(tools)]);
    return { workspace, secrets };
  });
  const [fresh, setFresh] = useState<FreshSecret | undefined>();
  const changes = useChanges(reload);

  /** Runs one change and puts its answer on screen; errors are shown, never thrown. */
  const change = async (action: ToolAction<(current: Settings) => Settings>, done: string): Promise<boolean> =>
    (await changes.run(async (tools) => apply(await action(tools)), done, { reload: false })).ok;

  if (resource.state !== 'ready') return <NotReady screen="settings" what="settings" load={resource} onRetry={retry} />;

  const load = resource.value;
  return (
    <div className="admin-screen" data-screen="settings" data-state="ready">
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      <Announcement text={changes.status} />
      <section className="admin-panel">
        <RenameForm
          name={load.workspace.name}
          onRename={(name) =>
            change(async (tools) => {
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
          change(async (tools) => {
            const { secret, standardWebhooksSecret, ...secrets } = await rotateCallbackSecret(tools, overlapSeconds);
            if (secret && standardWebhooksSecret) setFresh({ secret, standardWebhooksSecret, overlapSeconds });
            return (current) => ({ ...current, secrets });
          }, 'Drew a new callback signing secret.')
        }
        onReveal={() =>
          change(async (tools) => {
            const { secret, standardWebhooksSecret, ...secrets } = await revealCallbackSecret(tools);
            if (secret && standardWebhooksSecret) setFresh({ secret, standardWebhooksSecret });
            return (current) => ({ ...current, secrets });
          }, 'Showed the default callback signing secret.')
        }
        onClear={() =>
          change(async (tools) => {
            const secrets = await clearCallbackSecrets(tools);
            setFresh(undefined);
            return (current) => ({ ...current, secrets });
          }, 'Cleared the callback signing secret.')
        }
      />
    </div>
  );
}
