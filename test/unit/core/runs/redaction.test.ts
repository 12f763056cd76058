// unit: a secret a node reported (NodeContext.conceal) never reaches what the engine stores of that node:
// outputs (however nested, in the forms an echo takes), warnings and the failure message.
import { describe, expect, it } from 'vitest';
import { advance } from '#core/runs/engine';
import { NodeFailedError, type ExecutorRegistry } from '#core/runs/executors';
import { Redactor } from '#core/runs/redaction';
import { graph, executionOf, node, tickingNow } from './support.ts';

const SECRET = 'tok_"quoted"\\slash/and space';

describe('Redactor', () => {
  const redactor = new Redactor();
  redactor.add('connections.http.TOKEN', SECRET);
  const MARK = '[redacted:connections.http.TOKEN]';

  it('replaces the value as is, JSON-escaped and URL-encoded, in strings, arrays, values and keys', () => {
    const echoed = {
      [SECRET]: [`a ${SECRET} b`, JSON.stringify({ echo: SECRET }), `?t=${encodeURIComponent(SECRET)}`],
      n: 3,
    };
    expect(redactor.value(echoed)).toEqual({
      [MARK]: [`a ${MARK} b`, JSON.stringify({ echo: MARK }), `?t=${MARK}`],
      n: 3,
    });
  });

  it('replaces the value in bytes', () => {
    const bytes = Buffer.concat([Buffer.from([0, 255]), Buffer.from(SECRET), Buffer.from([1]), Buffer.from(SECRET)]);
    expect(redactor.bytes(bytes)).toEqual(
      Buffer.concat([Buffer.from([0, 255]), Buffer.from(MARK), Buffer.from([1]), Buffer.from(MARK)]),
    );
  });

  it('changes nothing before a value is added', () => {
    expect(new Redactor().value({ a: SECRET })).toEqual({ a: SECRET });
  });
});

describe('the engine conceals what a node opened', () => {
  const leaky = (fail: boolean): ExecutorRegistry => ({
    prompt: {
      kind: 'instant',
      run: ({ conceal, warn }) => {
        conceal?.('connections.http.TOKEN', SECRET);
        warn?.(`the target said ${SECRET}`);
        if (fail) throw new NodeFailedError(`rejected ${SECRET}`);
        return { 'prompt-out': `echo: ${SECRET}` };
      },
    },
  });

  it('in outputs and warnings', async () => {
    const execution = executionOf(graph([node('p', 'prompt')]));
    await advance(execution, graph([node('p', 'prompt')]), leaky(false), tickingNow());
    expect(execution.outputs.p).toEqual({ 'prompt-out': 'echo: [redacted:connections.http.TOKEN]' });
    expect(JSON.stringify(execution)).not.toContain('tok_');
    expect(execution.timeline.find((event) => event.type === 'node.warning')?.message).toBe(
      'the target said [redacted:connections.http.TOKEN]',
    );
  });

  it('in the failure message of the node and of the run', async () => {
    const execution = executionOf(graph([node('p', 'prompt')]));
    expect(await advance(execution, graph([node('p', 'prompt')]), leaky(true), tickingNow())).toMatchObject({
      status: 'failed',
    });
    expect(execution.error).toEqual({ nodeId: 'p', message: 'rejected [redacted:connections.http.TOKEN]' });
    expect(JSON.stringify(execution)).not.toContain('tok_');
  });
});
