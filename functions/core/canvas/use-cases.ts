// use cases: canvas lifecycle and edits with optimistic concurrency.
import { ConflictError, NotFoundError, VersionConflictError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page, PageQuery } from '../pagination.ts';
import type { CanvasRepository } from '../ports.ts';
import { assertEdgeFits, type EdgeEnds } from './graph.ts';
import { summarize, type Canvas, type CanvasSummary } from './model.ts';
import { applyEdit, assertCanvasFits, type CanvasEdit, type CanvasEditResult } from './edits.ts';
import { canvasWarningsWithCalls, type CanvasWarning } from './warnings.ts';
import { codeWarnings } from '../code/code-warnings.ts';
import type { CodeSandbox } from '../code/sandbox.ts';

export interface CanvasDeps {
  canvases: CanvasRepository;
  clock: Clock;
  /**
   * Called after a write that removed webhook-trigger nodes (deleted, or changed type) so their
   * triggers stop working; routes that can remove nodes pass it.
   */
  onTriggerNodesRemoved?: (workspaceId: string, canvasId: string, remaining: Canvas | undefined) => Promise<void>;
}

/**
 * Webhook-trigger nodes by identity: id and creation time, so a node deleted and re-added under the same id is a new
 * node.
 */
const hookNodeIds = (canvas: Pick<Canvas, 'nodes'>) =>
  canvas.nodes.filter((node) => node.type === 'webhook-trigger').map((node) => `${node.id}@${node.createdAt}`);

/** How often an edit without `expectedVersion` is re-applied on a fresh read after losing a race. */
const MAX_ATTEMPTS = 5;

export async function createCanvas(
  principal: Principal,
  input: { name: string; id?: string },
  deps: CanvasDeps,
): Promise<Canvas> {
  const now = deps.clock.now().toISOString();
  const canvas: Canvas = {
    id: input.id ?? newId(ID_PREFIX.canvas),
    workspaceId: principal.workspaceId,
    name: input.name,
    archived: false,
    archivedAt: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
    viewport: { x: 0, y: 0, zoom: 1 },
    nodes: [],
    edges: [],
  };
  await deps.canvases.create(canvas);
  return canvas;
}

/** Reads a canvas of the principal's workspace; another workspace's canvas is simply not found. */
export async function getCanvas(
  principal: Principal,
  canvasId: string,
  deps: Pick<CanvasDeps, 'canvases'>,
): Promise<Canvas> {
  const canvas = await deps.canvases.get(principal.workspaceId, canvasId);
  if (!canvas) throw new NotFoundError(`Canvas ${canvasId} not found`);
  return canvas;
}

export function listCanvases(
  principal: Principal,
  query: PageQuery & { includeArchived: boolean },
  deps: Pick<CanvasDeps, 'canvases'>,
): Promise<Page<CanvasSummary>> {
  return deps.canvases.list(principal.workspaceId, query);
}

/**
 * Read → change a copy → write conditioned on the version read.
 *
 *   expectedVersion given ── stored version differs ──▶ 409 (the client edited a stale view)
 *   no expectedVersion ───── lost the race ───────────▶ re-read and re-apply (nothing is lost), ≤ 5 times
 *
 * The edit runs on a copy, so a failure halfway through a patch leaves the stored canvas untouched.
 */
export async function editCanvas<T>(
  principal: Principal,
  target: { canvasId: string; expectedVersion?: number; allowArchived?: boolean },
  edit: (draft: Canvas, now: string) => T,
  deps: CanvasDeps,
): Promise<{ canvas: Canvas; result: T }> {
  for (let attempt = 1; ; attempt++) {
    const stored = await getCanvas(principal, target.canvasId, deps);
    if (target.expectedVersion !== undefined && stored.version !== target.expectedVersion) {
      throw new VersionConflictError(
        `Canvas is at version ${stored.version}, not the expected ${target.expectedVersion}; reload and retry`,
      );
    }
    if (stored.archived && !target.allowArchived) {
      throw new ConflictError(`Canvas ${stored.id} is archived; restore it before editing`);
    }
    const now = deps.clock.now().toISOString();
    const draft = structuredClone(stored);
    const result = edit(draft, now);
    draft.version = stored.version + 1;
    draft.updatedAt = now;
    assertCanvasFits(draft);
    try {
      await deps.canvases.replace(draft, stored.version);
    } catch (error) {
      const retry = error instanceof ConflictError && target.expectedVersion === undefined && attempt < MAX_ATTEMPTS;
      if (!retry) throw error;
      continue;
    }
    // Outside the retry: the edit is stored; nothing after this point may apply it again.
    const remainingHooks = hookNodeIds(draft);
    if (deps.onTriggerNodesRemoved && hookNodeIds(stored).some((id) => !remainingHooks.includes(id))) {
      await deps.onTriggerNodesRemoved(principal.workspaceId, draft.id, draft);
    }
    return { canvas: draft, result };
  }
}

export function applyEdits(
  principal: Principal,
  target: { canvasId: string; expectedVersion?: number },
  edits: readonly CanvasEdit[],
  deps: CanvasDeps,
): Promise<{ canvas: Canvas; result: CanvasEditResult[] }> {
  return editCanvas(principal, target, (draft, now) => edits.map((edit) => applyEdit(draft, edit, now)), deps);
}

/** @deprecated The old name of applyEdits, kept while its callers move; goes once none is left. */
export const applyOperations = applyEdits;

export async function setArchived(
  principal: Principal,
  target: { canvasId: string; expectedVersion?: number },
  archived: boolean,
  deps: CanvasDeps,
): Promise<CanvasSummary> {
  const { canvas } = await editCanvas(
    principal,
    { ...target, allowArchived: true },
    (draft, now) => {
      // Archiving twice keeps the original archivedAt.
      draft.archivedAt = archived ? (draft.archived ? draft.archivedAt : now) : null;
      draft.archived = archived;
    },
    deps,
  );
  return summarize(canvas);
}

export async function deleteCanvas(
  principal: Principal,
  canvasId: string,
  deps: Pick<CanvasDeps, 'canvases' | 'onTriggerNodesRemoved'>,
): Promise<void> {
  const deleted = await deps.canvases.delete(principal.workspaceId, canvasId);
  if (!deleted) throw new NotFoundError(`Canvas ${canvasId} not found`);
  await deps.onTriggerNodesRemoved?.(principal.workspaceId, canvasId, undefined);
}

/**
 * Checks an edge against the canvas without changing it (ports/validate). With `codeSandbox`, code nodes
 * whose source does not compile are warned about too (code/code-warnings.ts).
 */
export async function validateEdge(
  principal: Principal,
  canvasId: string,
  edge: EdgeEnds,
  deps: Pick<CanvasDeps, 'canvases'> & { codeSandbox?: Pick<CodeSandbox, 'syntaxError'> },
): Promise<{ valid: true; warnings: CanvasWarning[] }> {
  const canvas = await getCanvas(principal, canvasId, deps);
  assertEdgeFits(canvas, edge);
  const code = deps.codeSandbox ? await codeWarnings(canvas, deps.codeSandbox) : [];
  const withCalls = await canvasWarningsWithCalls(canvas, (id) => deps.canvases.get(principal.workspaceId, id));
  return { valid: true, warnings: [...withCalls, ...code] };
}
