// unit: run transitions outside an engine step — freezeGraph, newExecution, finish, prepareRedrive,
// assertCancellable.
import { describe, expect, it } from 'vitest';
import { ConflictError, ValidationError } from '#core/errors';
import { assertCancellable, finish, freezeGraph, prepareRedrive } from '#core/runs/lifecycle';
import { EXECUTION_STATUSES, type Execution } from '#core/runs/model';
import { edge, executionOf, graph, linearGraph, node, START } from './support.ts';

const AT = '2025-01-15T10:09:00.000Z';

describe('freezeGraph', () => {
  const canvas = {
    nodes: [
      node('upstream', 'text'),
      node('prompt', 'prompt', { data: { prompt: 'p' } }),
      node('tpl', 'text'),
      node('out', 'output'),
      node('other', 'prompt'),
      node('island', 'audio-generation'),
    ],
    edges: [
      edge('u-p', 'upstream', 'text-out', 'out', 'value-in'),
      edge('p-t', 'prompt', 'prompt-out', 'tpl', 'text-in'),
      edge('t-o', 'tpl', 'text-out', 'out', 'value-in'),
      edge('o-t', 'other', 'prompt-out', 'tpl', 'text-in'),
      edge('o-i', 'other', 'prompt-out', 'island', 'text-in'),
    ],
  };

  it('keeps the trigger and only the nodes downstream of it, with the edges between them', () => {
    // Act
    const frozen = freezeGraph(canvas, 'prompt');

    // Assess
    expect(frozen.nodes.map((n) => n.id)).toEqual(['prompt', 'tpl', 'out']);
    expect(frozen.edges.map((e) => e.id)).toEqual(['p-t', 't-o']);
  });

  it('takes in the source nodes that feed the nodes it reaches, and no other source', () => {
    // Prepare: two images and a recording beside the trigger's path, one image feeding only a node off it
    const withSources = {
      nodes: [
        node('first', 'image-asset', { data: { assetId: 'ast_first' } }),
        node('prompt', 'prompt', { data: { prompt: 'p' } }),
        node('video', 'video-generation'),
        node('last', 'image-asset', { data: { assetId: 'ast_last' } }),
        node('stray', 'image-asset'),
        node('elsewhere', 'video-generation'),
        node('voice', 'audio-asset'),
        node('revoice', 'speech-to-speech'),
      ],
      edges: [
        edge('p-v', 'prompt', 'prompt-out', 'video', 'prompt-in'),
        edge('f-v', 'first', 'image-out', 'video', 'image-in'),
        edge('l-v', 'last', 'image-out', 'video', 'last-frame-in'),
        edge('s-e', 'stray', 'image-out', 'elsewhere', 'image-in'),
        edge('v-r', 'voice', 'audio-out', 'revoice', 'audio-in'),
      ],
    };

    // Act
    const frozen = freezeGraph(withSources, 'prompt');

    // Assess: canvas order kept; the recording feeds nothing the prompt reaches, so it stays out too
    expect(frozen.nodes.map((n) => n.id)).toEqual(['first', 'prompt', 'video', 'last']);
    expect(frozen.edges.map((e) => e.id)).toEqual(['p-v', 'f-v', 'l-v']);
  });

  it('takes in the chain from a source to a node it reaches: recording → speech-to-speech → output', () => {
    // Prepare: the trigger reaches only the output; the recording's chain feeds it too
    const chain = {
      nodes: [
        node('prompt', 'prompt', { data: { prompt: 'p' } }),
        node('take', 'audio-asset'),
        node('revoice', 'speech-to-speech'),
        node('other', 'prompt'),
        node('tpl', 'text'),
        node('out', 'output'),
      ],
      edges: [
        edge('t-r', 'take', 'audio-out', 'revoice', 'audio-in'),
        edge('r-o', 'revoice', 'audio-out', 'out', 'value-in'),
        edge('p-o', 'prompt', 'prompt-out', 'out', 'value-in'),
        edge('o-t', 'other', 'prompt-out', 'tpl', 'text-in'),
        edge('t-o', 'tpl', 'text-out', 'out', 'value-in'),
      ],
    };

    // Act
    const frozen = freezeGraph(chain, 'prompt');

    // Assess: another trigger's branch into the output stays out, as before
    expect(frozen.nodes.map((n) => n.id)).toEqual(['prompt', 'take', 'revoice', 'out']);
    expect(frozen.edges.map((e) => e.id)).toEqual(['t-r', 'r-o', 'p-o']);
  });

  it('refuses a trigger whose downstream nodes include a type this deployment cannot run, naming them', () => {
    // Act
    // Prepare: a deployment without the speech provider
    const withoutSpeech = (type: string) =>
      type === 'audio-generation'
        ? { available: false as const, reason: 'no speech provider' }
        : { available: true as const };
    const attempt = () => freezeGraph(canvas, 'other', withoutSpeech);

    // Assess
    expect(attempt).toThrow(ValidationError);
    expect(attempt).toThrow('island (audio-generation)');
  });

  it('refuses a triggerNodeId that is not a trigger (400)', () => {
    expect(() => freezeGraph(canvas, 'tpl')).toThrow(ValidationError);
    expect(() => freezeGraph(canvas, 'tpl')).toThrow(/is a text node/);
    expect(() => freezeGraph(canvas, 'out')).toThrow(ValidationError);
  });

  it('refuses a triggerNodeId that is not on the canvas (400)', () => {
    expect(() => freezeGraph(canvas, 'nope')).toThrow(ValidationError);
    expect(() => freezeGraph(canvas, 'nope')).toThrow(/not a node of this canvas/);
  });

  it('terminates on a cycle and includes each node once', () => {
    // Prepare
    const cyclic = {
      nodes: [node('p', 'prompt'), node('a', 'text'), node('b', 'text')],
      edges: [
        edge('p-a', 'p', 'prompt-out', 'a', 'text-in'),
        edge('a-b', 'a', 'text-out', 'b', 'text-in'),
        edge('b-a', 'b', 'text-out', 'a', 'text-in'),
      ],
    };

    // Act
    const frozen = freezeGraph(cyclic, 'p');

    // Assess
    expect(frozen.nodes.map((n) => n.id)).toEqual(['p', 'a', 'b']);
    expect(frozen.edges).toHaveLength(3);
  });

  it('accepts a webhook-trigger node', () => {
    const frozen = freezeGraph({ nodes: [node('hook', 'webhook-trigger')], edges: [] }, 'hook');
    expect(frozen.nodes.map((n) => n.id)).toEqual(['hook']);
  });
});

