// use cases: publish a canvas as an MCP server, change and unpublish it; create, list and revoke its
// `umcp_` credentials; and authenticate a caller of a published server. Pure domain; storage via ports.
import type { Clock } from '../clock.ts';
import type { Canvas } from '../canvas/model.ts';
import { ConflictError, NotFoundError, UnauthorizedError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import { keyStatus, type Principal } from '../keys/api-key.ts';
import { bearerToken } from '../keys/use-cases.ts';
import type { CanvasRepository } from '../ports.ts';
import { hashPublishedCredential, isPublishedCredentialFormat, mintPublishedCredential } from './credentials.ts';
import {
  LIMITS,
  PUBLISHED_SERVER_ID_PREFIX,
  publishedPath,
  type CreateCredentialInput,
  type PinnedCanvas,
  type PublishInput,
  type PublishedCredentialRecord,
  type PublishedServer,
  type ServerLimits,
  type UpdateInput,
  type Visibility,
} from './model.ts';
import type { PublishedServerRepository } from './ports.ts';
import { exposeTriggers } from './tools.ts';

export interface PublishDeps {
  servers: PublishedServerRepository;
  canvases: Pick<CanvasRepository, 'get'>;
  clock: Clock;
}

/** A pinned canvas lives inside the server's item (DynamoDB's 400 KB), next to everything else of it. */
const PINNED_MAX_BYTES = 300 * 1024;

async function canvasOf(principal: Principal, canvasId: string, deps: Pick<PublishDeps, 'canvases'>): Promise<Canvas> {
  const canvas = await deps.canvases.get(principal.workspaceId, canvasId);
  if (!canvas) throw new NotFoundError(`Canvas ${canvasId} not found`);
  if (canvas.archived) throw new ConflictError(`Canvas ${canvasId} is archived; restore it before publishing it`);
  return canvas;
}

function pin(canvas: Canvas): PinnedCanvas {
  const pinned = { canvasVersion: canvas.version, nodes: canvas.nodes, edges: canvas.edges };
  if (Buffer.byteLength(JSON.stringify(pinned)) > PINNED_MAX_BYTES)
    throw new ValidationError('This canvas is too large to pin (over 300 KB); publish it as latest instead');
  return pinned;
}

function limitsFor(visibility: Visibility, asked: Partial<ServerLimits> | undefined, current?: ServerLimits) {
  const ceiling = LIMITS[visibility];
  const pick = (name: keyof ServerLimits): number => {
    const value = asked?.[name] ?? Math.min(current?.[name] ?? ceiling[name].default, ceiling[name].max);
    if (value > ceiling[name].max)
      throw new ValidationError(`limits.${name} may be at most ${ceiling[name].max} on a ${visibility} server`);
    return value;
  };
  return { callsPerMinute: pick('callsPerMinute'), creditsPerDay: pick('creditsPerDay') };
}

export async function publishServer(principal: Principal, input: PublishInput, deps: PublishDeps) {
  const canvas = await canvasOf(principal, input.canvasId, deps);
  const now = deps.clock.now();
  const server: PublishedServer = {
    id: newId(PUBLISHED_SERVER_ID_PREFIX, now.getTime()),
    workspaceId: principal.workspaceId,
    slug: input.slug,
    name: input.name,
    description: input.description,
    canvasId: canvas.id,
    visibility: input.visibility,
    version: input.version,
    pinned: input.version === 'pinned' ? pin(canvas) : null,
    tools: exposeTriggers(canvas, input.tools),
    limits: limitsFor(input.visibility, input.limits),
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    createdByKeyId: principal.keyId,
  };
  await deps.servers.create(server);
  return server;
}

export async function getServer(principal: Principal, serverId: string, deps: Pick<PublishDeps, 'servers'>) {
  const server = await deps.servers.get(principal.workspaceId, serverId);
  if (!server) throw new NotFoundError(`Published server ${serverId} not found`);
  return server;
}

export const listServers = (principal: Principal, deps: Pick<PublishDeps, 'servers'>) =>
  deps.servers.list(principal.workspaceId);

export async function updateServer(principal: Principal, input: UpdateInput, deps: PublishDeps) {
  const server = await getServer(principal, input.serverId, deps);
  const visibility = input.visibility ?? server.visibility;
  const version = input.version ?? server.version;
  // Read the canvas when what is served follows it now: a (re)pin, or new tools of a `latest` server.
  const needsCanvas = input.version === 'pinned' || (input.tools !== undefined && version === 'latest');
  const canvas = needsCanvas ? await canvasOf(principal, server.canvasId, deps) : null;
  const pinned = version === 'pinned' ? (input.version === 'pinned' && canvas ? pin(canvas) : server.pinned) : null;
  const graph = pinned ?? canvas;
  const updated: PublishedServer = {
    ...server,
    name: input.name ?? server.name,
    description: input.description ?? server.description,
    visibility,
    version,
    pinned,
    tools: input.tools && graph ? exposeTriggers(graph, input.tools) : server.tools,
    // A server made public keeps only what the public ceilings allow.
    limits: limitsFor(visibility, input.limits, server.limits),
    updatedAt: deps.clock.now().toISOString(),
  };
  await deps.servers.replace(updated);
  return updated;
}

export async function unpublishServer(principal: Principal, serverId: string, deps: Pick<PublishDeps, 'servers'>) {
  const server = await getServer(principal, serverId, deps);
  await deps.servers.delete(server);
  return server;
}

// ── Credentials ──────────────────────────────────────────────────────────────────────────────────────

export function credentialView(record: PublishedCredentialRecord, now: Date) {
  return {
    id: record.id,
    serverId: record.serverId,
    name: record.name,
    prefix: record.prefix,
    createdAt: record.createdAt,
    expiresAt: record.expiresAt,
    revokedAt: record.revokedAt,
    // The workspace keys' rule (revoked, else expired, else active): one rule for both credential families.
    status: keyStatus(record, now),
  };
}

export async function createCredential(principal: Principal, input: CreateCredentialInput, deps: PublishDeps) {
  const server = await getServer(principal, input.serverId, deps);
  const now = deps.clock.now();
  const { credential, record, lookup } = mintPublishedCredential({
    workspaceId: principal.workspaceId,
    serverId: server.id,
    name: input.name,
    expiresInDays: input.expiresInDays,
    now,
  });
  await deps.servers.createCredential(record, lookup);
  return { ...credentialView(record, now), credential };
}

export async function listCredentials(principal: Principal, serverId: string, deps: PublishDeps) {
  const server = await getServer(principal, serverId, deps);
  const now = deps.clock.now();
  return (await deps.servers.listCredentials(principal.workspaceId, server.id)).map((record) =>
    credentialView(record, now),
  );
}

export async function revokeCredential(
  principal: Principal,
  input: { serverId: string; credentialId: string },
  deps: PublishDeps,
) {
  const record = await deps.servers.getCredential(principal.workspaceId, input.serverId, input.credentialId);
  if (!record) throw new NotFoundError(`Credential ${input.credentialId} of server ${input.serverId} not found`);
  const now = deps.clock.now();
  if (record.revokedAt) return credentialView(record, now);
  const revokedAt = now.toISOString();
  await deps.servers.revokeCredential(record, revokedAt);
  return credentialView({ ...record, revokedAt }, now);
}

// ── Callers of a published server ────────────────────────────────────────────────────────────────────

export interface PublishedCaller {
  server: PublishedServer;
  /** The `umcp_` credential that opened a protected server; null on a public one. */
  credentialId: string | null;
}

/**
 * Who may call the server at `slug`. Unknown slug: 404. Public: anyone. Protected: only a live `umcp_`
 * credential of this very server — a workspace key, an OAuth token or another server's credential is a 401.
 */
export async function authenticatePublishedCaller(
  slug: string,
  authorization: string | undefined,
  deps: { servers: PublishedServerRepository; clock: Clock },
): Promise<PublishedCaller> {
  const token = bearerToken(authorization);
  const keyHash = token && isPublishedCredentialFormat(token) ? hashPublishedCredential(token) : undefined;
  // The credential's lookup is keyed by the token alone: read it beside the server, not after it.
  const [server, lookup] = await Promise.all([
    deps.servers.findBySlug(slug),
    keyHash ? deps.servers.findCredential(keyHash) : undefined,
  ]);
  if (!server) throw new NotFoundError(`No published server at ${publishedPath(slug)}`);
  if (server.visibility === 'public') return { server, credentialId: null };
  if (!token) throw new UnauthorizedError(`This server needs a credential: send Authorization: Bearer umcp_…`);
  if (!keyHash)
    throw new UnauthorizedError('Invalid credential: a published server takes only its own umcp_ credentials');
  // Another server's credential reads exactly like an unknown one: nothing about other servers leaks.
  if (!lookup || lookup.serverId !== server.id || lookup.workspaceId !== server.workspaceId)
    throw new UnauthorizedError('Invalid credential');
  if (lookup.expiresAt && Date.parse(lookup.expiresAt) <= deps.clock.now().getTime())
    throw new UnauthorizedError('Credential expired');
  return { server, credentialId: lookup.credentialId };
}
