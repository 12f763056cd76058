// core: the audit log's vocabulary — who did what to which resource of a workspace (docs/audit.md).
// An action names its resource kind, so a declaration is one word (`audit: 'canvas.update'`) and the
// adapter knows which of the change's items the entry joins (table-design.ts AUDITED_PREFIXES).
import type { Principal } from '../keys/api-key.ts';
import type { RunTrigger } from '../runs/model.ts';
import * as z from '../schema.ts';

/** The kinds of resource an entry can name. */
export const AUDIT_RESOURCES = [
  'workspace',
  'member',
  'invite',
  'api-key',
  'canvas',
  'run',
  'webhook',
  'callback-secret',
  'connection',
  'integration-policy',
  'template',
  'asset',
  'codehost',
  'generation',
  'published-server',
  'published-credential',
  'usage-export',
] as const;
export type AuditResource = (typeof AUDIT_RESOURCES)[number];

/** Every action, with the kind of resource it acts on. */
export const AUDIT_ACTIONS = {
  'workspace.rename': 'workspace',
  'member.invite': 'invite',
  'member.join': 'member',
  'member.invite-revoke': 'invite',
  'member.remove': 'member',
  'member.role-change': 'member',
  'api-key.create': 'api-key',
  'api-key.revoke': 'api-key',
  'canvas.create': 'canvas',
  'canvas.update': 'canvas',
  'canvas.archive': 'canvas',
  'canvas.restore': 'canvas',
  'canvas.delete': 'canvas',
  'run.start': 'run',
  'run.replay': 'run',
  'run.redrive': 'run',
  'run.cancel': 'run',
  'webhook.register': 'webhook',
  'webhook.revoke': 'webhook',
  'webhook.secret-rotate': 'webhook',
  'callback-secret.set': 'callback-secret',
  'connection.upsert': 'connection',
  'connection.revoke': 'connection',
  'integration-policy.update': 'integration-policy',
  'template.publish': 'template',
  'template.delete': 'template',
  'asset.create': 'asset',
  'asset.update': 'asset',
  'asset.trash': 'asset',
  'asset.restore': 'asset',
  'asset.purge': 'asset',
  'codehost.sync': 'codehost',
  'codehost.export': 'codehost',
  'generation.start': 'generation',
  'published-server.publish': 'published-server',
  'published-server.update': 'published-server',
  'published-server.unpublish': 'published-server',
  'published-credential.create': 'published-credential',
  'published-credential.revoke': 'published-credential',
  'usage.export': 'usage-export',
} as const satisfies Record<string, AuditResource>;
export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AuditActionSchema = z.enum(Object.keys(AUDIT_ACTIONS) as [AuditAction, ...AuditAction[]]);

/**
 * Who an entry is about: the principal the change ran as. `key`: a workspace API key; `user`: a
 * signed-in person through an OAuth client (the studio, an agent); `published-server`: a tool call of a
 * published server (public, or one of its umcp_ credentials); `webhook`: a webhook trigger's caller;
 * `service`: the service itself (an operator's admin CLI command).
 */
export type AuditActor =
  | { kind: 'key'; keyId: string }
  /** `grantId`: the consent to the OAuth client it came through; absent when they acted on our own page (joining). */
  | { kind: 'user'; userId: string; grantId?: string }
  /** `credentialId`: the umcp_ credential that called a protected server; null on a public one. */
  | { kind: 'published-server'; serverId: string; credentialId?: string | null }
  | { kind: 'webhook'; canvasId: string; nodeId: string }
  | { kind: 'service' };

/** One line of the log, as stored and answered. Never a secret, a key or a request body. */
export interface AuditEntry {
  id: string;
  workspaceId: string;
  /** ISO 8601, UTC, with milliseconds: when the call that made the change began (entries sort by it). */
  at: string;
  action: AuditAction;
  resource: { kind: AuditResource; id: string; name?: string };
  actor: AuditActor;
  /**
   * `with-change`: written in the change's own TransactWriteItems (cannot be missing while the change
   * stands). `after-change`: written by the runner after a change whose write could not carry it
   * (docs/audit.md, Limits) or for an access that changes nothing in the table (a usage export).
   */
  written: 'with-change' | 'after-change';
}

/** Audit entries live this long (DynamoDB TTL), then disappear by themselves. */
export const AUDIT_RETENTION_DAYS = 90;

/** The actor an operation's principal stands for. */
export function actorOf(principal: Principal): AuditActor {
  if (principal.credential === 'oauth' && principal.userId)
    return { kind: 'user', userId: principal.userId, grantId: principal.keyId };
  return { kind: 'key', keyId: principal.keyId };
}

/**
 * The actor of a run started where no operation declared one: a webhook call (its trigger node), a
 * published server's tool call (the server), anything else (the service).
 */
export function actorOfTrigger(trigger: RunTrigger, request: { canvasId: string; triggerNodeId: string }): AuditActor {
  if (trigger.kind === 'published') return { kind: 'published-server', serverId: trigger.serverId };
  if (trigger.kind === 'webhook') return { kind: 'webhook', canvasId: request.canvasId, nodeId: request.triggerNodeId };
  return { kind: 'service' };
}

/** What the audit query takes: a time range (newest first), and optionally one action or resource kind. */
export const AuditQuery = z.object({
  from: z.optional(z.iso.datetime()),
  to: z.optional(z.iso.datetime()),
  action: z.optional(AuditActionSchema),
  resource: z.optional(z.enum(AUDIT_RESOURCES)),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
