// An audit entry in words: who did what to which resource, naming people and things where the console
// knows their names (the lists, or a name an earlier entry carried), their ids otherwise.
import type { AuditActor, AuditEntry, Names } from './audit-api.ts';

/** Each action as the verb of a sentence ("created the canvas …"). */
const VERBS: Readonly<Record<string, string>> = {
  'workspace.rename': 'renamed',
  'member.invite': 'invited',
  'member.join': 'joined',
  'member.invite-revoke': 'withdrew the invitation of',
  'member.remove': 'removed',
  'member.role-change': 'changed the role of',
  'api-key.create': 'created',
  'api-key.revoke': 'revoked',
  'canvas.create': 'created',
  'canvas.update': 'changed',
  'canvas.archive': 'archived',
  'canvas.restore': 'restored',
  'canvas.delete': 'deleted',
  'run.start': 'started',
  'run.replay': 'replayed into',
  'run.redrive': 'redrove',
  'run.cancel': 'cancelled',
  'webhook.register': 'registered',
  'webhook.revoke': 'revoked',
  'webhook.secret-rotate': 'rotated the signing secret of',
  'callback-secret.set': 'changed',
  'connection.upsert': 'connected',
  'connection.revoke': 'disconnected',
  'integration-policy.update': 'changed',
  'template.publish': 'published',
  'template.delete': 'deleted',
  'asset.create': 'uploaded',
  'asset.update': 'changed',
  'asset.trash': 'moved to the trash',
  'asset.restore': 'restored',
  'asset.purge': 'deleted for good',
  'codehost.sync': 'set the sync target of',
  'codehost.export': 'exported a draft pull request from',
  'generation.start': 'started',
  'published-server.publish': 'published',
  'published-server.update': 'changed',
  'published-server.unpublish': 'unpublished',
  'published-credential.create': 'created',
  'published-credential.revoke': 'revoked',
  'usage.export': 'downloaded',
};

/** What each kind of resource is called before its name. */
const KINDS: Readonly<Record<string, string>> = {
  workspace: 'the workspace',
  member: 'member',
  invite: 'the invitation',
  'api-key': 'API key',
  canvas: 'canvas',
  run: 'run',
  webhook: 'webhook',
  'callback-secret': 'the callback signing secret',
  connection: 'connection',
  'integration-policy': 'the integration policy',
  template: 'template',
  asset: 'asset',
  codehost: 'code host',
  generation: 'generation job',
  'published-server': 'MCP server',
  'published-credential': 'MCP server credential',
  'usage-export': 'the FOCUS usage export',
};

/** Settings of the whole workspace: their id is the workspace's, nothing to name. */
const SINGLETONS = new Set(['callback-secret', 'integration-policy', 'codehost']);

const quoted = (name: string) => `“${name}”`;

export function who(actor: AuditActor, names: Names): string {
  switch (actor.kind) {
    case 'user':
      return names.get(actor.userId) ?? `User ${actor.userId}`;
    case 'key': {
      const name = names.get(actor.keyId);
      return name ? `API key ${quoted(name)}` : `API key ${actor.keyId}`;
    }
    case 'published-server': {
      const name = names.get(actor.serverId);
      const server = name ? `MCP server ${quoted(name)}` : `MCP server ${actor.serverId}`;
      // Who held the umcp_ credential is not known: its id tells the owner which one to revoke.
      if (actor.credentialId) return `${server}, credential ${actor.credentialId}`;
      return actor.credentialId === null ? `Anyone, through ${server} (public)` : server;
    }
    case 'webhook': {
      const canvas = names.get(actor.canvasId);
      return `Webhook ${actor.nodeId} on ${canvas ? quoted(canvas) : actor.canvasId}`;
    }
    case 'service':
      return 'The service';
  }
}

export function what(entry: AuditEntry): string {
  return VERBS[entry.action] ?? entry.action;
}

/** The resource in words: its kind, then its name (from the lists, the entry, or an earlier entry) or id. */
export function which(entry: AuditEntry, names: Names): string {
  const { kind, id, name } = entry.resource;
  const label = KINDS[kind] ?? kind;
  if (entry.action === 'member.join') return 'the workspace';
  if (kind === 'workspace' || SINGLETONS.has(kind)) return label;
  if (kind === 'usage-export') {
    const [from, to] = id.split('/');
    return `${label}, ${from?.slice(0, 10)} to ${to?.slice(0, 10)}`;
  }
  const known = names.get(id) ?? name;
  return known ? `${label} ${quoted(known)}` : `${label} ${id}`;
}

/** Names the entries themselves carry (a canvas's name on its create), for resources since deleted. */
export function namesFromEntries(entries: readonly AuditEntry[], names: Names): Names {
  const merged = new Map(names);
  for (const entry of entries) {
    if (entry.resource.name && !merged.has(entry.resource.id)) merged.set(entry.resource.id, entry.resource.name);
  }
  return merged;
}
