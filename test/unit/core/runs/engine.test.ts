// unit: engine.advance over frozen graphs — dependency order, fan-out/fan-in, templates, trigger
// outputs, node failures (later nodes stay pending), the port size limit, unsupported node types.
import { describe, expect, it } from 'vitest';
import { DomainError } from '#core/errors';
import { advance } from '#core/runs/engine';
import { EXECUTORS, MAX_PORT_VALUE_BYTES, NodeFailedError, type ExecutorRegistry } from '#core/runs/executors';
import type { WebhookRequestPorts } from '#core/runs/model';
import { edge, executionOf, graph, linearGraph, node, tickingNow } from './support.ts';

describe('advance', () => {
  it('runs prompt → text → output in one step and collects the result', async () => {
    // Prepare
    const frozen = linearGraph('Say: {{input}}', 'hello');
    const execution = executionOf(frozen);

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.status).toBe('running'); // finish() is the caller's job
    expect(execution.startedAt).not.toBeNull();
    expect(execution.outputs).toEqual({
      prompt: { 'prompt-out': 'hello' },
      tpl: { 'text-out': 'Say: hello' },
      out: { value: 'Say: hello' },
    });
    expect(execution.result).toEqual({ out: 'Say: hello' });
    for (const id of ['prompt', 'tpl', 'out']) {
      expect(execution.nodes[id]).toMatchObject({
        status: 'succeeded',
        attempts: 1,
        error: null,
        startedAt: expect.any(String),
        finishedAt: expect.any(String),
      });
    }
    expect(execution.error).toBeNull();
    expect(execution.timeline.map((event) => [event.type, event.nodeId])).toEqual([
      ['execution.queued', undefined],
      ['execution.started', undefined],
      ['node.started', 'prompt'],
      ['node.succeeded', 'prompt'],
      ['node.started', 'tpl'],
      ['node.succeeded', 'tpl'],
      ['node.started', 'out'],
      ['node.succeeded', 'out'],
    ]);
  });

  it('runs nodes in dependency order whatever their order in the graph', async () => {
    // Prepare: creation order is output, text, prompt
    const linear = linearGraph('[{{input}}]', 'x');
    const reversed = graph([...linear.nodes].reverse(), linear.edges);
    const execution = executionOf(reversed, { triggerNodeId: 'prompt' });

    // Act
    const outcome = await advance(execution, reversed, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.result).toEqual({ out: '[x]' });
  });

  it('fans out to two templates and fans in to one output, in edge order', async () => {
    // Prepare
    const frozen = graph(
      [
        node('prompt', 'prompt', { data: { prompt: 'cat' } }),
        node('upper', 'text', { data: { template: 'A {{input}}' } }),
        node('lower', 'text', { data: { template: 'B {{input}}' } }),
        node('join', 'text', { data: { template: '<{{input}}>' } }),
        node('out', 'output'),
      ],
      [
        edge('p-u', 'prompt', 'prompt-out', 'upper', 'text-in'),
        edge('p-l', 'prompt', 'prompt-out', 'lower', 'text-in'),
        edge('u-j', 'upper', 'text-out', 'join', 'text-in'),
        edge('l-j', 'lower', 'text-out', 'join', 'text-in'),
        edge('u-o', 'upper', 'text-out', 'out', 'value-in'),
        edge('l-o', 'lower', 'text-out', 'out', 'value-in'),
      ],
    );
    const execution = executionOf(frozen);

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(execution.outputs.join).toEqual({ 'text-out': '<A cat\nB cat>' }); // joined with newlines
    expect(execution.result).toEqual({ out: ['A cat', 'B cat'] }); // several edges → a list
  });

  it('renders {{input}} and {{inputs.name}}; unknown names render empty and JSON inputs as JSON', async () => {
    // Prepare
    const frozen = linearGraph('{{ input }} / {{inputs.name}} / {{inputs.missing}} / {{inputs.tags}}', 'hi');
    const execution = executionOf(frozen, { inputs: { name: 'Ada', tags: ['a', 1] } });

    // Act
    await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(execution.result).toEqual({ out: 'hi / Ada /  / ["a",1]' });
  });

  it('passes the input through unchanged when a text node has no template', async () => {
    // Prepare
    const frozen = graph(
      [node('prompt', 'prompt', { data: { prompt: 'raw' } }), node('tpl', 'text'), node('out', 'output')],
      [edge('e1', 'prompt', 'prompt-out', 'tpl', 'text-in'), edge('e2', 'tpl', 'text-out', 'out', 'value-in')],
    );
    const execution = executionOf(frozen);

    // Act
    await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(execution.result).toEqual({ out: 'raw' });
  });

  it('lets a string inputs.prompt override the stored prompt, and ignores a non-string one', async () => {
    // Prepare
    const frozen = linearGraph('{{input}}', 'stored');
    const overridden = executionOf(frozen, { inputs: { prompt: 'from the run' } });
    const notText = executionOf(frozen, { inputs: { prompt: 42 } });

    // Act
    await advance(overridden, frozen, EXECUTORS, tickingNow());
    await advance(notText, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(overridden.result).toEqual({ out: 'from the run' });
    expect(notText.result).toEqual({ out: 'stored' });
  });

  it('gives an API-started webhook-trigger node the run inputs as its body', async () => {
    // Prepare
    const frozen = graph(
      [node('hook', 'webhook-trigger'), node('out', 'output')],
      [edge('e1', 'hook', 'body-out', 'out', 'value-in')],
    );
    const execution = executionOf(frozen, { inputs: { order: 7 } });

    // Act
    await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(execution.outputs.hook).toEqual({
      'method-out': 'POST',
      'url-out': '',
      'headers-out': '{}',
      'query-out': '{}',
      'body-out': '{"order":7}',
      'raw-body-out': '{"order":7}',
    });
    expect(execution.result).toEqual({ out: '{"order":7}' });
  });

  it('gives a webhook-started webhook-trigger node the six ports of the request', async () => {
    // Prepare
    const request: WebhookRequestPorts = {
      'method-out': 'PUT',
      'url-out': 'https://base.example/webhook/trigger?x=1',
      'headers-out': '{"authorization":"[redacted]"}',
      'query-out': '{"x":"1"}',
      'body-out': '{"a":1}',
      'raw-body-out': '{ "a": 1, "callbackUrl": "https://cb.example" }',
    };
    const frozen = graph(
      [
        node('hook', 'webhook-trigger'),
        node('tpl', 'text', { data: { template: '{{input}}' } }),
        node('out', 'output'),
      ],
      [
        edge('e1', 'hook', 'method-out', 'tpl', 'text-in'),
        edge('e2', 'hook', 'query-out', 'tpl', 'text-in'),
        edge('e3', 'tpl', 'text-out', 'out', 'value-in'),
      ],
    );
    const execution = executionOf(frozen, { trigger: { kind: 'webhook', request }, inputs: { ignored: true } });

    // Act
    await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(execution.outputs.hook).toEqual(request);
    expect(execution.result).toEqual({ out: 'PUT\n{"x":"1"}' });
  });

  it('fails the run at a failing node: later nodes stay pending and the run error names the node', async () => {
    // Prepare: a text node whose output is over the port limit is a real node failure
    const frozen = graph(
      [
        node('prompt', 'prompt'),
        node('tpl', 'text', { data: { template: '{{input}}{{input}}' } }),
        node('after', 'text'),
        node('out', 'output'),
      ],
      [
        edge('e1', 'prompt', 'prompt-out', 'tpl', 'text-in'),
        edge('e2', 'tpl', 'text-out', 'after', 'text-in'),
        edge('e3', 'after', 'text-out', 'out', 'value-in'),
      ],
    );
    const half = 'x'.repeat(MAX_PORT_VALUE_BYTES / 2 + 1);
    const execution = executionOf(frozen, { inputs: { prompt: half } });

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(execution.nodes.prompt).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(execution.nodes.tpl).toMatchObject({
      status: 'failed',
      attempts: 1,
      error: expect.stringContaining('tpl.text-out'),
    });
    expect(execution.nodes.after).toMatchObject({ status: 'pending', attempts: 0, startedAt: null });
    expect(execution.nodes.out).toMatchObject({ status: 'pending', attempts: 0 });
    expect(execution.error).toEqual({ nodeId: 'tpl', message: execution.nodes.tpl!.error });
    expect(execution.error!.message).toMatch(
      new RegExp(`is \\d+ bytes; a port carries at most ${MAX_PORT_VALUE_BYTES}`),
    );
    expect(execution.outputs.tpl).toBeUndefined(); // a too-large value is never stored
    expect(execution.result).toEqual({});
    expect(execution.timeline.at(-1)).toMatchObject({ type: 'node.failed', nodeId: 'tpl' });
  });

  it('accepts a port value of exactly the port limit and refuses one byte more', async () => {
    // Prepare
    const frozen = graph([node('prompt', 'prompt')]);
    const atLimit = executionOf(frozen, { inputs: { prompt: 'y'.repeat(MAX_PORT_VALUE_BYTES) } });
    const overLimit = executionOf(frozen, { inputs: { prompt: 'y'.repeat(MAX_PORT_VALUE_BYTES + 1) } });

    // Act
    const ok = await advance(atLimit, frozen, EXECUTORS, tickingNow());
    const failed = await advance(overLimit, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(ok).toEqual({ status: 'succeeded' });
    expect(failed).toEqual({ status: 'failed', reason: 'node' });
    expect(overLimit.error).toMatchObject({
      nodeId: 'prompt',
      message: expect.stringContaining(`${MAX_PORT_VALUE_BYTES + 1} bytes`),
    });
  });

  it('counts a port value in UTF-8 bytes, not characters', async () => {
    // Prepare: three-byte characters, fewer characters than the limit but more bytes
    const characters = Math.floor(MAX_PORT_VALUE_BYTES / 3) + 1000;
    const frozen = graph([node('prompt', 'prompt')]);
    const execution = executionOf(frozen, { inputs: { prompt: '€'.repeat(characters) } });

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(characters).toBeLessThan(MAX_PORT_VALUE_BYTES);
    expect(execution.error!.message).toContain(`${characters * 3} bytes`);
  });

  it('fails a node whose type has no executor, naming the type', async () => {
    // Prepare: freezeGraph refuses these at start; the engine must still not crash on one
    const frozen = graph(
      [node('prompt', 'prompt'), node('video', 'video-generation')],
      [edge('e1', 'prompt', 'prompt-out', 'video', 'prompt-in')],
    );
    const execution = executionOf(frozen);

    // Act
    const outcome = await advance(execution, frozen, EXECUTORS, tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(execution.error).toEqual({
      nodeId: 'video',
      message: 'video-generation nodes cannot run in this deployment yet',
    });
    expect(execution.nodes.video).toMatchObject({ status: 'failed' });
  });

  it('shows the message of a domain error but hides the message of any other error', async () => {
    // Prepare
    const frozen = graph([node('a', 'prompt'), node('b', 'text')], [edge('e1', 'a', 'prompt-out', 'b', 'text-in')]);
    const throwing = (error: Error): ExecutorRegistry => ({
      ...EXECUTORS,
      text: {
        kind: 'instant',
        run: () => {
          throw error;
        },
      },
    });
    const domain = executionOf(frozen);
    const internal = executionOf(frozen);

    // Act
    await advance(domain, frozen, throwing(new NodeFailedError('template is broken')), tickingNow());
    await advance(internal, frozen, throwing(new Error('connect ECONNREFUSED 10.0.0.7:5432')), tickingNow());

    // Assess
    expect(new NodeFailedError('x')).toBeInstanceOf(DomainError);
    expect(domain.error).toEqual({ nodeId: 'b', message: 'template is broken' });
    expect(internal.error).toEqual({ nodeId: 'b', message: 'The node failed unexpectedly' });
  });
});
