// use cases: a tool call of a published server. Every call that would start a run passes the server's
// limits first — calls per minute, then credits per UTC day — and a refused call starts nothing
// (RateLimitedError, with the seconds until it may work). The check runs inside callTrigger, once per call,
// wherever the call came from (one message or a JSON-RPC batch): no framing of a request can skip it. The
// run is an ordinary run of the owning workspace (acceptRun), marked as the server's (trigger
// `published`), so its usage is billed to the workspace and names the server.
import { NotFoundError, RateLimitedError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { RateLimiter, RunRepository } from '../ports.ts';
import { isTerminal, type Execution } from '../runs/model.ts';
import { acceptRun, getExecution, waitForExecution, type RunDeps } from '../runs/use-cases.ts';
import type { PublishedServer } from './model.ts';
import type { PublishedSpendReader } from './ports.ts';

const DAY_MS = 86_400_000;

export interface CallLimitDeps {
  rateLimiter: RateLimiter;
  spend: PublishedSpendReader;
  clock: Clock;
}

/** The workspace as the server acts for it: runs and reads only, never a key's scopes. */
export function serverPrincipal(server: PublishedServer): Principal {
  return { workspaceId: server.workspaceId, keyId: server.id, scopes: [] };
}

/** Refuses a call past the server's limits, before anything is started. */
export async function admitCall(server: PublishedServer, deps: CallLimitDeps): Promise<void> {
  const now = deps.clock.now();
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  // Independent, so sent together: the counter's write and the day's spend cost one round trip of latency, not two.
  const [perMinute, spent] = await Promise.all([
    deps.rateLimiter.hit(
      { workspaceId: server.workspaceId, name: `published:${server.id}` },
      server.limits.callsPerMinute,
      60,
      now,
    ),
    deps.spend.creditsSpent(server.workspaceId, server.id, dayStart, now),
  ]);
  if (!perMinute.allowed)
    throw new RateLimitedError(
      `This server takes ${server.limits.callsPerMinute} calls a minute`,
      perMinute.retryAfterSeconds,
    );
  if (spent >= server.limits.creditsPerDay) {
    const untilTomorrow = Math.ceil((dayStart.getTime() + DAY_MS - now.getTime()) / 1000);
    throw new RateLimitedError(
      `This server spent its ${server.limits.creditsPerDay} credits for today (UTC)`,
      Math.max(1, untilTomorrow),
    );
  }
}

/** Run deps that run the pinned canvas instead of the live one, for a pinned server. */
export function runDepsFor(server: PublishedServer, deps: RunDeps): RunDeps {
  if (server.version !== 'pinned' || !server.pinned) return deps;
  const pinned = server.pinned;
  const runs: RunRepository = Object.create(deps.runs);
  runs.loadForStart = async (...args) => {
    const loaded = await deps.runs.loadForStart(...args);
    // The canvas must still exist (unpublishing is the owner's way to stop it); its content is the pinned one.
    if (!loaded.canvas) return loaded;
    return {
      ...loaded,
      canvas: { ...loaded.canvas, nodes: pinned.nodes, edges: pinned.edges, version: pinned.canvasVersion },
    };
  };
  return { ...deps, runs };
}

/**
 * Starts the run of one exposed trigger and waits for it up to `waitMs`; answers the run as it then is.
 * The server's limits are checked once the run is built and before anything is written: a call refused
 * (RateLimitedError) or that names no runnable trigger starts nothing and counts nothing.
 */
export async function callTrigger(
  server: PublishedServer,
  triggerNodeId: string,
  inputs: Record<string, unknown>,
  waitMs: number,
  deps: RunDeps & { sleep: (ms: number) => Promise<void>; nowMs: () => number; limits: CallLimitDeps },
): Promise<Execution> {
  const accepted = await acceptRun(
    server,
    { canvasId: server.canvasId, triggerNodeId, inputs },
    { kind: 'published', serverId: server.id },
    runDepsFor(server, deps),
    // Every call is a run of its own: an agent asking the same thing twice means it.
    { deriveKey: false, beforeCreate: () => admitCall(server, deps.limits) },
  );
  if (accepted.ran && isTerminal(accepted.ran.status)) return accepted.ran;
  return waitForExecution(serverPrincipal(server), accepted.executionId, Math.max(0, waitMs), deps);
}

/** A run this server started; another server's or the workspace's other runs read as not found. */
export async function runOfServer(
  server: PublishedServer,
  runId: string,
  deps: Pick<RunDeps, 'runs'>,
): Promise<Execution> {
  const execution = await getExecution(serverPrincipal(server), runId, deps).catch(() => undefined);
  if (execution?.trigger.kind !== 'published' || execution.trigger.serverId !== server.id) {
    throw new NotFoundError(`Run ${runId} was not started by this server`);
  }
  return execution;
}
