// Audit log: who created, changed, ran, published, revoked or exported what in this workspace, newest
// first, in words (people by email, keys, canvases and servers by name). Tool calls only:
// list_audit_entries, and the lists the names come from. Owners and admins (manage:integrations).
import { useMemo, useState, type FormEvent, type JSX } from 'react';
import { NotReady } from '../shared/NotReady.tsx';
import { useChanges } from '../shared/use-changes.ts';
import { useToolResource } from '../shared/use-tool-resource.ts';
import { DataTable } from '../../ui/DataTable.tsx';
import { ErrorNotice } from '../../ui/Feedback.tsx';
import { listEntries, loadNames, type AuditFilter } from './audit-api.ts';
import { namesFromEntries, what, which, who } from './describe.ts';
import '../shared/admin.css';
import '../shared/usage-table.css';
import './audit.css';

const PERIODS = [
  { days: 1, label: 'Last 24 hours' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days (all that is kept)' },
];

/** The resource kinds a person filters by, typed by the tool's input: a kind the service drops fails the build. */
const RESOURCES: readonly [AuditFilter['resource'], string][] = [
  ['', 'Everything'],
  ['canvas', 'Canvases'],
  ['run', 'Runs'],
  ['api-key', 'API keys'],
  ['member', 'Members'],
  ['invite', 'Invitations'],
  ['webhook', 'Webhooks'],
  ['callback-secret', 'Callback signing secret'],
  ['connection', 'Connections'],
  ['integration-policy', 'Integration policy'],
  ['published-server', 'MCP servers'],
  ['published-credential', 'MCP server credentials'],
  ['usage-export', 'Usage exports'],
  ['workspace', 'Workspace settings'],
  ['template', 'Templates'],
  ['asset', 'Assets'],
];

/** `2026-12-07 15:42:07 UTC`: to the second, as an auditor reads it. */
const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export function AuditScreen(): JSX.Element {
  const [filter, setFilter] = useState<AuditFilter>({ days: 7, resource: '' });
  const [days, setDays] = useState(7);
  const [about, setAbout] = useState<AuditFilter['resource']>('');
  const { resource, reload, retry, change } = useToolResource(
    async (tools) => {
      const [page, names] = await Promise.all([listEntries(tools, filter, null), loadNames(tools)]);
      return { entries: page.items, nextCursor: page.nextCursor, names, more: false };
    },
    { key: filter },
  );
  const changes = useChanges(reload);

  const names = useMemo(
    () =>
      resource.state === 'ready'
        ? namesFromEntries(resource.value.entries, resource.value.names)
        : new Map<string, string>(),
    [resource],
  );

  const older = async () => {
    if (resource.state !== 'ready' || !resource.value.nextCursor) return;
    const { nextCursor } = resource.value;
    change((load) => ({ ...load, more: true }));
    const page = await changes.run((tools) => listEntries(tools, filter, nextCursor), undefined, { reload: false });
    change((load) =>
      page.ok
        ? { ...load, entries: [...load.entries, ...page.value.items], nextCursor: page.value.nextCursor, more: false }
        : { ...load, more: false },
    );
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ days, resource: about });
  };

  if (resource.state !== 'ready') return <NotReady screen="audit" what="audit log" load={resource} onRetry={retry} />;

  const load = resource.value;
  return (
    <div className="admin-screen" data-screen="audit" data-state="ready">
      <p className="muted">
        Who created, changed, ran, published, revoked or exported what in this workspace. Each entry is written together
        with its change, and kept 90 days. Entries never hold keys, secrets or request bodies.
      </p>
      <ErrorNotice message={changes.error} onDismiss={changes.dismiss} />
      <form className="admin-inline audit-filters" onSubmit={apply} aria-label="Filter the audit log">
        <label className="admin-field">
          Period
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {PERIODS.map((period) => (
              <option key={period.days} value={period.days}>
                {period.label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          About
          <select value={about} onChange={(event) => setAbout(event.target.value as AuditFilter['resource'])}>
            {RESOURCES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Show</button>
      </form>
      {load.entries.length === 0 ? (
        <p className="empty">Nothing was recorded in this period{filter.resource ? ' about that' : ''}.</p>
      ) : (
        <DataTable caption="Audit log, newest first" columns={['When', 'Who', 'What', 'On']} testId="audit-entries">
          {load.entries.map((entry) => (
            <tr key={entry.id} data-action={entry.action}>
              <td>
                <time dateTime={entry.at}>{when(entry.at)}</time>
              </td>
              <td>{who(entry.actor, names)}</td>
              <td>{what(entry)}</td>
              <td>{which(entry, names)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      {load.nextCursor ? (
        <button type="button" onClick={() => void older()} disabled={load.more}>
          {load.more ? 'Loading…' : 'Older entries'}
        </button>
      ) : null}
    </div>
  );
}
