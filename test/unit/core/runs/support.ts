// test support (unit, runs): frozen graphs and fresh executions built in memory, and a clock of
// fixed, increasing instants so timelines are deterministic; a blob store that holds nothing and a
// callback sender that records what it sends.
import type { CanvasEdge, CanvasNode } from '#core/canvas/model';
import type { CallbackSender } from '#core/ports';
import type { BlobStore } from '#core/runs/blobs';
import { newExecution } from '#core/runs/lifecycle';
import type { Execution, FrozenGraph, RunTrigger } from '#core/runs/model';
import { edge, node } from '../../support/canvases.ts';

export { edge, node };

export const START = new Date('2025-01-15T10:00:00.000Z');

/** now() for advance(): each call returns the next second after START. */
export function tickingNow(): () => string {
  let tick = 0;
  return () => new Date(START.getTime() + ++tick * 1000).toISOString();
}

export function graph(nodes: CanvasNode[], edges: CanvasEdge[] = []): FrozenGraph {
  return { nodes, edges };
}

/** A queued execution of `frozen`, as acceptRun creates it. */
export function executionOf(
  frozen: FrozenGraph,
  options: {
    triggerNodeId?: string;
    inputs?: Record<string, unknown>;
    trigger?: RunTrigger;
    callbackUrl?: string;
  } = {},
): Execution {
  return newExecution({
    workspaceId: 'ws_test',
    canvasId: 'cnv_test',
    triggerNodeId: options.triggerNodeId ?? frozen.nodes[0]!.id,
    trigger: options.trigger ?? { kind: 'api' },
    inputs: options.inputs ?? {},
    callbackUrl: options.callbackUrl,
    graph: frozen,
    now: START,
  });
}

/** prompt → text (template) → output, the smallest useful canvas. */
export function linearGraph(template = 'Say: {{input}}', prompt = 'hello'): FrozenGraph {
  return graph(
    [
      node('prompt', 'prompt', { data: { prompt } }),
      node('tpl', 'text', { data: { template } }),
      node('out', 'output'),
    ],
    [edge('e1', 'prompt', 'prompt-out', 'tpl', 'text-in'), edge('e2', 'tpl', 'text-out', 'out', 'value-in')],
  );
}

/** Large values are not part of these tests: nothing is stored, URLs are made up. */
export const noBlobs: BlobStore = {
  put: async () => {},
  get: async () => 'null',
  url: async (key) => `https://blobs.test/${key}`,
};

/** A callback sender whose every POST is delivered (200); `sent` holds the payloads in order. */
export function recordingCallbacks(): { sent: Record<string, unknown>[]; callbacks: CallbackSender } {
  const sent: Record<string, unknown>[] = [];
  const callbacks: CallbackSender = {
    send: async (_url, payload) => {
      sent.push(payload);
      return { delivered: true, statusCode: 200 };
    },
  };
  return { sent, callbacks };
}
