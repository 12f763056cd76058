// adapter: how an execution is laid out in its item (issue 26: a run near the cost floor).
//
// DynamoDB bills a write by the item's size in 1 KB units, and GSI1 (runs of a canvas) projects ALL
// attributes, so an execution item is paid twice on every write. A finished 3-node run is ~1.6 KB of
// JSON and its frozen graph ~0.4 KB: 3 KB units, 6 with the index. Deflated, both fit in one unit, so
// the item is kept compact:
//
//   PK, SK, GSI1PK, GSI1SK, [GSI2PK, GSI2SK]   keys (GSI2 only while the run is in the outbox)
//   entity, executionId, status, version         plain: what conditions, projections and people read
//   details                                       deflated JSON of every other Execution field
//   graph                                         deflated JSON of the frozen graph, written once at create
//                                                 (absent when large: then the EXEC#<id>#GRAPH item)
//
// Saves are UpdateItems that set the plain fields and `details` and leave `graph` alone. Items written
// in the previous layout (every field plain, the graph always in its own item) are still read as they
// are, and their first save rewrites them in this layout (the plain fields are removed).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Execution, FrozenGraph } from '#core/runs/model';

/** Execution fields kept as plain attributes; everything else goes into `details`. */
const PLAIN_FIELDS = ['executionId', 'status', 'version'] as const;

/** The fields an item of the previous layout kept as plain attributes (removed by the first save). */
export const LEGACY_PLAIN_FIELDS = [
  'workspaceId',
  'canvasId',
  'triggerNodeId',
  'trigger',
  'inputs',
  'createdAt',
  'startedAt',
  'finishedAt',
  'updatedAt',
  'attempt',
  'nodes',
  'outputs',
  'result',
  'error',
  'callback',
  'timeline',
  'startDeferredAt',
] as const;

/** A deflated graph larger than this is written to its own item instead (an item holds at most 400 KB). */
export const EMBEDDED_GRAPH_MAX_BYTES = 64 * 1024;

const pack = (value: unknown): Uint8Array => deflateRawSync(Buffer.from(JSON.stringify(value), 'utf8'));
const unpack = <T>(bytes: Uint8Array): T => JSON.parse(inflateRawSync(bytes).toString('utf8')) as T;

/** The attributes an execution is stored as (without keys). */
export function executionAttributes(execution: Execution): {
  executionId: string;
  status: Execution['status'];
  version: number;
  details: Uint8Array;
} {
  const { executionId, status, version, ...details } = execution;
  return { executionId, status, version, details: pack(details) };
}

/** The frozen graph as stored inside the execution item, or undefined when it is too large for it. */
export function embeddedGraph(graph: FrozenGraph): Uint8Array | undefined {
  const packed = pack(graph);
  return packed.byteLength <= EMBEDDED_GRAPH_MAX_BYTES ? packed : undefined;
}

/** An execution from its item, in either layout. */
export function executionOf(item: Record<string, unknown>): Execution {
  if (!(item.details instanceof Uint8Array)) {
    // The previous layout: every field plain.
    const execution: Record<string, unknown> = {};
    for (const field of [...PLAIN_FIELDS, ...LEGACY_PLAIN_FIELDS])
      if (item[field] !== undefined) execution[field] = item[field];
    return execution as unknown as Execution;
  }
  const details = unpack<Omit<Execution, (typeof PLAIN_FIELDS)[number]>>(item.details);
  return {
    ...details,
    executionId: item.executionId as string,
    status: item.status as Execution['status'],
    version: item.version as number,
  };
}

/** The graph embedded in an execution item, if it has one. */
export function graphOf(item: Record<string, unknown>): FrozenGraph | undefined {
  return item.graph instanceof Uint8Array ? unpack<FrozenGraph>(item.graph) : undefined;
}
