// One output value, rendered as what it is: text, JSON (pretty, collapsible), an image, an audio or
// video player, or a link to a large value stored aside.
import { useEffect, type JSX } from 'react';
import { outputKind } from './output-kind.ts';
import { useRun, useRunActions } from './run-context.ts';

export function OutputValue(props: { value: unknown; label: string }): JSX.Element {
  const shown = outputKind(props.value);
  switch (shown.kind) {
    case 'empty':
      return <p className="run-output-empty">(empty)</p>;
    case 'text':
      return <pre className="run-output-text">{shown.text}</pre>;
    case 'json':
      return (
        <details className="run-output-json" open>
          <summary>JSON</summary>
          <pre>{JSON.stringify(shown.value, null, 2)}</pre>
        </details>
      );
    case 'blob':
      return (
        <a href={shown.url} target="_blank" rel="noreferrer">
          Download the value{shown.bytes ? ` (${Math.round(shown.bytes / 1024)} KB)` : ''}
        </a>
      );
    case 'url':
      return <Media media={shown.media} url={shown.url} label={props.label} />;
    case 'asset':
      return <AssetMedia assetId={shown.assetId} media={shown.media} label={props.label} name={shown.name} />;
  }
}

function AssetMedia(props: {
  assetId: string;
  media: 'image' | 'audio' | 'video' | 'other';
  label: string;
  name?: string;
}): JSX.Element {
  const actions = useRunActions();
  const url = useRun((state) => state.media[props.assetId]);
  useEffect(() => void actions?.resolveMedia(props.assetId), [actions, props.assetId]);
  if (!url) return <p className="run-output-empty">Loading {props.media}…</p>;
  if (props.media === 'other') return <a href={url}>Download {props.name ?? props.assetId}</a>;
  return <Media media={props.media} url={url} label={props.label} />;
}

function Media(props: { media: 'image' | 'audio' | 'video'; url: string; label: string }): JSX.Element {
  if (props.media === 'image') return <img className="run-output-image" src={props.url} alt={props.label} />;
  // The providers return media files and nothing else: a generated clip has no caption track to point a <track> at.
  if (props.media === 'audio')
    // biome-ignore lint/a11y/useMediaCaption: generated audio comes without captions (see above).
    return <audio className="run-output-audio" controls preload="metadata" src={props.url} aria-label={props.label} />;
  // biome-ignore lint/a11y/useMediaCaption: a generated video comes without captions (see above).
  return <video className="run-output-video" controls preload="metadata" src={props.url} aria-label={props.label} />;
}
