// Bring-your-own connections: the stored ones (masked) and a form to store one. Every secret is
// write-only: the screen never receives one back, and forgets what was typed once it is saved.
import { useState, type JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { ConnectionCard } from './ConnectionCard.tsx';
import { ConnectionForm } from './ConnectionForm.tsx';
import { emptyDraft, upsertOf, withoutSecrets, type ConnectionDraft } from './credential-form.ts';
import type { Resource } from '../../mcp/resource.ts';
import type { Connection, Provider, UpsertConnection } from './types.ts';

export function ConnectionsPanel(props: {
  connections: Resource<Connection[]>;
  providers: readonly Provider[];
  onSave: (input: UpsertConnection) => Promise<string | undefined>;
  onRevoke: (provider: string) => Promise<string | undefined>;
}): JSX.Element {
  const choices = props.providers
    .filter((provider) => provider.bringYourOwnCredential)
    .map((provider) => ({ id: provider.id, label: provider.label }));
  const [draft, setDraft] = useState<ConnectionDraft>(() => emptyDraft(choices[0]?.id ?? 'http'));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const labelOf = (id: string) => props.providers.find((provider) => provider.id === id)?.label ?? id;
  const stored = props.connections.state === 'ready' ? props.connections.value : [];
  const active = stored.find((connection) => connection.provider === draft.provider && connection.status === 'active');

  const add = async () => {
    // Storing always takes a secret; label and origins alone are changed on the connection itself.
    const built = upsertOf(draft, undefined);
    if ('problem' in built) return setError(built.problem);
    setBusy(true);
    const failed = await props.onSave(built.input);
    setBusy(false);
    setError(failed);
    if (!failed) setDraft({ ...withoutSecrets(emptyDraft(draft.provider)) });
  };

  return (
    <section className="intg-panel" aria-labelledby="connections-heading">
      <h2 id="connections-heading">Connections</h2>
      <p className="muted">
        Your workspace’s own credentials. Secrets are encrypted, never shown again, and only their last characters are
        listed.
      </p>
      {props.connections.state === 'loading' ? <p role="status">Loading connections…</p> : null}
      {props.connections.state === 'error' ? (
        <Alert title="The connections could not be loaded">{props.connections.message}</Alert>
      ) : null}
      {props.connections.state === 'ready' ? (
        stored.length === 0 ? (
          <p className="empty">No connection yet.</p>
        ) : (
          <ul className="intg-cards" aria-label="Stored connections">
            {stored.map((connection) => (
              <ConnectionCard
                key={`${connection.provider}-${connection.status}-${connection.updatedAt}`}
                connection={connection}
                providerLabel={labelOf(connection.provider)}
                onSave={props.onSave}
                onRevoke={() => props.onRevoke(connection.provider)}
              />
            ))}
          </ul>
        )
      ) : null}
      {props.connections.state === 'ready' && choices.length > 0 ? (
        <details className="intg-add" open={stored.length === 0}>
          <summary>Store a connection</summary>
          {active ? (
            <p className="intg-warn">
              This workspace already has an active {labelOf(draft.provider)} connection: saving a new secret replaces
              it.
            </p>
          ) : null}
          <ConnectionForm
            draft={draft}
            onChange={(next) => {
              setDraft(next);
              return setError(undefined);
            }}
            providerChoices={choices}
            editing={false}
            busy={busy}
            error={error}
            submitLabel="Store connection"
            onSubmit={() => void add()}
          />
        </details>
      ) : null}
    </section>
  );
}
