// Webhooks: every webhook-trigger node across the workspace's canvases, registered or not, with its URL
// and signed variants to copy, provider signing secrets (never shown back), revoke and register again.
import { useCallback, useEffect, useState, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { canvasPath } from '../../app/router.ts';
import { SignInError } from '../../auth/session.ts';
import { Alert } from '../../ui/Alert.tsx';
import { describeError } from '../../ui/describe-error.ts';
import { Link } from '../../app/Link.tsx';
import { WebhookCard } from './WebhookCard.tsx';
import { groupByCanvas, hookName, schemeLabel } from './schemes.ts';
import type { Registration, Scheme, WebhookListing } from './types.ts';
import { listAllWebhooks, registerWebhook, revokeWebhook, setSigningSecret } from './webhooks-api.ts';
import './webhooks.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; items: WebhookListing[]; complete: boolean };

export function WebhooksScreen(): JSX.Element {
  const { tools, sessionEnded } = useStudio();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [announcement, setAnnouncement] = useState('');

  const words = useCallback(
    (error: unknown) => {
      if (error instanceof SignInError) sessionEnded(error.message);
      return describeError(error);
    },
    [sessionEnded],
  );
  const reload = useCallback(async () => {
    try {
      const { items, complete } = await listAllWebhooks(tools);
      setLoad({ state: 'ready', items, complete });
    } catch (error) {
      setLoad({ state: 'error', message: words(error) });
    }
  }, [tools, words]);
  useEffect(() => void reload(), [reload]);

  /** Runs a change, then shows the list as the service has it; answers the failure in words. */
  const change = async <T,>(action: () => Promise<T>, done: string): Promise<T | string> => {
    try {
      const answer = await action();
      setAnnouncement(done);
      await reload();
      return answer;
    } catch (error) {
      return words(error);
    }
  };

  if (load.state === 'loading') {
    return (
      <div data-screen="webhooks" data-state="loading" aria-busy="true">
        <p role="status">Loading webhooks…</p>
      </div>
    );
  }
  if (load.state === 'error') {
    return (
      <div data-screen="webhooks" data-state="error">
        <Alert
          title="The webhooks could not be loaded"
          action={
            <button
              type="button"
              onClick={() => {
                setLoad({ state: 'loading' });
                void reload();
              }}
            >
              Try again
            </button>
          }
        >
          {load.message}
        </Alert>
      </div>
    );
  }

  const groups = groupByCanvas(load.items);
  return (
    <div className="hooks" data-screen="webhooks" data-state="ready">
      <p className="muted hooks-intro">
        Webhook-trigger nodes start a run when their URL is called. Add one on a canvas, then register it here or in the
        editor.
      </p>
      {groups.length === 0 ? <p className="empty">No canvas has a webhook-trigger node yet.</p> : null}
      {groups.map((group) => (
        <section key={group.canvasId} className="hooks-canvas" aria-labelledby={`hooks-${group.canvasId}`}>
          <h2 id={`hooks-${group.canvasId}`}>
            <Link to={canvasPath(group.canvasId)} state={{ canvasName: group.canvasName }}>
              {group.canvasName}
            </Link>
            {group.archived ? <span className="badge">Archived</span> : null}
          </h2>
          <ul className="hooks-cards" aria-label={`Webhooks of ${group.canvasName}`}>
            {group.hooks.map((hook) => (
              <WebhookCard
                key={`${hook.canvasId}/${hook.triggerNodeId}`}
                hook={hook}
                onRegister={() =>
                  change<Registration>(() => registerWebhook(tools, hook), `${hookName(hook)} is registered.`)
                }
                onRevoke={async () => {
                  const answer = await change(() => revokeWebhook(tools, hook), `${hookName(hook)} is revoked.`);
                  return typeof answer === 'string' ? answer : undefined;
                }}
                onSetSecret={async (scheme: Scheme, secret: string | null) => {
                  const done =
                    secret === null
                      ? `Removed the ${schemeLabel(scheme)} signing secret.`
                      : `Stored the ${schemeLabel(scheme)} signing secret.`;
                  const answer = await change(() => setSigningSecret(tools, hook, scheme, secret), done);
                  return typeof answer === 'string' ? answer : undefined;
                }}
              />
            ))}
          </ul>
        </section>
      ))}
      {load.complete ? null : <p className="muted">Only the webhooks of the first 1,000 canvases are shown.</p>}
      <div className="sr-only" role="status" aria-live="polite">
        {announcement}
      </div>
    </div>
  );
}
