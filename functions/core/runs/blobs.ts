// core: large run values live outside the execution item. A DynamoDB item holds at most 400 KB, while
// a webhook body alone may be 512 KB and a run may have many outputs; so any value over a few KB is
// stored in the blob store (S3) and the execution keeps a reference in its place:
//
//   { "$blob": { "key": "runs/<ws>/<exec>/outputs/<node>/<port>.json", "bytes": 102400 } }
//
// The engine works on values (internalize before a step, externalize after); clients and callbacks
// get the reference as a short-lived download URL (present), never megabytes inline.
import type { Execution } from './model.ts';

/** Values larger than this (serialised) are stored as blobs. */
export const INLINE_LIMIT_BYTES = 4 * 1024;
/** If the item would still be larger than this, smaller values go out too. */
const ITEM_BUDGET_BYTES = 300 * 1024;
const SMALL_INLINE_LIMIT_BYTES = 256;

export interface BlobRef {
  $blob: { key: string; bytes: number };
}

export interface BlobStore {
  put(key: string, json: string): Promise<void>;
  get(key: string): Promise<string>;
  /** A time-limited download URL. */
  url(key: string): Promise<string>;
}

export function isBlobRef(value: unknown): value is BlobRef {
  return (
    typeof value === 'object' && value !== null && '$blob' in value && typeof (value as BlobRef).$blob?.key === 'string'
  );
}

type Owner = Pick<Execution, 'workspaceId' | 'executionId'>;

/** Where an execution's blobs live. Only references under it are ever resolved. */
export const blobPrefix = (owner: Owner) => `runs/${owner.workspaceId}/${owner.executionId}/`;

/**
 * A reference this execution wrote. Run inputs are user data and may contain anything, including
 * objects shaped like references: those name no blob of this run and are left as they are, so no
 * input can make the service read another run's (or another workspace's) objects.
 */
function isOwnRef(value: unknown, owner: Owner): value is BlobRef {
  return isBlobRef(value) && value.$blob.key.startsWith(blobPrefix(owner)) && !value.$blob.key.includes('..');
}

/** Every place a run value lives: [container, field, blob path]. */
function slots(execution: Execution): Array<[Record<string, unknown>, string, string]> {
  const found: Array<[Record<string, unknown>, string, string]> = [];
  found.push([execution as unknown as Record<string, unknown>, 'inputs', 'inputs']);
  if (execution.trigger.kind === 'webhook') {
    const request = execution.trigger.request as unknown as Record<string, unknown>;
    for (const port of Object.keys(request)) found.push([request, port, `trigger/${port}`]);
  }
  for (const [nodeId, ports] of Object.entries(execution.outputs)) {
    for (const port of Object.keys(ports)) found.push([ports, port, `outputs/${nodeId}/${port}`]);
  }
  for (const nodeId of Object.keys(execution.result)) found.push([execution.result, nodeId, `result/${nodeId}`]);
  return found;
}

const blobKey = (execution: Execution, path: string) => `${blobPrefix(execution)}${path}.json`;

/** Replaces references with their values, in place. Returns what was loaded, by key, to skip re-uploads. */
export async function internalize(execution: Execution, store: BlobStore): Promise<Map<string, string>> {
  const loaded = new Map<string, string>();
  await Promise.all(
    slots(execution).map(async ([container, field]) => {
      const value = container[field];
      if (!isOwnRef(value, execution)) return;
      const json = await store.get(value.$blob.key);
      loaded.set(value.$blob.key, json);
      container[field] = JSON.parse(json);
    }),
  );
  return loaded;
}

/** Moves large values to the blob store, in place, so the execution item stays small. */
export async function externalize(
  execution: Execution,
  store: BlobStore,
  alreadyStored: ReadonlyMap<string, string> = new Map(),
): Promise<void> {
  const pending: Array<Promise<void>> = [];
  const moveAbove = (limit: number) => {
    for (const [container, field, path] of slots(execution)) {
      const value = container[field];
      if (value === undefined || isOwnRef(value, execution)) continue;
      const json = JSON.stringify(value);
      const bytes = Buffer.byteLength(json, 'utf8');
      if (bytes <= limit) continue;
      const key = blobKey(execution, path);
      if (alreadyStored.get(key) !== json) pending.push(store.put(key, json));
      container[field] = { $blob: { key, bytes } } satisfies BlobRef;
    }
  };
  moveAbove(INLINE_LIMIT_BYTES);
  if (Buffer.byteLength(JSON.stringify(execution), 'utf8') > ITEM_BUDGET_BYTES) moveAbove(SMALL_INLINE_LIMIT_BYTES);
  await Promise.all(pending);
}

/** Values up to this size are shown inline in API responses; larger ones as download URLs. */
export const API_INLINE_BYTES = 64 * 1024;
/** Callbacks stay thin: values above this travel as download URLs. */
export const CALLBACK_INLINE_BYTES = 8 * 1024;

/**
 * A copy of `value` (part of `owner`'s execution) for clients: each of the run's own references of at
 * most `inlineUpTo` bytes is replaced by its value, each larger one by `{ blob: { url, bytes } }` (a
 * download URL valid for an hour). Anything else is returned as it is.
 */
export async function present<T>(
  value: T,
  store: BlobStore,
  owner: Owner,
  inlineUpTo: number = API_INLINE_BYTES,
): Promise<T> {
  if (isOwnRef(value, owner)) {
    if (value.$blob.bytes <= inlineUpTo) return JSON.parse(await store.get(value.$blob.key)) as T;
    return { blob: { url: await store.url(value.$blob.key), bytes: value.$blob.bytes } } as T;
  }
  if (Array.isArray(value))
    return (await Promise.all(value.map((entry) => present(entry, store, owner, inlineUpTo)))) as T;
  if (value && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, entry]) => [key, await present(entry, store, owner, inlineUpTo)] as const),
    );
    return Object.fromEntries(entries) as T;
  }
  return value;
}
