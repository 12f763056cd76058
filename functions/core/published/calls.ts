// use cases: a tool call of a published server. Every call that would start a run passes the server's
// limits first — calls per minute, then credits per UTC day — and a refused call starts nothing
// (RateLimitedError, with the seconds until it may work). The check runs inside callTrigger, once per call,
// wherever the call came from (one message or a JSON-RPC batch): no framing of a request can skip it. The
// run is an ordinary run of the owning workspace (acceptRun), marked as the server's (trigger
// `published`), so its usage is billed to the workspace and names the server.
import { NotFoundError, RateLimitedError } from '../errors.ts';
import type { Clock } from '../clock.ts';
import { runCostCeiling } from '../canvas/cost-estimate.ts';
import type { PriceBook } from '../credits/prices.ts';
import type { Principal } from '../keys/api-key.ts';
import type { RateLimiter, RunRepository } from '../ports.ts';
import { telemetry } from '../telemetry.ts';
import { isTerminal, type Execution, type FrozenGraph } from '../runs/model.ts';
import { acceptRun, getExecution, waitForExecution, type RunDeps } from '../runs/use-cases.ts';
import type { PublishedServer } from './model.ts';
import type { DayReservation, PublishedDaySpend } from './ports.ts';

const DAY_MS = 86_400_000;

export interface CallLimitDeps {
  rateLimiter: RateLimiter;
  spend: PublishedDaySpend;
  clock: Clock;
  prices: PriceBook;
}

/** The workspace as the server acts for it: runs and reads only, never a key's scopes. */
export function serverPrincipal(server: PublishedServer): Principal {
  return { workspaceId: server.workspaceId, keyId: server.id, scopes: [] };
}

/**
 * Refuses a call past the server's limits, before anything is written: its calls per minute, then its
 * credits per UTC day, where the run reserves the most it can cost (runCostCeiling over its frozen graph
 * and inputs) with one conditional write. Admitted calls together never reserve more than the day's
 * limit, however many arrive at once; each run's reservation becomes its actual charge when it ends
 * (releaseReservation). Answers the reservation made.
 */
export async function admitCall(
  server: PublishedServer,
  run: { execution: Execution; graph: FrozenGraph },
  deps: CallLimitDeps,
): Promise<DayReservation> {
  const now = deps.clock.now();
  const perMinute = await deps.rateLimiter.hit(
    { workspaceId: server.workspaceId, name: `published:${server.id}` },
    server.limits.callsPerMinute,
    60,
    now,
  );
  if (!perMinute.allowed)
    throw new RateLimitedError(
      `This server takes ${server.limits.callsPerMinute} calls a minute`,
      perMinute.retryAfterSeconds,
    );
  const limit = server.limits.creditsPerDay;
  const reservation: DayReservation = {
    workspaceId: server.workspaceId,
    serverId: server.id,
    executionId: run.execution.executionId,
    day: now.toISOString().slice(0, 10),
    credits: runCostCeiling(run.graph, run.execution.inputs, deps.prices),
  };
  if (await deps.spend.reserve(reservation, limit)) return reservation;
  const untilTomorrow = Math.max(1, Math.ceil((DAY_MS - (now.getTime() % DAY_MS)) / 1000));
  throw new RateLimitedError(
    reservation.credits > limit
      ? `A run of this tool may cost up to ${reservation.credits} credits, more than this server's ${limit} a day`
      : `This server spent its ${limit} credits for today (UTC), counting the most its runs in flight may cost`,
    untilTomorrow,
  );
}

/**
 * The run's reservation becomes what the run was charged (all of it back when nothing was): called when
 * a run of a published server has ended, by every path that ends one (RunDeps.runEnded). Best effort:
 * a reservation left in place keeps the day's limit stricter, never looser, and expires with its day.
 */
export async function releaseReservation(execution: Execution, deps: Pick<CallLimitDeps, 'spend'>): Promise<void> {
  if (execution.trigger.kind !== 'published' || !isTerminal(execution.status)) return;
  const reservation = await deps.spend.reservationOf(execution.workspaceId, execution.executionId);
  if (!reservation) return;
  const charged = await deps.spend.chargedBy(
    execution.workspaceId,
    execution.executionId,
    new Date(execution.createdAt),
  );
  await deps.spend.release(reservation, charged);
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
  let reservation: DayReservation | undefined;
  const accepted = await acceptRun(
    server,
    { canvasId: server.canvasId, triggerNodeId, inputs },
    { kind: 'published', serverId: server.id },
    runDepsFor(server, deps),
    // Every call is a run of its own: an agent asking the same thing twice means it.
    {
      deriveKey: false,
      beforeCreate: async (run) => {
        reservation = await admitCall(server, run, deps.limits);
      },
    },
  ).catch(async (error: unknown) => {
    // Admitted, then not recorded or not started (acceptRun removed it): the run will never charge.
    if (reservation)
      await deps.limits.spend.release(reservation, 0).catch((release: unknown) =>
        telemetry.warn('Could not release the reservation of a run that never started', {
          executionId: reservation?.executionId,
          error: String(release),
        }),
      );
    throw error;
  });
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
