// operation helper: a single-operation canvas edit. Input = `{ canvasId, expectedVersion?, ...operation }`;
// the operation itself is defined (and validated) once in functions/core/canvas/edits.ts.
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { CanvasId, summarize, type Canvas } from '#core/canvas/model';
import { EDIT_FIELDS, type CanvasEdit, type CanvasEditName, type CanvasEditResult } from '#core/canvas/edits';
import { applyOperations } from '#core/canvas/use-cases';
import { canvases } from '#adapters/composition/stores';
import { created } from '#operations/outcome';
import { defineOperation, namingOf, type OperationAnnotations, type OperationExample } from '#operations/operation';
import type { OperationRouteFacts } from '#operations/route-facts';
import { cleanUpRemovedTriggers } from './trigger-cleanup.ts';

export const CanvasIdField = CanvasId.check(z.describe('Canvas id; list_canvases shows them'));

export const CanvasTarget = z.object({
  canvasId: CanvasIdField,
  /** Optional optimistic-concurrency guard: the write is refused with 409 unless the canvas is at this version. */
  expectedVersion: z.optional(
    z
      .int()
      .check(z.positive(), z.describe('Refuse (conflict) unless the canvas is at this version; omit for the latest')),
  ),
});

const deps = { canvases, clock: systemClock };
/** Operations that can remove a webhook-trigger node (delete it, or change its type). */
const REMOVES_NODES: readonly CanvasEditName[] = ['node/delete', 'node/update'];

/** The response of an edit: what changed, plus the canvas version the client should hold next. */
export function editView(canvas: Canvas, result: CanvasEditResult) {
  const base = { canvasId: canvas.id, canvasVersion: canvas.version };
  switch (result.kind) {
    case 'node':
      return { ...result.node, ...base };
    case 'edge':
      return { ...result.edge, ...base };
    case 'deleted':
      return { deleted: true, id: result.id, removedEdgeIds: result.removedEdgeIds, ...base };
    case 'viewport':
      return { viewport: result.viewport, ...base };
    case 'canvas':
      return summarize(canvas);
  }
}

export interface CanvasEditOperationSpec {
  readonly route: string;
  readonly http: OperationRouteFacts;
  readonly example: OperationExample;
  readonly op: CanvasEditName;
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly output: z.ZodMiniType;
  readonly annotations: OperationAnnotations;
  /** The edit adds something new (a node, an edge): answered as created. */
  readonly creates?: boolean;
}

/** The operation of a single-edit route (node/add, edge/delete, rename, …). */
export function canvasEditOperation(spec: CanvasEditOperationSpec) {
  // Widened on purpose: zod validates the exact fields at run time, the union type is restored below.
  const fields: z.ZodMiniObject = EDIT_FIELDS[spec.op];
  const input = z.extend(fields, CanvasTarget.shape) as unknown as z.ZodMiniType<
    z.infer<typeof CanvasTarget> & Record<string, unknown>
  >;
  return defineOperation({
    ...namingOf(spec),
    input,
    output: spec.output,
    annotations: spec.annotations,
    audit: 'canvas.update',
    async run({ canvasId, expectedVersion, ...fields }, { principal }) {
      const parsedOp = { ...fields, op: spec.op } as CanvasEdit;
      const editDeps = REMOVES_NODES.includes(spec.op)
        ? { ...deps, onTriggerNodesRemoved: cleanUpRemovedTriggers }
        : deps;
      const { canvas, result } = await applyOperations(principal, { canvasId, expectedVersion }, [parsedOp], editDeps);
      const view = editView(canvas, result[0]!);
      return spec.creates ? created(view) : view;
    },
  });
}
