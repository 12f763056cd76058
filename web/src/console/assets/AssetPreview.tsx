// An asset's picture: a thumbnail for an image, the first frame for a video (preload="metadata" loads
// only the header and that frame), a note for audio. `player` gives video and audio their controls.
import type { JSX } from 'react';
import { useStudio } from '../../app/session-context.ts';
import type { Asset } from './assets-api.ts';
import { useDownloadUrl } from './download-urls.ts';

export function AssetPreview(props: { asset: Asset; player?: boolean }): JSX.Element {
  const { tools } = useStudio();
  const { asset, player = false } = props;
  const source = useDownloadUrl(tools, asset);
  const className = player ? 'asset-preview large' : 'asset-preview';
  if (source.state !== 'ready') {
    return (
      <div className={`${className} placeholder`} data-kind={asset.kind}>
        <span>{source.state === 'error' ? 'No preview' : 'Loading…'}</span>
      </div>
    );
  }
  if (asset.kind === 'image') {
    // The name is next to the picture; a thumbnail adds nothing a screen reader needs twice.
    return (
      <img
        className={className}
        src={source.url}
        alt={player ? `Preview of ${asset.name}` : ''}
        loading="lazy"
        decoding="async"
        data-testid="thumbnail"
      />
    );
  }
  if (asset.kind === 'video') {
    return player ? (
      // A library asset is the workspace's uploaded or generated file; the service stores no caption track for it.
      // biome-ignore lint/a11y/useMediaCaption: there is no caption file to point a <track> at (see above).
      <video className={className} src={source.url} controls preload="metadata" aria-label={`Play ${asset.name}`} />
    ) : (
      <video
        className={className}
        src={`${source.url}#t=0.1`}
        preload="metadata"
        muted
        playsInline
        aria-hidden="true"
        tabIndex={-1}
        data-testid="poster"
      />
    );
  }
  return player ? (
    // biome-ignore lint/a11y/useMediaCaption: as for video, an uploaded or generated audio asset has no caption track.
    <audio className="asset-audio" src={source.url} controls preload="none" aria-label={`Play ${asset.name}`} />
  ) : (
    <div className={`${className} placeholder`} data-kind="audio">
      <span aria-hidden="true">♪</span>
    </div>
  );
}
