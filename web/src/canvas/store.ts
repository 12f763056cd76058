// One zustand store per open editor: the session's document as React Flow nodes and edges, the
// manifest, warnings, selection and the undo log. Components read narrow slices of it; edits go
// through `actions`, which turn every change into canvas operations for the session to save.
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type NodeChange,
} from '@xyflow/react';
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ToolClient } from '../mcp/tools.ts';
import { toFlowEdges, toFlowNodes, type FlowNode } from './flow-mapping.ts';
import { emptyHistory, record, redo, undo, type History } from './history.ts';
import { FALLBACK_SIZE, layoutOperations } from './layout.ts';
import { applyWithInverse, OperationRefused } from './operations.ts';
import { connectionProblem, graphView, indexManifest, type ManifestIndex } from './ports.ts';
import { dataChange } from './schema-form.ts';
import { CanvasSession, type SessionSnapshot } from './session.ts';
import type { CanvasOperation, CanvasWarning, PortManifest, Position, Size } from './types.ts';
import { fetchWarnings } from './warnings.ts';

export interface EditorState {
  phase: 'loading' | 'ready' | 'error';
  loadError: string | null;
  index: ManifestIndex | null;
  manifest: PortManifest | null;
  session: SessionSnapshot;
  nodes: FlowNode[];
  edges: Edge[];
  selectedNodeIds: readonly string[];
  warnings: ReadonlyMap<string, CanvasWarning[]>;
  /** The last connection or edit problem, read out by a polite live region. */
  status: string;
  history: History;
}

export type EditorStore = StoreApi<EditorState>;

const NO_WARNINGS: ReadonlyMap<string, CanvasWarning[]> = new Map();
const WARNINGS_DELAY_MS = 800;

const newId = (prefix: string) => `${prefix}_${globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`;
const round = (position: Position): Position => ({ x: Math.round(position.x), y: Math.round(position.y) });

