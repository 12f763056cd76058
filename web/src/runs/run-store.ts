// The run side of an open canvas: start a run, watch it (polling get_execution on the schedule of
// polling.ts until it is terminal), cancel, replay, redrive, the canvas's run history, the selected
// run's timeline, the credits its generation nodes were charged, and download URLs for media outputs.
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { ToolClient } from '../mcp/tools.ts';
import { describeError } from '../ui/describe-error.ts';
import { chargedCredits, lastChargesOf } from './charges.ts';
import { nextPollDelay } from './polling.ts';
import { isTerminal } from './status.ts';
import type { ExecutionSnapshot, ExecutionSummary, RunAnswer, TimelineEvent } from './types.ts';

export interface RunState {
  /** The run shown on the canvas: the one just started, or one picked from the history. */
  current: ExecutionSnapshot | null;
  timeline: TimelineEvent[];
  history: ExecutionSummary[] | null;
  busy: 'starting' | 'cancelling' | 'replaying' | 'redriving' | null;
  error: string | null;
  /** Credits charged per node of the current run (usage entries naming the run and node). */
  charges: Record<string, number>;
  /** Per node, what its most recent charged run cost (from the workspace's recent usage). */
  lastCharges: Record<string, number>;
  /** Presigned download URLs per asset id. */
  media: Record<string, string>;
}

export type RunStore = StoreApi<RunState>;

/** No run shown, nothing loaded: a new editor's state. */
export const noRun = (): RunState => ({
  current: null,
  timeline: [],
  history: null,
  busy: null,
  error: null,
  charges: {},
  lastCharges: {},
  media: {},
});

/** Node types whose runs are charged credits. */
export const METERED_NODE_TYPES: ReadonlySet<string> = new Set([
  'video-generation',
  'audio-generation',
  'speech-to-speech',
]);

export function createRunStore(
  canvasId: string,
  tools: ToolClient,
  options: { sleep?: (ms: number) => Promise<void> } = {},
) {
  const store = createStore<RunState>(noRun);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  // Each watch has a number; a newer one (another run selected, the editor closed) stops the older.
  let watching = 0;
  let disposed = false;
  const mediaAsked = new Set<string>();

  const fail = (error: unknown) => store.setState({ error: describeError(error), busy: null });

  async function read(executionId: string): Promise<ExecutionSnapshot> {
    const [snapshot, timeline] = await Promise.all([
      tools.call('get_execution', { executionId }),
      tools.call('get_execution_timeline', { executionId }),
    ]);
    // Validated against get_execution's schema; its nodes, outputs and error are read as types.ts says.
    return Object.assign(snapshot as ExecutionSnapshot, { timelineEvents: timeline.events });
  }

  async function watch(executionId: string): Promise<void> {
    const mine = ++watching;
    for (let polls = 0; ; polls++) {
      let snapshot: ExecutionSnapshot;
      try {
        snapshot = await read(executionId);
      } catch (error) {
        if (mine === watching && !disposed) fail(error);
        return;
      }
      if (mine !== watching || disposed) return;
      const { timelineEvents, ...rest } = snapshot as ExecutionSnapshot & { timelineEvents: TimelineEvent[] };
      store.setState({ current: rest as ExecutionSnapshot, timeline: timelineEvents, error: null });
      const delay = nextPollDelay(snapshot, polls);
      if (delay === null) {
        void afterTerminal(rest as ExecutionSnapshot);
        return;
      }
      await sleep(delay);
      if (mine !== watching || disposed) return;
    }
  }

  async function afterTerminal(snapshot: ExecutionSnapshot): Promise<void> {
    void refreshHistory();
    const metered = Object.entries(snapshot.nodes).filter(([, state]) => METERED_NODE_TYPES.has(String(state.type)));
    if (metered.length === 0) return;
    try {
      const page = await tools.call('list_credit_transactions', { limit: 200 });
      const charges: Record<string, number> = {};
      for (const [nodeId] of metered) {
        const charged = chargedCredits(page.items, snapshot.executionId, nodeId);
        if (charged !== undefined) charges[nodeId] = charged;
      }
      if (store.getState().current?.executionId === snapshot.executionId) store.setState({ charges });
      store.setState({ lastCharges: { ...store.getState().lastCharges, ...charges } });
    } catch {
      // Without read:billing the charge is simply not shown.
    }
  }

  async function refreshHistory(): Promise<void> {
    try {
      const page = await tools.call('list_canvas_executions', { canvasId, limit: 20 });
      if (!disposed) store.setState({ history: page.items });
    } catch (error) {
      if (!disposed) fail(error);
    }
  }

  /** Starts watching a run the person started, replayed or redrove. */
  async function follow(busy: RunState['busy'], call: () => Promise<RunAnswer | ExecutionSnapshot>): Promise<void> {
    store.setState({ busy, error: null });
    try {
      const answer = await call();
      store.setState({ busy: null, charges: {}, current: 'nodes' in answer ? answer : store.getState().current });
      void refreshHistory();
      await watch(answer.executionId);
    } catch (error) {
      fail(error);
    }
  }

  const actions = {
    start: (triggerNodeId: string, inputs: Record<string, unknown>) =>
      follow('starting', async () => {
        // A fresh key per press: pressing Run again is a new run, not the first one answered again.
        const answer = await tools.call('run_workflow', {
          canvasId,
          triggerNodeId,
          inputs,
          idempotencyKey: globalThis.crypto.randomUUID(),
        });
        store.setState({ current: null, timeline: [] });
        return answer;
      }),
    cancel: async () => {
      const current = store.getState().current;
      if (!current || isTerminal(current.status)) return;
      store.setState({ busy: 'cancelling', error: null });
      try {
        await tools.call('cancel_execution', { executionId: current.executionId });
        store.setState({ busy: null });
        await watch(current.executionId);
      } catch (error) {
        fail(error);
      }
    },
    replay: () => {
      const current = store.getState().current;
      if (!current) return Promise.resolve();
      return follow('replaying', () =>
        tools.call('replay_execution', {
          executionId: current.executionId,
          idempotencyKey: globalThis.crypto.randomUUID(),
        }),
      );
    },
    redrive: () => {
      const current = store.getState().current;
      if (!current) return Promise.resolve();
      return follow('redriving', () => tools.call('redrive_execution', { executionId: current.executionId }));
    },
    /** Shows a run of the history on the canvas (and keeps watching it if it is still going). */
    select: async (executionId: string) => {
      store.setState({ error: null, charges: {} });
      await watch(executionId);
    },
    refreshHistory,
    /** What each node of this canvas was last charged, from the workspace's recent usage. */
    loadLastCharges: async () => {
      try {
        const page = await tools.call('list_credit_transactions', { limit: 200 });
        store.setState({ lastCharges: lastChargesOf(page.items, canvasId) });
      } catch {
        // Without read:billing there is nothing to show.
      }
    },
    /** A presigned URL for a media asset, asked once per asset. */
    resolveMedia: async (assetId: string) => {
      if (mediaAsked.has(assetId)) return;
      mediaAsked.add(assetId);
      try {
        const asset = await tools.call('get_asset', { assetId });
        if (!disposed) store.setState({ media: { ...store.getState().media, [assetId]: asset.downloadUrl } });
      } catch (error) {
        mediaAsked.delete(assetId);
        if (!disposed) fail(error);
      }
    },
    dismissError: () => store.setState({ error: null }),
    dispose: () => {
      disposed = true;
      watching++;
    },
  };
  return { store, actions };
}

export type RunActions = ReturnType<typeof createRunStore>['actions'];