describe('newExecution', () => {
  it('creates a queued first attempt with every node pending and an unsent callback', () => {
    // Act
    const execution = executionOf(linearGraph(), { callbackUrl: 'https://hooks.example/cb', inputs: { a: 1 } });

    // Assess
    expect(execution.executionId).toMatch(/^exec_[0-9a-z]{26}$/);
    expect(execution).toMatchObject({
      status: 'queued',
      attempt: 1,
      version: 1,
      inputs: { a: 1 },
      createdAt: START.toISOString(),
      startedAt: null,
      finishedAt: null,
      error: null,
      outputs: {},
      result: {},
      callback: {
        url: 'https://hooks.example/cb',
        attempt: null,
        delivered: null,
        statusCode: null,
        error: null,
        at: null,
      },
      timeline: [{ at: START.toISOString(), type: 'execution.queued' }],
    });
    expect(Object.values(execution.nodes).every((state) => state.status === 'pending' && state.attempts === 0)).toBe(
      true,
    );
    expect(executionOf(linearGraph()).callback).toBeNull();
  });
});

function running(): Execution {
  const execution = executionOf(
    graph([node('p', 'prompt'), node('a', 'text'), node('b', 'text'), node('c', 'text')], []),
  );
  execution.status = 'running';
  execution.nodes.p!.status = 'succeeded';
  execution.nodes.a!.status = 'running';
  execution.nodes.b!.status = 'waiting';
  execution.nodes.b!.job = { id: 'job-1', pollAfterSeconds: 5 };
  return execution;
}

