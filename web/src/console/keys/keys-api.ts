// The key tools the screen uses, typed by their output schemas (functions/operations/views.ts KeyView,
// CreatedKeyView, IdentityView; functions/operations/workspace/*-api-key*.ts).
import { readPages } from '../../mcp/pages.ts';
import type { ToolClient, ToolInput, ToolOutput } from '../../mcp/tools.ts';

export type ApiKey = ToolOutput<'revoke_api_key'>;
export type CreatedKey = ToolOutput<'create_api_key'>;
export type Scope = NonNullable<ToolInput<'create_api_key'>['scopes']>[number];

export const listKeys = async (tools: ToolClient): Promise<ApiKey[]> =>
  (await readPages(tools, 'list_api_keys', { limit: 200 })).items;

/** The scopes the signed-in member's token holds now: the ceiling for a new key. */
export const heldScopes = async (tools: ToolClient): Promise<string[]> => (await tools.call('verify_key', {})).scopes;

export const createKey = (
  tools: ToolClient,
  input: { name: string; scopes: string[]; expiresInDays: number | undefined },
) =>
  tools.call('create_api_key', {
    name: input.name,
    // The form offers only the scopes verify_key answered (the server's own names); the server refuses others.
    scopes: input.scopes as Scope[],
    ...(input.expiresInDays !== undefined ? { expiresInDays: input.expiresInDays } : {}),
  });

export const revokeKey = (tools: ToolClient, id: string) => tools.call('revoke_api_key', { id });
