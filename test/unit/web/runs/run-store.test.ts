// The run store against a fake tool client: a run is watched until it is terminal, then the history
// and the charges are read; selecting another run stops watching the first.
import { describe, expect, it } from 'vitest';
import { createRunStore } from '../../../../web/src/runs/run-store.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';

function fakeTools(statuses: string[]) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  let reads = 0;
  const tools: ToolClient = {
    async call<T>(name: string, args: Record<string, unknown>): Promise<T> {
      calls.push({ name, args });
      const status = statuses[Math.min(reads, statuses.length - 1)]!;
      if (name === 'get_execution') reads++;
      const answers: Record<string, unknown> = {
        run_workflow: { ok: true, executionId: 'exec_1' },
        get_execution: {
          executionId: args.executionId,
          canvasId: 'cnv_1',
          triggerNodeId: 'p',
          status,
          trigger: { kind: 'api' },
          createdAt: 'now',
          nodes: { v: { type: 'video-generation', status: status === 'succeeded' ? 'succeeded' : 'waiting' } },
          outputs: {},
        },
        get_execution_timeline: { events: [{ at: '2026-01-01T00:00:00.000Z', type: 'execution.queued' }] },
        list_canvas_executions: { items: [{ executionId: 'exec_1', status: statuses.at(-1) }] },
        list_credit_transactions: {
          items: [
            { type: 'usage', credits: -100, resource: { canvasId: 'cnv_1', executionId: 'exec_1', nodeId: 'v' } },
          ],
        },
      };
      return answers[name] as T;
    },
  };
  return { tools, calls };
}

describe('the run store', () => {
  it('starts a run with a fresh idempotency key, polls until terminal, then reads the charge', async () => {
    const { tools, calls } = fakeTools(['queued', 'running', 'succeeded']);
    const sleeps: number[] = [];
    const { store, actions } = createRunStore('cnv_1', tools, { sleep: async (ms) => void sleeps.push(ms) });
    await actions.start('p', { prompt: 'hi' });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const run = calls.find((call) => call.name === 'run_workflow')!;
    expect(run.args).toMatchObject({ canvasId: 'cnv_1', triggerNodeId: 'p', inputs: { prompt: 'hi' } });
    expect(typeof run.args.idempotencyKey).toBe('string');
    expect(calls.filter((call) => call.name === 'get_execution')).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    expect(store.getState().current?.status).toBe('succeeded');
    expect(store.getState().timeline).toHaveLength(1);
    expect(store.getState().charges).toEqual({ v: 100 });
    expect(store.getState().history).toEqual([{ executionId: 'exec_1', status: 'succeeded' }]);
  });

  it('stops watching a run when disposed', async () => {
    const { tools, calls } = fakeTools(['running']);
    let release!: () => void;
    const { actions } = createRunStore('cnv_1', tools, { sleep: () => new Promise((resolve) => (release = resolve)) });
    const watching = actions.select('exec_1');
    await new Promise((resolve) => setTimeout(resolve, 10));
    actions.dispose();
    release();
    await watching;
    expect(calls.filter((call) => call.name === 'get_execution')).toHaveLength(1);
  });

  it('says why a tool refused, in words', async () => {
    const tools: ToolClient = { call: () => Promise.reject(new Error('Insufficient credits')) };
    const { store, actions } = createRunStore('cnv_1', tools);
    await actions.start('p', {});
    expect(store.getState().error).toBe('Insufficient credits');
    expect(store.getState().busy).toBeNull();
  });
});
