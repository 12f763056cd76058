// The workspace tools the settings use (functions/operations/workspace/{get-workspace,rename-workspace}.ts
// and functions/operations/runs/set-callback-signing-secret.ts), typed by their output schemas.
import type { ToolClient } from '../../mcp/tools.ts';

export interface Workspace {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface SecretHint {
  hint: string;
  createdAt: string;
}

export interface CallbackSecrets {
  workspaceId: string;
  signedWith: 'workspace' | 'deployment';
  current: SecretHint | null;
  previous: (SecretHint & { signsUntil: string }) | null;
  /** Only in the answer of the rotate that drew it. */
  secret?: string;
}

export const getWorkspace = (tools: ToolClient) => tools.call<Workspace>('get_workspace', {});
export const renameWorkspace = (tools: ToolClient, name: string) => tools.call<Workspace>('rename_workspace', { name });

export const showCallbackSecrets = (tools: ToolClient) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'show' });
export const rotateCallbackSecret = (tools: ToolClient, overlapSeconds: number) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'rotate', overlapSeconds });
export const clearCallbackSecrets = (tools: ToolClient) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'clear' });
