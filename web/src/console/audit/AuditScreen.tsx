// Audit log: who created, changed, ran, published, revoked or exported what in this workspace, newest
// first, in words (people by email, keys, canvases and servers by name). Tool calls only:
// list_audit_entries, and the lists the names come from. Owners and admins (manage:integrations).
import { useCallback, useEffect, useMemo, useState, type FormEvent, type JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import { Alert } from '../../ui/Alert.tsx';
import { NotReady } from '../shared/NotReady.tsx';
import { useFailure } from '../shared/use-failure.ts';
import { listEntries, loadNames, type AuditEntry, type AuditFilter, type Names } from './audit-api.ts';
import { namesFromEntries, what, which, who } from './describe.ts';
import '../shared/admin.css';
import '../shared/usage-table.css';
import './audit.css';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'ready'; entries: AuditEntry[]; nextCursor: string | null; names: Names; more: boolean };

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
  const { tools } = useStudio();
  const [filter, setFilter] = useState<AuditFilter>({ days: 7, resource: '' });
  const [days, setDays] = useState(7);
  const [resource, setResource] = useState<AuditFilter['resource']>('');
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [error, setError] = useState<string | undefined>();
  const fail = useFailure(setError);
  const failLoad = useFailure(useCallback((message: string) => setLoad({ state: 'error', message }), []));

  const reload = useCallback(async () => {
    try {
      const [page, names] = await Promise.all([listEntries(tools, filter, null), loadNames(tools)]);
      setLoad({ state: 'ready', entries: page.items, nextCursor: page.nextCursor, names, more: false });
    } catch (caught) {
      failLoad(caught);
    }
  }, [tools, filter, failLoad]);

  useEffect(() => void reload(), [reload]);

  const names = useMemo(
    () => (load.state === 'ready' ? namesFromEntries(load.entries, load.names) : new Map<string, string>()),
    [load],
  );

  const older = async () => {
    if (load.state !== 'ready' || !load.nextCursor) return;
    setLoad({ ...load, more: true });
    try {
      const page = await listEntries(tools, filter, load.nextCursor);
      setLoad({ ...load, entries: [...load.entries, ...page.items], nextCursor: page.nextCursor, more: false });
    } catch (caught) {
      setLoad({ ...load, more: false });
      fail(caught);
    }
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setLoad({ state: 'loading' });
    setFilter({ days, resource });
  };

  if (load.state !== 'ready')
    return (
      <NotReady
        screen="audit"
        what="audit log"
        load={load}
        onRetry={() => {
          setLoad({ state: 'loading' });
          void reload();
        }}
      />
    );

  return (
    <div className="admin-screen" data-screen="audit" data-state="ready">
      <p className="muted">
        Who created, changed, ran, published, revoked or exported what in this workspace. Each entry is written together
        with its change, and kept 90 days. Entries never hold keys, secrets or request bodies.
      </p>
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
          <select value={resource} onChange={(event) => setResource(event.target.value as AuditFilter['resource'])}>
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
        <div className="usage-table-wrap">
          <table className="usage-table" data-testid="audit-entries">
            <caption className="sr-only">Audit log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col">On</th>
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
      {load.nextCursor ? (
        <button type="button" onClick={() => void older()} disabled={load.more}>
          {load.more ? 'Loading…' : 'Older entries'}
        </button>
      ) : null}
    </div>
  );
}
