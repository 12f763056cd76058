// The canvas editor: palette, React Flow canvas, inspector and toolbar over one editor store. Every
// change is a canvas operation saved with the canvas version (session.ts); the root carries
// data-state="loading" | "ready" | "error" for tests and screen readers.
import '@xyflow/react/dist/style.css';
import './canvas.css';
import '../runs/runs.css';
import { useCallback, useContext, useEffect, useMemo, useRef, useState, type JSX, type RefObject } from 'react';
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  ReactFlowProvider,
  useNodesInitialized,
  getViewportForBounds,
  useReactFlow,
  type Connection,
  type Viewport,
  type FinalConnectionState,
  type OnDelete,
} from '@xyflow/react';
import type { ToolClient } from '../mcp/tools.ts';
import { nodeTypes } from './CanvasNodeView.tsx';
import { edgeTypes } from './BranchEdge.tsx';
import { EditorContext, useEditor, useEditorActions } from './editor-context.ts';
import type { FlowNode } from './flow-mapping.ts';
import { FALLBACK_SIZE } from './layout.ts';
import type { EditorState } from './store.ts';
import { Inspector } from './Inspector.tsx';
import { Notices } from './Notices.tsx';
import { Palette } from './Palette.tsx';
import { createEditor } from './store.ts';
import { Toolbar } from './Toolbar.tsx';
import { RunContext, type RunContextValue } from '../runs/run-context.ts';
import { RunPanel } from '../runs/RunPanel.tsx';
import { createRunStore } from '../runs/run-store.ts';
import { saveEditorNow } from './save-now.ts';

export function CanvasEditor(props: { canvasId: string; tools: ToolClient }): JSX.Element {
  const editor = useMemo(() => createEditor(props.canvasId, props.tools), [props.canvasId, props.tools]);
  const run = useMemo((): RunContextValue => {
    const runs = createRunStore(props.canvasId, props.tools);
    return { ...runs, canvasId: props.canvasId, tools: props.tools, saveNow: () => saveEditorNow(editor) };
  }, [editor, props.canvasId, props.tools]);
  useEffect(() => () => run.actions.dispose(), [run]);
  useEffect(() => {
    void editor.actions.load();
    // Sends what is unsaved before the page goes, and asks the browser to warn while a save is pending.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!editor.actions.hasUnsavedEdits()) return;
      void editor.actions.flush();
      event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      editor.actions.dispose();
    };
  }, [editor]);
  return (
    <EditorContext.Provider value={editor}>
      <RunContext.Provider value={run}>
        <ReactFlowProvider>
          <EditorLayout />
        </ReactFlowProvider>
      </RunContext.Provider>
    </EditorContext.Provider>
  );
}

function EditorLayout(): JSX.Element {
  const actions = useEditorActions();
  const phase = useEditor((state) => state.phase);
  const loadError = useEditor((state) => state.loadError);
  const status = useEditor((state) => state.status);
  const docNodes = useEditor((state) => state.session.doc.nodes);
  const readOnly = useEditor((state) => state.session.readOnly);
  const saveNow = useContext(RunContext)!.saveNow;
  const index = useEditor((state) => state.index);
  const typeLabels = useMemo(
    () => new Map([...(index?.types ?? new Map())].map(([type, info]) => [type, info.label as string])),
    [index],
  );
  const flow = useReactFlow();
  const pane = useRef<HTMLDivElement>(null);
  const added = useRef(0);

  const addNode = useCallback(
    (type: string) => {
      const box = pane.current?.getBoundingClientRect();
      const centre = box
        ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
        : { x: 0, y: 0 };
      // Successive additions step down and right so they do not hide each other.
      const step = (added.current++ % 8) * 24;
      const id = actions.addNode(type, { x: centre.x - 120 + step, y: centre.y - 60 + step });
      if (id) actions.select(id);
    },
    [actions, flow],
  );

  // On the window: after a click on the canvas the focus is often on <body>, outside the editor's tree.
  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      // Text boxes keep their own undo.
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) actions.undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') actions.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [actions]);

  if (phase === 'error') {
    return (
      <div className="canvas-editor" data-state="error" role="alert">
        <p>Could not open this canvas: {loadError}</p>
        <button type="button" onClick={() => void actions.load()}>
          Try again
        </button>
      </div>
    );
  }
  return (
    <div className="canvas-editor" data-state={phase} aria-busy={phase === 'loading'}>
      <Toolbar />
      <Notices />
      <p className="canvas-status" role="status" aria-live="polite">
        {status}
      </p>
      <div className="canvas-body">
        <Palette onAdd={addNode} />
        <div className="canvas-pane" ref={pane}>
          {phase === 'ready' ? <Flow pane={pane} /> : <p className="canvas-loading">Loading canvas…</p>}
        </div>
        <Inspector />
      </div>
      {phase === 'ready' ? (
        <RunPanel nodes={docNodes} typeLabels={typeLabels} disabled={readOnly} beforeRun={saveNow} />
      ) : null}
    </div>
  );
}

