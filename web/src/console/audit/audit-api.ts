// The audit tools the screen uses (functions/operations/workspace/list-audit-entries.ts), and the lists
// it names people and things by (keys, members, canvases, MCP servers), typed by their output schemas.
import type { ToolClient, ToolInput, ToolOutput } from '../../mcp/tools.ts';

export type AuditPage = ToolOutput<'list_audit_entries'>;
export type AuditEntry = AuditPage['items'][number];
export type AuditActor = AuditEntry['actor'];
export type ResourceKind = NonNullable<ToolInput<'list_audit_entries'>['resource']>;

export interface AuditFilter {
  /** Days back from now; the log keeps 90. */
  days: number;
  resource: ResourceKind | '';
}

export const listEntries = (tools: ToolClient, filter: AuditFilter, cursor: string | null) =>
  tools.call('list_audit_entries', {
    limit: 50,
    from: new Date(Date.now() - filter.days * 86_400_000).toISOString(),
    ...(filter.resource ? { resource: filter.resource } : {}),
    ...(cursor ? { cursor } : {}),
  });

/** id → words, for every person and thing the console can name today (one page of each list). */
export type Names = ReadonlyMap<string, string>;

interface Named {
  items: readonly { id?: string; userId?: string; name?: string; email?: string }[];
}

/** What each list calls its items; a list this member may not read just names nothing. */
export async function loadNames(tools: ToolClient): Promise<Names> {
  const none = (): Named => ({ items: [] });
  const pages: Named[] = await Promise.all([
    tools.call('list_api_keys', { limit: 200 }).catch(none),
    tools.call('list_workspace_members', { limit: 200 }).catch(none),
    tools.call('list_canvases', { limit: 200, includeArchived: true }).catch(none),
    tools.call('list_mcp_servers', {}).catch(none),
  ]);
  const names = new Map<string, string>();
  for (const item of pages.flatMap((page) => page.items)) {
    const id = item.id ?? item.userId;
    const name = item.name ?? item.email;
    if (id && name) names.set(id, name);
  }
  return names;
}
