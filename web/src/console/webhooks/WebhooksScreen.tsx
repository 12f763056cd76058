// Webhooks: every webhook-trigger node across the workspace's canvases, registered or not, with its URL
// and signed variants to copy, provider signing secrets (never shown back), revoke and register again.
import type { JSX } from 'react';
import { canvasPath } from '../../app/router.ts';
import { Announcement } from '../../ui/Feedback.tsx';
import { Link } from '../../app/Link.tsx';
import { NotLoaded } from '../../ui/NotLoaded.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource, type ToolAction } from '../shared/use-tool-resource.ts';
import { WebhookCard } from './WebhookCard.tsx';
import { groupByCanvas, hookName, schemeLabel } from './schemes.ts';
import type { Registration, Scheme } from './types.ts';
import { listAllWebhooks, registerWebhook, revokeWebhook, setSigningSecret } from './webhooks-api.ts';
import './webhooks.css';

export function WebhooksScreen(): JSX.Element {
  const { resource, reload, retry } = useToolResource(listAllWebhooks);
  const changes = useChanges(reload);

  /** Runs a change, then shows the list as the service has it; answers the failure in words. */
  const change = async <T,>(action: ToolAction<T>, done: string): Promise<T | string> => {
    const outcome = await changes.run(action, done, { inline: true });
    return outcome.ok ? outcome.value : outcome.message;
  };

  if (resource.state !== 'ready') {
    return <NotLoaded screen="webhooks" load={resource} what="webhooks" onRetry={retry} />;
  }

  const load = resource.value;
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
                  change<Registration>((tools) => registerWebhook(tools, hook), `${hookName(hook)} is registered.`)
                }
                onRevoke={async () => {
                  const answer = await change((tools) => revokeWebhook(tools, hook), `${hookName(hook)} is revoked.`);
                  return typeof answer === 'string' ? answer : undefined;
                }}
                onSetSecret={async (scheme: Scheme, secret: string | null) => {
                  const done =
                    secret === null
                      ? `Removed the ${schemeLabel(scheme)} signing secret.`
                      : `Stored the ${schemeLabel(scheme)} signing secret.`;
                  const answer = await change((tools) => setSigningSecret(tools, hook, scheme, secret), done);
                  return typeof answer === 'string' ? answer : undefined;
                }}
              />
            ))}
          </ul>
        </section>
      ))}
      {load.complete ? null : <p className="muted">Only the webhooks of the first 1,000 canvases are shown.</p>}
      <Announcement text={changes.status} />
    </div>
  );
}