describe('finish', () => {
  it('moves a live run to a terminal status with finishedAt and one timeline event', () => {
    // Prepare
    const execution = running();

    // Act
    finish(execution, 'failed', AT, 'node a failed');

    // Assess
    expect(execution.status).toBe('failed');
    expect(execution.finishedAt).toBe(AT);
    expect(execution.timeline.at(-1)).toEqual({ at: AT, type: 'execution.failed', message: 'node a failed' });
    expect(execution.nodes.a!.status).toBe('running'); // only a cancel touches the nodes
  });

  it('is idempotent for the same status', () => {
    // Prepare
    const execution = running();
    finish(execution, 'succeeded', AT);
    const events = execution.timeline.length;

    // Act
    finish(execution, 'succeeded', '2025-01-15T11:00:00.000Z');

    // Assess
    expect(execution.timeline).toHaveLength(events);
    expect(execution.finishedAt).toBe(AT);
  });

  it('refuses to move a terminal run to another terminal status (409)', () => {
    for (const [from, to] of [
      ['succeeded', 'cancelled'],
      ['cancelled', 'succeeded'],
      ['failed', 'succeeded'],
    ] as const) {
      // Prepare
      const execution = running();
      finish(execution, from, AT);

      // Act + Assess
      expect(() => finish(execution, to, AT)).toThrow(ConflictError);
      expect(execution.status).toBe(from);
    }
  });

  it('cancels running and waiting nodes, drops their job and leaves pending and finished nodes alone', () => {
    // Prepare
    const execution = running();

    // Act
    finish(execution, 'cancelled', AT, 'cancelled by request');

    // Assess
    expect(execution.status).toBe('cancelled');
    expect(execution.nodes.p!.status).toBe('succeeded');
    expect(execution.nodes.a).toMatchObject({ status: 'cancelled', finishedAt: AT });
    expect(execution.nodes.b).toMatchObject({ status: 'cancelled', finishedAt: AT });
    expect(execution.nodes.b!.job).toBeUndefined();
    expect(execution.nodes.c!.status).toBe('pending');
    expect(execution.timeline.at(-1)).toEqual({ at: AT, type: 'execution.cancelled', message: 'cancelled by request' });
  });

  it('cancels a queued run', () => {
    const execution = executionOf(linearGraph());
    finish(execution, 'cancelled', AT);
    expect(execution.status).toBe('cancelled');
  });
});

describe('prepareRedrive', () => {
  it('queues a failed run again as the next attempt: failed nodes pending, succeeded nodes kept', () => {
    // Prepare
    const execution = running();
    execution.nodes.a!.status = 'failed';
    execution.nodes.a!.error = 'boom';
    execution.nodes.a!.attempts = 1;
    execution.nodes.a!.finishedAt = AT;
    execution.error = { nodeId: 'a', message: 'boom' };
    execution.outputs.p = { 'prompt-out': 'kept' };
    finish(execution, 'failed', AT, 'boom');

    // Act
    prepareRedrive(execution, '2025-01-15T10:10:00.000Z');

    // Assess
    expect(execution).toMatchObject({ status: 'queued', attempt: 2, error: null, finishedAt: null });
    expect(execution.nodes.a).toMatchObject({ status: 'pending', error: null, finishedAt: null, attempts: 1 });
    expect(execution.nodes.p!.status).toBe('succeeded');
    expect(execution.outputs.p).toEqual({ 'prompt-out': 'kept' });
    expect(execution.timeline.at(-1)).toEqual({
      at: '2025-01-15T10:10:00.000Z',
      type: 'execution.redriven',
      message: 'attempt 2',
    });
  });

  it('refuses any run that has not failed (409)', () => {
    for (const status of EXECUTION_STATUSES.filter((s) => s !== 'failed')) {
      // Prepare
      const execution = running();
      execution.status = status;

      // Act + Assess
      expect(() => prepareRedrive(execution, AT)).toThrow(ConflictError);
      expect(execution.attempt).toBe(1);
    }
  });
});

describe('assertCancellable', () => {
  it('allows queued and running runs', () => {
    expect(() => assertCancellable('queued', 'exec_x')).not.toThrow();
    expect(() => assertCancellable('running', 'exec_x')).not.toThrow();
  });

  it('refuses terminal runs (409)', () => {
    for (const status of ['succeeded', 'failed', 'cancelled'] as const) {
      expect(() => assertCancellable(status, 'exec_x')).toThrow(ConflictError);
    }
  });
});
