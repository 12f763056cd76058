// Place the asset on a canvas node: choose a canvas, then one of its source nodes of the asset's kind
// (an image goes on an image-asset node, which is what a run reads it from).
import { useEffect, useId, useState, type FormEvent, type JSX } from 'react';
import { listCanvases, type CanvasSummary } from '../../app/canvases.ts';
import { canvasNodes, placeAsset, type Asset, type CanvasNodeSummary } from './assets-api.ts';
import { SOURCE_NODE_TYPE } from './kinds.ts';
import { describeAssetError } from './asset-errors.ts';
import { useToolAction } from '../shared/use-tool-resource.ts';

type Loaded<T> = { state: 'loading' } | { state: 'error' } | { state: 'ready'; items: T[] };

export function PlaceForm(props: { asset: Asset; onPlaced: (message: string) => void }): JSX.Element {
  const { asset } = props;
  const nodeType = SOURCE_NODE_TYPE[asset.kind];
  const [canvases, setCanvases] = useState<Loaded<CanvasSummary>>({ state: 'loading' });
  const [canvasId, setCanvasId] = useState('');
  const [nodes, setNodes] = useState<Loaded<CanvasNodeSummary> | undefined>();
  const [nodeId, setNodeId] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const attempt = useToolAction(describeAssetError);
  const id = useId();

  useEffect(() => {
    void attempt(listCanvases).then((outcome) => {
      if (!outcome.ok) {
        setCanvases({ state: 'error' });
        return setProblem(outcome.message);
      }
      const items = outcome.value.items.filter((canvas) => !canvas.archived);
      setCanvases({ state: 'ready', items: items.sort((a, b) => a.name.localeCompare(b.name)) });
    });
  }, [attempt]);

  useEffect(() => {
    setNodeId('');
    if (!canvasId) return setNodes(undefined);
    let live = true;
    setNodes({ state: 'loading' });
    void attempt((tools) => canvasNodes(tools, canvasId)).then((outcome) => {
      if (!live) return;
      if (!outcome.ok) {
        setNodes({ state: 'error' });
        return setProblem(outcome.message);
      }
      const matching = outcome.value.filter((node) => node.type === nodeType);
      setNodes({ state: 'ready', items: matching });
      if (matching.length === 1) setNodeId(matching[0]!.id);
    });
    return () => {
      live = false;
    };
  }, [attempt, canvasId, nodeType]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!canvasId || !nodeId) return setProblem('Choose a canvas and a node first.');
    setProblem(undefined);
    setBusy(true);
    const placed = await attempt((tools) => placeAsset(tools, asset.id, canvasId, nodeId));
    setBusy(false);
    if (!placed.ok) return setProblem(placed.message);
    const canvas =
      canvases.state === 'ready' ? canvases.items.find((candidate) => candidate.id === canvasId) : undefined;
    props.onPlaced(`Placed “${asset.name}” on node ${nodeId} of “${canvas?.name ?? canvasId}”.`);
  };

  const canvasName =
    canvases.state === 'ready' ? canvases.items.find((canvas) => canvas.id === canvasId)?.name : undefined;
  if (asset.trashedAt) {
    return (
      <section className="place-form" aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>Place on a canvas</h3>
        <p className="muted">Restore it first: an asset in the trash cannot be placed.</p>
      </section>
    );
  }
  return (
    <form className="place-form" onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Place on a canvas</h3>
      <label htmlFor={`${id}-canvas`}>Canvas</label>
      <select
        id={`${id}-canvas`}
        value={canvasId}
        onChange={(event) => setCanvasId(event.target.value)}
        disabled={canvases.state !== 'ready'}
      >
        <option value="">{canvases.state === 'loading' ? 'Loading canvases…' : 'Choose a canvas'}</option>
        {canvases.state === 'ready'
          ? canvases.items.map((canvas) => (
              <option key={canvas.id} value={canvas.id}>
                {canvas.name}
              </option>
            ))
          : null}
      </select>
      {canvases.state === 'ready' && canvases.items.length === 0 ? (
        <p className="muted">The workspace has no canvas yet.</p>
      ) : null}
      <label htmlFor={`${id}-node`}>Node ({nodeType})</label>
      <select
        id={`${id}-node`}
        value={nodeId}
        onChange={(event) => setNodeId(event.target.value)}
        disabled={nodes?.state !== 'ready' || nodes.items.length === 0}
      >
        <option value="">{nodes?.state === 'loading' ? 'Loading nodes…' : 'Choose a node'}</option>
        {nodes?.state === 'ready'
          ? nodes.items.map((node) => (
              <option key={node.id} value={node.id}>
                {node.data.label ? `${node.data.label} (${node.id})` : node.id}
                {node.data.assetId ? ' — replaces its asset' : ''}
              </option>
            ))
          : null}
      </select>
      {nodes?.state === 'ready' && nodes.items.length === 0 ? (
        <p className="muted">
          “{canvasName}” has no {nodeType} node. Add one in the canvas editor, then place the asset on it.
        </p>
      ) : null}
      <button type="submit" className="primary" disabled={busy || !canvasId || !nodeId}>
        {busy ? 'Placing…' : 'Place'}
      </button>
      {problem ? (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}
