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

export interface CallbackSecretHint {
  hint: string;
  /** null: the default secret, which signs since the workspace began. */
  createdAt: string | null;
  /** The workspace's default secret (derived by the service), or one drawn by rotate. */
  derived: boolean;
}

export interface CallbackSecrets {
  workspaceId: string;
  /** What signs the older X-Service-Signature headers (a drawn secret, or the deployment's). */
  signedWith: 'workspace' | 'deployment';
  current: CallbackSecretHint;
  previous: (CallbackSecretHint & { signsUntil: string }) | null;
  /** Whether reveal answered the default secret already (it does once). */
  defaultShown: boolean;
  /** Only in the answer of the rotate that drew it, or the reveal of the default. */
  secret?: string;
  /** The same secret as Standard Webhooks libraries take it (whsec_…), answered with it. */
  standardWebhooksSecret?: string;
}

export const getWorkspace = (tools: ToolClient) => tools.call<Workspace>('get_workspace', {});
export const renameWorkspace = (tools: ToolClient, name: string) => tools.call<Workspace>('rename_workspace', { name });

export const showCallbackSecrets = (tools: ToolClient) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'show' });
export const rotateCallbackSecret = (tools: ToolClient, overlapSeconds: number) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'rotate', overlapSeconds });
export const revealCallbackSecret = (tools: ToolClient) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'reveal' });
export const clearCallbackSecrets = (tools: ToolClient) =>
  tools.call<CallbackSecrets>('set_callback_signing_secret', { action: 'clear' });
