// The workspace tools the settings use (functions/operations/workspace/{get-workspace,rename-workspace}.ts
// and functions/operations/webhooks/set-callback-signing-secret.ts), typed by the generated contract.
import type { ToolClient, ToolOutput } from '../../mcp/tools.ts';

export type Workspace = ToolOutput<'get_workspace'>;

export type CallbackSecrets = ToolOutput<'set_callback_signing_secret'>;
export type CallbackSecretHint = CallbackSecrets['current'];

export const getWorkspace = (tools: ToolClient) => tools.call('get_workspace', {});
export const renameWorkspace = (tools: ToolClient, name: string) => tools.call('rename_workspace', { name });

export const showCallbackSecrets = (tools: ToolClient) => tools.call('set_callback_signing_secret', { action: 'show' });
export const rotateCallbackSecret = (tools: ToolClient, overlapSeconds: number) =>
  tools.call('set_callback_signing_secret', { action: 'rotate', overlapSeconds });
export const revealCallbackSecret = (tools: ToolClient) =>
  tools.call('set_callback_signing_secret', { action: 'reveal' });
export const clearCallbackSecrets = (tools: ToolClient) =>
  tools.call('set_callback_signing_secret', { action: 'clear' });
