// use cases: reading a workspace's audit log (owners and admins: manage:integrations), and recording an
// access that changes nothing in the table (a usage export) before it is answered.
import type { Clock } from '../clock.ts';
import { ValidationError } from '../errors.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page } from '../pagination.ts';
import { AUDIT_RETENTION_DAYS, actorOf, type AuditAction, type AuditEntry, type AuditQuery } from './model.ts';
import { entryOf, withAudit } from './scope.ts';

export interface AuditLog {
  record(entry: AuditEntry): Promise<void>;
  /** Newest first, within [from, to). */
  list(
    workspaceId: string,
    query: AuditQuery & { from: string },
    page: { limit: number; cursor?: string },
  ): Promise<Page<AuditEntry>>;
}

export interface AuditDeps {
  auditLog: AuditLog;
  clock: Clock;
}

/** The caller's workspace's entries, newest first; `from` defaults to the oldest an entry can be. */
export function listAuditEntries(
  principal: Principal,
  query: AuditQuery,
  page: { limit: number; cursor?: string },
  deps: AuditDeps,
): Promise<Page<AuditEntry>> {
  const oldest = new Date(deps.clock.now().getTime() - AUDIT_RETENTION_DAYS * 86_400_000).toISOString();
  // Stored times have milliseconds: bounds are compared as the same canonical form.
  const canonical = (at: string) => new Date(at).toISOString();
  const from = query.from ? canonical(query.from) : oldest;
  const to = query.to ? canonical(query.to) : undefined;
  if (to && to <= from) throw new ValidationError('to must be later than from');
  return deps.auditLog.list(principal.workspaceId, { ...query, from, ...(to ? { to } : {}) }, page);
}

/** Records an access (an export) as `principal`'s, before the caller answers with what it gives. */
export async function recordAccess(
  principal: Principal,
  action: AuditAction,
  resource: { id: string; name?: string },
  deps: AuditDeps,
): Promise<void> {
  const declaration = { workspaceId: principal.workspaceId, action, actor: actorOf(principal), now: deps.clock.now() };
  await withAudit(declaration, (scope) => deps.auditLog.record(entryOf(scope, resource, 'after-change')));
}
