// The integration policy as a form: which providers, models and voices the workspace may use, shared
// credentials, and a monthly credit cap. A failed save keeps the form as it was typed.
import { useState, type FormEvent, type JSX } from 'react';
import { Alert } from '../../ui/Alert.tsx';
import { draftOf, toggled, updateOf, type PolicyDraft } from './policy-form.ts';
import type { Policy, PolicyUpdate, Provider } from './types.ts';

export function PolicyPanel(props: {
  policy: Policy;
  providers: readonly Provider[];
  onSave: (update: PolicyUpdate) => Promise<string | undefined>;
}): JSX.Element {
  const [draft, setDraft] = useState<PolicyDraft>(() => draftOf(props.policy, props.providers));
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<PolicyDraft>) => {
    setDraft({ ...draft, ...patch });
    return setError(undefined);
  };
  const models = props.providers.flatMap((provider) =>
    provider.models.map((model) => ({ ...model, provider: provider.label })),
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const built = updateOf(draft);
    if ('problem' in built) return setError(built.problem);
    setBusy(true);
    setError(await props.onSave(built.update));
    setBusy(false);
  };

  return (
    <form className="intg-form intg-policy" onSubmit={submit} aria-labelledby="policy-heading">
      <fieldset>
        <legend>Providers</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={!draft.restrictProviders}
            onChange={(event) => set({ restrictProviders: !event.target.checked })}
          />
          Any provider
        </label>
        {draft.restrictProviders ? (
          <fieldset className="intg-choices bare" aria-label="Allowed providers">
            {props.providers.map((provider) => (
              <label className="check" key={provider.id}>
                <input
                  type="checkbox"
                  checked={draft.providers.includes(provider.id)}
                  onChange={(event) => set({ providers: toggled(draft.providers, provider.id, event.target.checked) })}
                />
                {provider.label}
              </label>
            ))}
          </fieldset>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Models</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={!draft.restrictModels}
            onChange={(event) => set({ restrictModels: !event.target.checked })}
          />
          Any model
        </label>
        {draft.restrictModels ? (
          <>
            <fieldset className="intg-choices bare" aria-label="Allowed models">
              {models.map((model) => (
                <label className="check" key={model.id}>
                  <input
                    type="checkbox"
                    checked={draft.models.includes(model.id)}
                    onChange={(event) => set({ models: toggled(draft.models, model.id, event.target.checked) })}
                  />
                  {model.label} <span className="muted">({model.provider})</span>
                </label>
              ))}
            </fieldset>
            <div className="intg-field">
              <label htmlFor="policy-other-models">Other model or endpoint ids</label>
              <input
                id="policy-other-models"
                value={draft.otherModels}
                onChange={(event) => set({ otherModels: event.target.value })}
                placeholder="Comma separated"
              />
            </div>
          </>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Voices (shared speech key)</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={!draft.restrictVoices}
            onChange={(event) => set({ restrictVoices: !event.target.checked })}
          />
          Any voice
        </label>
        {draft.restrictVoices ? (
          <div className="intg-field">
            <label htmlFor="policy-voices">Allowed voice ids</label>
            <input
              id="policy-voices"
              value={draft.voices}
              onChange={(event) => set({ voices: event.target.value })}
              placeholder="Comma separated"
              aria-describedby="policy-voices-help"
            />
            <span className="muted" id="policy-voices-help">
              Voices limit the deployment’s shared key only: with its own key the workspace may use any voice of its
              account.
            </span>
          </div>
        ) : null}
      </fieldset>
      <fieldset>
        <legend>Credentials and spending</legend>
        <label className="check">
          <input
            type="checkbox"
            checked={draft.allowShared}
            onChange={(event) => set({ allowShared: event.target.checked })}
          />
          Use the deployment’s shared credentials when the workspace has none of its own
        </label>
        <div className="intg-field">
          <label htmlFor="policy-cap">Monthly credit cap</label>
          <input
            id="policy-cap"
            inputMode="numeric"
            value={draft.cap}
            onChange={(event) => set({ cap: event.target.value })}
            placeholder="No cap"
            aria-describedby="policy-cap-help"
          />
          <span className="muted" id="policy-cap-help">
            Credits per calendar month (UTC) for generation; empty for no cap.
          </span>
        </div>
      </fieldset>
      {error ? <Alert title="The policy was not saved">{error}</Alert> : null}
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save policy'}
        </button>
        {props.policy.updatedAt ? (
          <span className="muted">
            Last saved{' '}
            <time dateTime={props.policy.updatedAt}>{new Date(props.policy.updatedAt).toLocaleString()}</time>
          </span>
        ) : (
          <span className="muted">Default policy: nothing restricted.</span>
        )}
      </div>
    </form>
  );
}