/** Never zoom in past 100 %: a canvas of two nodes should not open at giant size. */
const FIT_VIEW = { maxZoom: 1, padding: 0.1 };

/**
 * Where fit view will land, estimated before any node is measured (unsized nodes as the layout's
 * default size): React Flow renders first at this viewport and fits once every node is measured, so a
 * large canvas is first drawn already zoomed out (light nodes, CanvasNodeView.tsx) rather than at 100 %
 * and then again zoomed out.
 */
function initialViewport(nodes: EditorState['nodes'], pane: HTMLElement | null): Viewport | undefined {
  const box = pane?.getBoundingClientRect();
  if (!box || box.width === 0 || box.height === 0 || nodes.length === 0) return undefined;
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const node of nodes) {
    minX = Math.min(minX, node.position.x);
    minY = Math.min(minY, node.position.y);
    maxX = Math.max(maxX, node.position.x + (node.width ?? FALLBACK_SIZE.width));
    maxY = Math.max(maxY, node.position.y + (node.height ?? FALLBACK_SIZE.height));
  }
  return getViewportForBounds(
    { x: minX, y: minY, width: maxX - minX, height: maxY - minY },
    box.width,
    box.height,
    MIN_ZOOM,
    FIT_VIEW.maxZoom,
    FIT_VIEW.padding,
  );
}

const MIN_ZOOM = 0.05;

/** React Flow itself: the only component that reads the whole node list. */
function Flow(props: { pane: RefObject<HTMLDivElement | null> }): JSX.Element {
  const actions = useEditorActions();
  const nodes = useEditor((state) => state.nodes);
  // Read once, on mount: React Flow takes defaultViewport only then.
  const [defaultViewport] = useState(() => initialViewport(nodes, props.pane.current));
  const edges = useEditor((state) => state.edges);
  const readOnly = useEditor((state) => state.session.readOnly);
  const initialized = useNodesInitialized();
  useEffect(() => {
    if (initialized) performance.mark('canvas:ready');
  }, [initialized]);
  useEffect(() => {
    performance.mark('canvas:data');
  }, []);

  const onDelete: OnDelete<FlowNode> = useCallback(
    ({ nodes: gone, edges: goneEdges }) =>
      actions.deleteElements(
        gone.map((node) => node.id),
        goneEdges.map((edge) => edge.id),
      ),
    [actions],
  );
  const onConnect = useCallback((connection: Connection) => void actions.connect(connection), [actions]);
  const onConnectEnd = useCallback(
    (_event: MouseEvent | TouchEvent, state: FinalConnectionState) => {
      if (state.isValid !== false || !state.fromHandle || !state.toHandle) return;
      const [from, to] =
        state.fromHandle.type === 'source' ? [state.fromHandle, state.toHandle] : [state.toHandle, state.fromHandle];
      actions.refused({
        source: from.nodeId,
        sourceHandle: from.id ?? null,
        target: to.nodeId,
        targetHandle: to.id ?? null,
      });
    },
    [actions],
  );

  return (
    <ReactFlow<FlowNode>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      edgeTypes={edgeTypes}
      onNodesChange={actions.onNodesChange}
      onEdgesChange={actions.onEdgesChange}
      onConnect={onConnect}
      onConnectEnd={onConnectEnd}
      isValidConnection={actions.isValidConnection}
      onDelete={onDelete}
      deleteKeyCode={readOnly ? null : ['Backspace', 'Delete']}
      nodesDraggable={!readOnly}
      nodesConnectable={!readOnly}
      fitView
      fitViewOptions={FIT_VIEW}
      {...(defaultViewport ? { defaultViewport } : {})}
      minZoom={MIN_ZOOM}
      // Zoomed in on a large canvas, only the nodes in view are mounted, so panning moves a handful of
      // elements rather than every node (scripts/bench/studio.ts measures it).
      onlyRenderVisibleElements
      aria-label="Canvas"
    >
      <Background />
      <Controls aria-label="Zoom controls" />
      <MiniMap pannable zoomable aria-label="Mini map" />
    </ReactFlow>
  );
}