export function createEditor(canvasId: string, tools: ToolClient) {
  let warningsTimer: ReturnType<typeof setTimeout> | undefined;
  const session = new CanvasSession(canvasId, tools, { afterSave: () => scheduleWarnings() });
  const store = createStore<EditorState>(() => ({
    phase: 'loading',
    loadError: null,
    index: null,
    manifest: null,
    session: session.state,
    nodes: [],
    edges: [],
    selectedNodeIds: [],
    warnings: NO_WARNINGS,
    status: '',
    history: emptyHistory,
  }));

  session.subscribe((snapshot) => {
    const state = store.getState();
    if (snapshot.doc === state.session.doc) return store.setState({ session: snapshot });
    const nodes = toFlowNodes(snapshot.doc, state.nodes);
    store.setState({
      session: snapshot,
      nodes,
      edges: toFlowEdges(snapshot.doc, state.edges),
      selectedNodeIds: selectedIds(nodes, state.selectedNodeIds),
    });
  });

  function scheduleWarnings() {
    clearTimeout(warningsTimer);
    warningsTimer = setTimeout(() => void refreshWarnings(), WARNINGS_DELAY_MS);
  }

  async function refreshWarnings() {
    const { index, session: snapshot } = store.getState();
    if (!index || session.hasUnsavedEdits) return;
    if (snapshot.doc.nodes.length === 0) return store.setState({ warnings: NO_WARNINGS });
    try {
      const warnings = await fetchWarnings(tools, canvasId, index, snapshot.doc);
      if (warnings) store.setState({ warnings });
    } catch {
      // Warnings are advice; a failed check leaves the last ones shown and the next save asks again.
    }
  }

  /** Shows and queues one user action; returns false (saying why) when it no longer fits the canvas. */
  function perform(label: string, ops: CanvasOperation[]): boolean {
    if (ops.length === 0) return true;
    try {
      const { inverse } = applyWithInverse(store.getState().session.doc, ops);
      session.edit(ops);
      store.setState((state) => ({ history: record(state.history, { label, ops, inverse }) }));
      return true;
    } catch (error) {
      store.setState({ status: `${label} did not apply: ${error instanceof Error ? error.message : String(error)}` });
      return false;
    }
  }

  function replay(direction: 'undo' | 'redo') {
    const state = store.getState();
    const step = direction === 'undo' ? undo(state.history) : redo(state.history);
    if (!step) return;
    try {
      session.edit(step.ops);
      store.setState({
        history: step.history,
        status: `${direction === 'undo' ? 'Undid' : 'Redid'} ${step.entry.label.toLowerCase()}`,
      });
    } catch (error) {
      if (!(error instanceof OperationRefused) && !state.session.readOnly) throw error;
      // The canvas moved on (an edit elsewhere removed what this step touches): drop the step, say so.
      const history =
        direction === 'undo'
          ? { ...step.history, redo: step.history.redo.slice(0, -1) }
          : { ...step.history, undo: step.history.undo.slice(0, -1) };
      store.setState({
        history,
        status:
          `Cannot ${direction} ${step.entry.label.toLowerCase()}: ` +
          `${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  const problemFor = (connection: Connection | Edge): string | null => {
    const { index, session: snapshot } = store.getState();
    if (!index) return 'The node types are still loading.';
    return connectionProblem(index, graphView(snapshot.doc.nodes, snapshot.doc.edges), connection);
  };

  const actions = {
    async load() {
      store.setState({ phase: 'loading', loadError: null });
      try {
        const [answer] = await Promise.all([tools.call('get_port_manifest', {}), session.load()]);
        // Validated against get_port_manifest's schema, which types each dataSchema only as an object (to
        // hold tools/list's budget); the inspector reads it as the JSON Schema z.toJSONSchema made it.
        const manifest = answer as PortManifest;
        store.setState({ manifest, index: indexManifest(manifest), phase: 'ready' });
        void refreshWarnings();
      } catch (error) {
        store.setState({ phase: 'error', loadError: error instanceof Error ? error.message : String(error) });
      }
    },

    onNodesChange(changes: NodeChange<FlowNode>[]) {
      // Removal goes through onDelete, as an operation; React Flow's own removal would bypass saving.
      const kept = changes.filter((change) => change.type !== 'remove');
      const state = store.getState();
      const nodes = applyNodeChanges(kept, state.nodes);
      const selectionChanged = kept.some((change) => change.type === 'select');
      store.setState({
        nodes,
        ...(selectionChanged ? { selectedNodeIds: selectedIds(nodes, state.selectedNodeIds) } : {}),
      });
      // A position change with dragging false ends a drag or is a keyboard move: that is the edit.
      const moves: CanvasOperation[] = [];
      for (const change of kept) {
        if (change.type !== 'position' || change.dragging !== false || !change.position) continue;
        const node = nodes.find((candidate) => candidate.id === change.id);
        const position = round(change.position);
        if (node && (node.data.node.position.x !== position.x || node.data.node.position.y !== position.y))
          moves.push({ op: 'node/move', nodeId: change.id, position });
      }
      if (moves.length > 0) perform(moves.length === 1 ? 'Move' : `Move ${moves.length} nodes`, moves);
    },

    onEdgesChange(changes: EdgeChange[]) {
      store.setState((state) => ({
        edges: applyEdgeChanges(
          changes.filter((change) => change.type !== 'remove'),
          state.edges,
        ),
      }));
    },

    deleteElements(nodeIds: readonly string[], edgeIds: readonly string[]) {
      const doomed = new Set(nodeIds);
      const { doc } = store.getState().session;
      const ops: CanvasOperation[] = [];
      for (const edgeId of edgeIds) {
        const edge = doc.edges.find((candidate) => candidate.id === edgeId);
        // Edges of deleted nodes go with them; deleting them first would only lengthen the undo.
        if (edge && !doomed.has(edge.source) && !doomed.has(edge.target)) ops.push({ op: 'edge/delete', edgeId });
      }
      for (const nodeId of nodeIds) ops.push({ op: 'node/delete', nodeId });
      const count = nodeIds.length + ops.filter((op) => op.op === 'edge/delete').length;
      perform(
        count === 1 ? (nodeIds.length === 1 ? 'Delete node' : 'Delete connection') : `Delete ${count} items`,
        ops,
      );
    },

    deleteSelection() {
      const state = store.getState();
      actions.deleteElements(
        state.selectedNodeIds,
        state.edges.filter((edge) => edge.selected).map((edge) => edge.id),
      );
    },

    isValidConnection: (connection: Connection | Edge) => problemFor(connection) === null,
    problemFor,

    connect(connection: Connection): boolean {
      const problem = problemFor(connection);
      if (problem) {
        store.setState({ status: `Cannot connect: ${problem}` });
        return false;
      }
      const ok = perform('Connect', [
        {
          op: 'edge/add',
          id: newId('edge'),
          source: connection.source,
          sourceHandle: connection.sourceHandle!,
          target: connection.target,
          targetHandle: connection.targetHandle!,
        },
      ]);
      if (ok)
        store.setState({
          status:
            `Connected ${connection.source} ${connection.sourceHandle} to ${connection.target} ` +
            `${connection.targetHandle}`,
        });
      return ok;
    },

    /** Says why the connection a person just tried was refused (React Flow only reports that it was). */
    refused(connection: Connection) {
      const problem = problemFor(connection);
      if (problem) store.setState({ status: `Cannot connect: ${problem}` });
    },

    addNode(type: string, position: Position): string | null {
      const id = newId('node');
      return perform('Add node', [{ op: 'node/add', id, type, position: round(position), data: {} }]) ? id : null;
    },

    updateField(nodeId: string, name: string, value: unknown) {
      const node = store.getState().session.doc.nodes.find((candidate) => candidate.id === nodeId);
      if (!node || node.data[name] === value) return;
      perform('Edit settings', [{ op: 'node/update', nodeId, ...dataChange(node.data, name, value) }]);
    },

    writeDocument(nodeId: string, content: string) {
      const node = store.getState().session.doc.nodes.find((candidate) => candidate.id === nodeId);
      if (!node || (node.document?.content ?? '') === content) return;
      perform('Edit document', [
        { op: 'node/document-write', nodeId, content, format: node.document?.format ?? 'markdown' },
      ]);
    },

    resize(nodeId: string, box: Position & Size) {
      const node = store.getState().session.doc.nodes.find((candidate) => candidate.id === nodeId);
      if (!node) return;
      const ops: CanvasOperation[] = [
        { op: 'node/resize', nodeId, size: { width: Math.round(box.width), height: Math.round(box.height) } },
      ];
      const position = round(box);
      // Resizing from the left or top edge moves the corner too.
      if (position.x !== node.position.x || position.y !== node.position.y)
        ops.push({ op: 'node/move', nodeId, position });
      perform('Resize', ops);
    },

    autoLayout() {
      const { nodes, session: snapshot } = store.getState();
      const measured = new Map(nodes.map((node) => [node.id, node.measured]));
      const layoutNodes = snapshot.doc.nodes.map((node) => {
        const seen = measured.get(node.id);
        const size =
          node.size ?? (seen?.width && seen.height ? { width: seen.width, height: seen.height } : FALLBACK_SIZE);
        return { id: node.id, position: node.position, size };
      });
      const ops = layoutOperations(layoutNodes, snapshot.doc.edges);
      perform('Auto-layout', ops);
      store.setState({
        status:
          ops.length > 0 ? `Laid out ${ops.length} node${ops.length === 1 ? '' : 's'}` : 'The layout is already tidy',
      });
    },

    /** Selects one node (and nothing else), e.g. the node just added, so the inspector shows it. */
    select(nodeId: string) {
      store.setState((state) => {
        const nodes = state.nodes.map((node) =>
          (node.selected ?? false) === (node.id === nodeId) ? node : { ...node, selected: node.id === nodeId },
        );
        const edges = state.edges.map((edge) => (edge.selected ? { ...edge, selected: false } : edge));
        return { nodes, edges, selectedNodeIds: selectedIds(nodes, state.selectedNodeIds) };
      });
    },

    undo: () => replay('undo'),
    redo: () => replay('redo'),
    retrySave: () => session.retry(),
    dismissNotice: () => session.setNotice(null),
    flush: () => session.flush(),
    hasUnsavedEdits: () => session.hasUnsavedEdits,

    dispose() {
      clearTimeout(warningsTimer);
      void session.flush();
      session.dispose();
    },
  };

  return { store, actions };
}

export type EditorActions = ReturnType<typeof createEditor>['actions'];

/** The selected node ids, keeping the previous array when the selection is the same (no re-render). */
function selectedIds(nodes: readonly FlowNode[], previous: readonly string[]): readonly string[] {
  const ids = nodes.filter((node) => node.selected).map((node) => node.id);
  return ids.length === previous.length && ids.every((id, at) => id === previous[at]) ? previous : ids;
}
