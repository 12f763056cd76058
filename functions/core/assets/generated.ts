// use case: the one door through which a run's generated media (video, speech) becomes an asset. The
// bytes stream straight to their durable key (never buffered whole), the record follows; the asset is
// attached to the canvas it was generated for (a usage while that canvas exists) and stays out of the
// library until promoted. It does not edit the canvas: a run never changes the graph it runs.
import { NotFoundError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import type { CanvasRepository } from '../ports.ts';
import { assertAcceptable, ASSET_KINDS, kindOf } from './kinds.ts';
import { ASSET_ID_PREFIX, durableKeyOf, type Asset } from './model.ts';
import type { AssetRepository, GeneratedAssetStorage } from './ports.ts';

export interface GeneratedAssetInput {
  workspaceId: string;
  canvasId: string;
  /** The node that produced it (kept in source, for the record). */
  nodeId: string;
  contentType: string;
  body: Uint8Array | AsyncIterable<Uint8Array> | NodeJS.ReadableStream;
  /** What produced it: the execution and provider, and any short details worth keeping. */
  source: { executionId?: string; provider?: string; detail?: Record<string, string> };
  /** Display name; default `<nodeId>.<extension of the type>`. */
  name?: string;
  /**
   * The asset's id, when the caller fixed it beforehand so that a repeated store (a retried copy) writes
   * the same key and finds the record there (ConflictError) instead of making a second asset.
   */
  assetId?: string;
  /**
   * Runs once the bytes are stored and accepted, before the record makes them an asset: the charge of a
   * metered generation, so nothing becomes visible unpaid. When it throws, no record is written and the
   * version this call stored is removed (an unversioned object stays: a concurrent copy of the same id may
   * own it, and without a record nothing serves it).
   */
  beforeRecord?: () => Promise<void>;
}

export interface GeneratedAssetDeps {
  assets: AssetRepository;
  storage: GeneratedAssetStorage;
  canvases: Pick<CanvasRepository, 'get'>;
  clock: Clock;
}

export async function storeGeneratedAsset(input: GeneratedAssetInput, deps: GeneratedAssetDeps): Promise<Asset> {
  const kind = kindOf(input.contentType);
  assertAcceptable(input.contentType, 1);
  const canvas = await deps.canvases.get(input.workspaceId, input.canvasId);
  if (!canvas) throw new NotFoundError(`Canvas ${input.canvasId} not found`);
  const now = deps.clock.now();
  const id = input.assetId ?? newId(ASSET_ID_PREFIX, now.getTime());
  const storageKey = durableKeyOf(input.workspaceId, id);
  const stored = await deps.storage.put(storageKey, input.body, input.contentType);
  if (stored.size > ASSET_KINDS[kind!].maxBytes || stored.size === 0) {
    await deps.storage.delete(storageKey, stored.versionId);
    assertAcceptable(input.contentType, stored.size);
  }
  if (input.beforeRecord) {
    try {
      await input.beforeRecord();
    } catch (error) {
      if (stored.versionId) await deps.storage.delete(storageKey, stored.versionId).catch(() => undefined);
      throw error;
    }
  }
  const at = now.toISOString();
  const asset: Asset = {
    id,
    workspaceId: input.workspaceId,
    kind: kind!,
    name: input.name ?? `${input.nodeId}.${input.contentType.split('/')[1]!.split(/[;+]/)[0]}`,
    contentType: input.contentType.toLowerCase(),
    size: stored.size,
    sha256: stored.sha256,
    storageKey,
    storageVersionId: stored.versionId,
    canvasId: input.canvasId,
    library: false,
    folder: '/',
    tags: [],
    trashedAt: null,
    source: { type: 'generated', ...input.source, detail: { ...input.source.detail, nodeId: input.nodeId } },
    version: 1,
    createdAt: at,
    updatedAt: at,
  };
  await deps.assets.create(asset);
  return asset;
}
