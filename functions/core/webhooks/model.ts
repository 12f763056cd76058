// core: webhook triggers — one per webhook-trigger node that has been registered.
//
// Status row of a webhook-trigger node (shown in canvas state):
//   Configuration: Not configured ──register──► Ready ──revoke / node deleted / type changed──► Not configured
//                  (Loading is the editor's own state while a register call is in flight; the service
//                   never stores it, so a reload never shows a node stuck in Loading.)
//   Execution:     Idle (never triggered since registration)
//                  ──accepted call──► Running (its run is queued or running)
//                  ──run succeeds──► Triggered (shows lastTriggeredAt)     ──run fails or is cancelled──► Error
//                  Triggered / Error ──next accepted call──► Running
import type { SealedSecret } from '../integrations/ports.ts';

/**
 * A signing secret the provider chose (Stripe's endpoint `whsec_…`, Shopify's app or store key) that
 * the workspace stored for one signature scheme of this trigger, sealed with the credential cipher.
 * When present, that scheme's signed URL verifies with it instead of the trigger's own secret.
 */
export interface StoredSigningSecret {
  sealed: SealedSecret;
  /** Masked form (`whsec_…a1b2`) for people to recognise which secret is stored; never the secret. */
  hint: string;
  setAt: string;
}

export interface WebhookTrigger {
  workspaceId: string;
  canvasId: string;
  triggerNodeId: string;
  /** Random per registration; the secret is derived from it and the service's webhook key. */
  salt: string;
  secretHash: string;
  createdAt: string;
  lastTriggeredAt: string | null;
  lastExecutionId: string | null;
  /** Provider-chosen signing secrets per signature scheme (see StoredSigningSecret). */
  signingSecrets?: Partial<Record<string, StoredSigningSecret>>;
  /** Bumped by every change of `signingSecrets`: the optimistic lock of that read-modify-write. */
  signingSecretsVersion?: number;
}

export type ConfigurationState = 'Not configured' | 'Loading' | 'Ready';
export type TriggerExecutionState = 'Idle' | 'Running' | 'Triggered' | 'Error';

export interface WebhookStatusRow {
  configuration: ConfigurationState;
  execution: TriggerExecutionState;
  lastTriggeredAt: string | null;
  lastExecutionId: string | null;
}

export const NOT_CONFIGURED: WebhookStatusRow = {
  configuration: 'Not configured',
  execution: 'Idle',
  lastTriggeredAt: null,
  lastExecutionId: null,
};

/** The status row from the trigger (if registered) and the status of its last run (if any). */
export function statusRow(trigger: WebhookTrigger | undefined, lastRunStatus: string | undefined): WebhookStatusRow {
  if (!trigger) return NOT_CONFIGURED;
  const execution: TriggerExecutionState = !trigger.lastExecutionId
    ? 'Idle'
    : lastRunStatus === 'succeeded'
      ? 'Triggered'
      : lastRunStatus === 'failed' || lastRunStatus === 'cancelled'
        ? 'Error'
        : 'Running';
  return {
    configuration: 'Ready',
    execution,
    lastTriggeredAt: trigger.lastTriggeredAt,
    lastExecutionId: trigger.lastExecutionId,
  };
}
