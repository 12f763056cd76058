// Where the browser fetches an asset's bytes for a thumbnail, poster or player: get_asset's presigned
// GET, good for 5 minutes. Shared by every view of the same asset version and fetched again when
// it is about to expire, so a grid of N assets costs N calls once, not once per render.
import { useEffect, useState } from 'react';
import type { ToolClient } from '../../mcp/tools.ts';
import { getAsset, type Asset } from './assets-api.ts';

/** Renewed this long before the URL stops working, so a player opened late still loads. */
const MARGIN_MS = 60_000;

const cache = new Map<string, Promise<{ url: string; expiresAt: number }>>();

function downloadUrl(
  tools: ToolClient,
  asset: Pick<Asset, 'id' | 'version'>,
  now: number,
): Promise<{ url: string; expiresAt: number }> {
  const key = `${asset.id}@${asset.version}`;
  const cached = cache.get(key);
  if (cached) {
    const usable = cached.then((entry) => (entry.expiresAt - MARGIN_MS > now ? entry : undefined));
    return usable.then((entry) => entry ?? fetchInto(tools, asset, key));
  }
  return fetchInto(tools, asset, key);
}

function fetchInto(tools: ToolClient, asset: Pick<Asset, 'id'>, key: string) {
  const pending = getAsset(tools, asset.id).then((detail) => ({
    url: detail.downloadUrl,
    expiresAt: Date.parse(detail.downloadUrlExpiresAt),
  }));
  cache.set(key, pending);
  pending.catch(() => cache.delete(key));
  return pending;
}

export type DownloadUrl = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'error' };

export function useDownloadUrl(tools: ToolClient, asset: Pick<Asset, 'id' | 'version'>): DownloadUrl {
  const [result, setResult] = useState<DownloadUrl>({ state: 'loading' });
  const { id, version } = asset;
  useEffect(() => {
    let live = true;
    setResult({ state: 'loading' });
    downloadUrl(tools, { id, version }, Date.now()).then(
      (entry) => live && setResult({ state: 'ready', url: entry.url }),
      () => live && setResult({ state: 'error' }),
    );
    return () => {
      live = false;
    };
  }, [tools, id, version]);
  return result;
}
