// unit: the order in which one engine step visits nodes when creation order is not dependency order —
// the timeline reads as it did when the engine swept the node list until nothing changed — a failure
// stopping the step wherever it happens, and a waiting job polled once per step (issue 7).
import { describe, expect, it } from 'vitest';
import { advance } from '#core/runs/engine';
import { EXECUTORS, MAX_PORT_VALUE_BYTES, type JobExecutor, type NodeContext } from '#core/runs/executors';
import type { Execution } from '#core/runs/model';
import { edge, executionOf, graph, node, tickingNow } from './support.ts';

const nodeEvents = (execution: Execution) =>
  execution.timeline
    .filter((event) => event.nodeId !== undefined)
    .map((event) => `${event.type.replace('node.', '')} ${event.nodeId}`);

/** A provider stand-in that finishes a job at its `finishAtPoll`-th poll. */
class Jobs implements JobExecutor {
  readonly kind = 'job' as const;
  polls = 0;
  constructor(private readonly finishAtPoll: number) {}
  async submit(_context: NodeContext) {
    return { jobId: 'job', pollAfterSeconds: 3 };
  }
  async poll(_context: NodeContext, job: { id: string }) {
    this.polls += 1;
    if (this.polls >= this.finishAtPoll)
      return {
        done: true as const,
        outputs: {
          'audio-out': `https://media.example/${job.id}.mp3`,
          'video-out': `https://media.example/${job.id}.mp4`,
        },
      };
    return { done: false as const, pollAfterSeconds: 3 };
  }
}

describe('advance: visit order', () => {
  it('visits in graph order per sweep: a node runs in the first sweep after its last upstream node', async () => {
    // Prepare: created x, a, b, d with a → b → x and a → d. A sweep visits x (not ready), runs a,
    // b and d; the next sweep runs x. (Strict smallest-index-first would run x before d.)
    const frozen = graph(
      [node('x', 'text'), node('a', 'prompt', { data: { prompt: 'p' } }), node('b', 'text'), node('d', 'text')],
      [
        edge('a-b', 'a', 'prompt-out', 'b', 'text-in'),
        edge('b-x', 'b', 'text-out', 'x', 'text-in'),
        edge('a-d', 'a', 'prompt-out', 'd', 'text-in'),
      ],
    );
    const execution = executionOf(frozen, { triggerNodeId: 'a' });

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(nodeEvents(execution)).toEqual([
      'started a',
      'succeeded a',
      'started b',
      'succeeded b',
      'started d',
      'succeeded d',
      'started x',
      'succeeded x',
    ]);
  });

  it('stops the step at a failing node: nodes visited after it stay pending, even on another branch', async () => {
    // Prepare: created out, bad, good, p; p → bad, p → good → out. The second sweep reaches bad first.
    const frozen = graph(
      [
        node('out', 'output'),
        node('bad', 'text', { data: { template: '{{input}}{{input}}' } }),
        node('good', 'text', { data: { template: 'ok' } }),
        node('p', 'prompt'),
      ],
      [
        edge('p-bad', 'p', 'prompt-out', 'bad', 'text-in'),
        edge('p-good', 'p', 'prompt-out', 'good', 'text-in'),
        edge('good-out', 'good', 'text-out', 'out', 'value-in'),
      ],
    );
    const execution = executionOf(frozen, {
      triggerNodeId: 'p',
      inputs: { prompt: 'x'.repeat(MAX_PORT_VALUE_BYTES / 2 + 1) },
    });

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(execution.error).toMatchObject({ nodeId: 'bad' });
    expect(Object.fromEntries(Object.entries(execution.nodes).map(([id, state]) => [id, state.status]))).toEqual({
      out: 'pending',
      bad: 'failed',
      good: 'pending',
      p: 'succeeded',
    });
    expect(nodeEvents(execution).at(-1)).toBe('failed bad');
  });

  it('polls a waiting job once per step, and runs what a finished job unblocks in that step', async () => {
    // Prepare: created out, audio, video, p; p → audio → out, p → video. Step 1 submits both jobs.
    const frozen = graph(
      [
        node('out', 'output'),
        node('audio', 'audio-generation'),
        node('video', 'video-generation'),
        node('p', 'prompt'),
      ],
      [
        edge('p-audio', 'p', 'prompt-out', 'audio', 'text-in'),
        edge('audio-out', 'audio', 'audio-out', 'out', 'value-in'),
        edge('p-video', 'p', 'prompt-out', 'video', 'prompt-in'),
      ],
    );
    const audio = new Jobs(1);
    const video = new Jobs(99);
    const executors = { ...EXECUTORS, 'audio-generation': audio, 'video-generation': video };
    const execution = executionOf(frozen, { triggerNodeId: 'p' });
    const now = tickingNow();
    const first = await advance(execution, frozen, executors, now);
    const eventsBefore = execution.timeline.length;

    // Act: the step after the Wait state; audio is done at its first poll, video is not
    const second = await advance(execution, frozen, executors, now);

    // Assess
    expect(first).toEqual({ status: 'waiting', waitSeconds: 3 });
    expect(second).toEqual({ status: 'waiting', waitSeconds: 3 });
    expect(video.polls).toBe(1); // the sweeping engine polled it again in each further sweep: 3 times
    expect(audio.polls).toBe(1);
    expect(execution.nodes.out).toMatchObject({ status: 'succeeded' });
    expect(execution.result).toEqual({});
    expect(execution.timeline.slice(eventsBefore).map((event) => `${event.type} ${event.nodeId}`)).toEqual([
      'node.succeeded audio',
      'node.started out',
      'node.succeeded out',
    ]);
  });
});
