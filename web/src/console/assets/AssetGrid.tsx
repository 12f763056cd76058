// The library as a grid of cards: a picture (thumbnail or first frame), the name, kind, size, folder
// and tags. A card is one button that opens the asset's details; the open one is marked pressed.
import type { JSX } from 'react';
import type { Asset } from './assets-api.ts';
import { AssetPreview } from './AssetPreview.tsx';
import { formatBytes } from './progress.ts';

export function AssetGrid(props: {
  assets: readonly Asset[];
  selectedId: string | undefined;
  onOpen: (asset: Asset) => void;
  busy: boolean;
}): JSX.Element {
  return (
    <ul className="asset-grid" aria-label="Assets" aria-busy={props.busy}>
      {props.assets.map((asset) => (
        <li key={asset.id} className="asset-card" data-asset-id={asset.id}>
          <button
            type="button"
            className="asset-open"
            aria-pressed={asset.id === props.selectedId}
            onClick={() => props.onOpen(asset)}
          >
            <AssetPreview asset={asset} />
            <span className="asset-name">{asset.name}</span>
            <span className="asset-meta">
              {asset.kind} · {formatBytes(asset.size)} · {asset.folder}
            </span>
            {asset.tags.length ? (
              <span className="asset-tags">{asset.tags.map((tag) => `#${tag}`).join(' ')}</span>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
