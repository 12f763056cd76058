// The key tools the screen uses, typed by their output schemas (functions/operations/views.ts KeyView,
// CreatedKeyView, IdentityView; functions/operations/workspace/*-api-key*.ts).
import type { ToolClient } from '../../mcp/tools.ts';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: string[];
  status: 'active' | 'expired' | 'revoked';
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Not in KeyView today; shown when a server starts sending it. */
  lastUsedAt?: string | null;
}

export interface CreatedKey extends ApiKey {
  /** The full key: in this answer only. */
  key: string;
}

interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const MAX_PAGES = 10;

export async function listKeys(tools: ToolClient): Promise<ApiKey[]> {
  const items: ApiKey[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const answer: Page<ApiKey> = await tools.call<Page<ApiKey>>('list_api_keys', {
      limit: 200,
      ...(cursor ? { cursor } : {}),
    });
    items.push(...answer.items);
    cursor = answer.nextCursor;
    if (!cursor) break;
  }
  return items;
}

/** The scopes the signed-in member's token holds now: the ceiling for a new key. */
export const heldScopes = async (tools: ToolClient): Promise<string[]> =>
  (await tools.call<{ scopes: string[] }>('verify_key', {})).scopes;

export const createKey = (
  tools: ToolClient,
  input: { name: string; scopes: string[]; expiresInDays: number | undefined },
) =>
  tools.call<CreatedKey>('create_api_key', {
    name: input.name,
    scopes: input.scopes,
    ...(input.expiresInDays !== undefined ? { expiresInDays: input.expiresInDays } : {}),
  });

export const revokeKey = (tools: ToolClient, id: string) => tools.call<ApiKey>('revoke_api_key', { id });
