// unit: skipping in one engine step — a branch not taken is skipped, transitively, not failed; a node
// fed by a taken and an untaken branch runs on what arrived; the run still succeeds; a skipped output
// is not part of the result; and a node skipped in an earlier step holds nothing back.
import { describe, expect, it } from 'vitest';
import { advance } from '#core/runs/engine';
import { EXECUTORS, type ExecutorRegistry } from '#core/runs/executors';
import type { Execution } from '#core/runs/model';
import { PORT_NOT_TAKEN } from '#core/runs/skipping';
import { edge, executionOf, graph, node, tickingNow } from './support.ts';

/** The webhook trigger stands in for a branch node: it takes body-out and not method-out. */
const branching: ExecutorRegistry = {
  ...EXECUTORS,
  'webhook-trigger': {
    kind: 'instant',
    run: () => ({ 'body-out': 'taken', 'method-out': PORT_NOT_TAKEN }),
  },
};

//   hook ─body-out──► taken ──────────────► joined ──► out-a
//        └method-out► untaken ──► after ────┘     └──► (out-b fed by after only)
const branchedGraph = () =>
  graph(
    [
      node('hook', 'webhook-trigger'),
      node('taken', 'text', { data: { template: 'T:{{input}}' } }),
      node('untaken', 'text', { data: { template: 'U:{{input}}' } }),
      node('after', 'text'),
      node('joined', 'text'),
      node('out-a', 'output'),
      node('out-b', 'output'),
    ],
    [
      edge('e1', 'hook', 'body-out', 'taken', 'text-in'),
      edge('e2', 'hook', 'method-out', 'untaken', 'text-in'),
      edge('e3', 'untaken', 'text-out', 'after', 'text-in'),
      edge('e4', 'taken', 'text-out', 'joined', 'text-in'),
      edge('e5', 'after', 'text-out', 'joined', 'text-in'),
      edge('e6', 'joined', 'text-out', 'out-a', 'value-in'),
      edge('e7', 'after', 'text-out', 'out-b', 'value-in'),
    ],
  );

const statuses = (execution: Execution) =>
  Object.fromEntries(Object.entries(execution.nodes).map(([id, state]) => [id, state.status]));

describe('advance: skipping', () => {
  it('skips the branch not taken, transitively, and the run succeeds', async () => {
    // Prepare
    const frozen = branchedGraph();
    const execution = executionOf(frozen);

    // Act
    const outcome = await advance(execution, frozen, branching, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(statuses(execution)).toEqual({
      hook: 'succeeded',
      taken: 'succeeded',
      untaken: 'skipped',
      after: 'skipped',
      joined: 'succeeded',
      'out-a': 'succeeded',
      'out-b': 'skipped',
    });
    expect(execution.nodes.hook?.untakenPorts).toEqual(['method-out']);
    expect(execution.outputs.hook).toEqual({ 'body-out': 'taken' });
    expect(execution.nodes.after).toMatchObject({ attempts: 0, startedAt: null, finishedAt: expect.any(String) });
    expect(execution.error).toBeNull();
  });

  it('runs a node fed by both branches on what arrived, and leaves skipped outputs out of the result', async () => {
    // Prepare
    const frozen = branchedGraph();
    const execution = executionOf(frozen);

    // Act
    await advance(execution, frozen, branching, tickingNow());

    // Assess
    expect(execution.outputs.joined).toEqual({ 'text-out': 'T:taken' });
    expect(execution.result).toEqual({ 'out-a': 'T:taken' });
  });

  it('records a node.skipped event, with the reason, for each skipped node in visit order', async () => {
    // Prepare
    const frozen = branchedGraph();
    const execution = executionOf(frozen);

    // Act
    await advance(execution, frozen, branching, tickingNow());

    // Assess
    const skipped = execution.timeline.filter((event) => event.type === 'node.skipped');
    expect(skipped.map((event) => event.nodeId)).toEqual(['untaken', 'after', 'out-b']);
    expect(skipped[0]?.message).toBe('every input comes from a branch not taken');
    expect(execution.timeline.some((event) => event.type === 'node.started' && event.nodeId === 'after')).toBe(false);
  });

  it('treats a node skipped in an earlier step as finished', async () => {
    // Prepare: the first step ran only the trigger and skipped `untaken` (as a run resumed after a
    // wait would find it); `after` and `joined` are still pending.
    const frozen = branchedGraph();
    const execution = executionOf(frozen);
    execution.status = 'running';
    execution.nodes.hook = { ...execution.nodes.hook!, status: 'succeeded', untakenPorts: ['method-out'] };
    execution.outputs.hook = { 'body-out': 'taken' };
    execution.nodes.untaken = { ...execution.nodes.untaken!, status: 'skipped' };

    // Act
    const outcome = await advance(execution, frozen, branching, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(statuses(execution)).toMatchObject({ after: 'skipped', joined: 'succeeded', 'out-b': 'skipped' });
    expect(execution.result).toEqual({ 'out-a': 'T:taken' });
  });
});
