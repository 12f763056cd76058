// "Publish as MCP server" for the selected trigger node: the canvas becomes a server of its own at
// /mcp/s/<slug> with this trigger as its tool (publish_mcp_server; docs/published-servers.md). Its
// credentials are managed in the console's MCP servers screen.
import { useId, useState, type FormEvent, type JSX } from 'react';
import { consolePath } from '../app/router.ts';
import { useRunContext } from '../runs/run-context.ts';
import { describeError } from '../ui/describe-error.ts';
import { Link } from '../app/Link.tsx';
import type { PublishedServer } from '../console/servers/servers-api.ts';
import type { CanvasNode } from './types.ts';

/** What the panel shows of the server publish_mcp_server answers (the console's type of it). */
type Published = Pick<PublishedServer, 'path' | 'url' | 'visibility'>;
type Visibility = PublishedServer['visibility'];

export function PublishPanel({ node, disabled }: { node: CanvasNode; disabled: boolean }): JSX.Element | null {
  const run = useRunContext();
  const id = useId();
  const [slug, setSlug] = useState('');
  const [name, setName] = useState('');
  const [visibility, setVisibility] = useState<Visibility>('protected');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [published, setPublished] = useState<Published | undefined>();
  if (!run) return null;

  const onPublish = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      await run.saveNow();
      setPublished(
        await run.tools.call('publish_mcp_server', {
          canvasId: run.canvasId,
          slug: slug.trim(),
          name: name.trim(),
          description: name.trim(),
          visibility,
          tools: [{ triggerNodeId: node.id }],
        }),
      );
    } catch (caught) {
      setError(describeError(caught));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="inspector-publish" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Publish as MCP server</h3>
      {published ? (
        <p role="status">
          Published at <code>{published.url ?? published.path}</code>.{' '}
          {published.visibility === 'protected' ? (
            <>
              Create its credentials in <Link to={consolePath('servers')}>MCP servers</Link>.
            </>
          ) : (
            'Anyone can call it: it is rate limited.'
          )}
        </p>
      ) : (
        <form onSubmit={(event) => void onPublish(event)} aria-label="Publish as MCP server">
          <label htmlFor={`${id}-slug`}>URL name (/mcp/s/…)</label>
          <input
            id={`${id}-slug`}
            value={slug}
            onChange={(event) => setSlug(event.target.value)}
            pattern="[a-z0-9][a-z0-9-]{1,46}[a-z0-9]"
            required
            disabled={disabled || busy}
          />
          <label htmlFor={`${id}-name`}>Server name</label>
          <input
            id={`${id}-name`}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            required
            disabled={disabled || busy}
          />
          <label htmlFor={`${id}-visibility`}>Access</label>
          <select
            id={`${id}-visibility`}
            value={visibility}
            onChange={(event) => setVisibility(event.target.value as Visibility)}
            disabled={disabled || busy}
          >
            <option value="protected">Protected (umcp_ credential)</option>
            <option value="public">Public (no credential, lower limits)</option>
          </select>
          <button type="submit" disabled={disabled || busy}>
            {busy ? 'Publishing…' : 'Publish'}
          </button>
          {error ? <p role="alert">{error}</p> : null}
        </form>
      )}
    </section>
  );
}
