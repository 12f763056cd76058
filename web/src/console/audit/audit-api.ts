// The audit tools the screen uses (functions/operations/workspace/list-audit-entries.ts), and the lists
// it names people and things by (keys, members, canvases, MCP servers), typed by their output schemas.
import type { ToolClient } from '../../mcp/tools.ts';

export type AuditActor =
  | { kind: 'key'; keyId: string }
  | { kind: 'user'; userId: string; grantId?: string }
  | { kind: 'published-server'; serverId: string; credentialId?: string | null }
  | { kind: 'webhook'; canvasId: string; nodeId: string }
  | { kind: 'service' };

export interface AuditEntry {
  id: string;
  at: string;
  action: string;
  resource: { kind: string; id: string; name?: string };
  actor: AuditActor;
  written: 'with-change' | 'after-change';
}

export interface AuditPage {
  items: AuditEntry[];
  nextCursor: string | null;
}

export interface AuditFilter {
  /** Days back from now; the log keeps 90. */
  days: number;
  resource: string;
}

export const listEntries = (tools: ToolClient, filter: AuditFilter, cursor: string | null) =>
  tools.call<AuditPage>('list_audit_entries', {
    limit: 50,
    from: new Date(Date.now() - filter.days * 86_400_000).toISOString(),
    ...(filter.resource ? { resource: filter.resource } : {}),
    ...(cursor ? { cursor } : {}),
  });

/** id → words, for every person and thing the console can name today (one page of each list). */
export type Names = ReadonlyMap<string, string>;

interface Named {
  items: { id?: string; userId?: string; name?: string; email?: string }[];
}

/** What each list calls its items; a list this member may not read just names nothing. */
export async function loadNames(tools: ToolClient): Promise<Names> {
  const lists: [string, Record<string, unknown>][] = [
    ['list_api_keys', { limit: 200 }],
    ['list_workspace_members', { limit: 200 }],
    ['list_canvases', { limit: 200, includeArchived: true }],
    ['list_mcp_servers', {}],
  ];
  const pages = await Promise.all(
    lists.map(([tool, args]) => tools.call<Named>(tool, args).catch(() => ({ items: [] }) as Named)),
  );
  const names = new Map<string, string>();
  for (const item of pages.flatMap((page) => page.items)) {
    const id = item.id ?? item.userId;
    const name = item.name ?? item.email;
    if (id && name) names.set(id, name);
  }
  return names;
}
