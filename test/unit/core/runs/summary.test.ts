// unit: a run as lists show it — the trigger is the snapshot's object (one shape), minus a webhook's request.
import { describe, expect, it } from 'vitest';
import { summarizeExecution, summarizeTrigger } from '#core/runs/model';
import { executionOf, linearGraph } from './support.ts';

describe('summarizeTrigger', () => {
  it('keeps api and replay triggers as they are and drops only a webhook request', () => {
    expect(summarizeTrigger({ kind: 'api' })).toEqual({ kind: 'api' });
    expect(summarizeTrigger({ kind: 'replay', replayOf: 'exec_1' })).toEqual({ kind: 'replay', replayOf: 'exec_1' });
    const request = {
      'method-out': 'POST',
      'url-out': 'u',
      'headers-out': '{}',
      'query-out': '{}',
      'body-out': '',
      'raw-body-out': '',
    };
    expect(summarizeTrigger({ kind: 'webhook', request })).toEqual({ kind: 'webhook' });
  });

  it('is what summarizeExecution lists', () => {
    const execution = executionOf(linearGraph(), { trigger: { kind: 'replay', replayOf: 'exec_0' } });
    expect(summarizeExecution(execution).trigger).toEqual({ kind: 'replay', replayOf: 'exec_0' });
  });
});
