import { useEffect, useState, type JSX } from 'react';
import { ReactFlow, Background, Controls, type Node, type Edge } from '@xyflow/react';
import type { ToolClient } from '../mcp/tools.ts';

interface CanvasDoc {
  version: number;
  nodes: { id: string; type: string; position: { x: number; y: number }; data: Record<string, unknown> }[];
  edges: { id: string; source: string; sourceHandle: string; target: string; targetHandle: string }[];
}

export function CanvasEditor(props: { canvasId: string; tools: ToolClient }): JSX.Element {
  const [canvas, setCanvas] = useState<CanvasDoc | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    props.tools
      .call<CanvasDoc>('get_canvas', { canvasId: props.canvasId })
      .then((doc) => live && setCanvas(doc))
      .catch((err: unknown) => live && setError(err instanceof Error ? err.message : String(err)));
    return () => {
      live = false;
    };
  }, [props.canvasId, props.tools]);
  if (error) return <div role="alert">Could not open the canvas: {error}</div>;
  if (!canvas) return <div data-state="loading">Loading canvas…</div>;
  const nodes: Node[] = canvas.nodes.map((node) => ({ id: node.id, position: node.position, data: { label: `${node.type}: ${String(node.data.label ?? node.id)}` } }));
  const edges: Edge[] = canvas.edges.map((edge) => ({ ...edge }));
  return (
    <div data-state="ready" style={{ width: '100%', height: '100%' }}>
      <ReactFlow nodes={nodes} edges={edges} fitView>
        <Background />
        <Controls />
      </ReactFlow>
    </div>
  );
}
