// unit: the lines `npm start` prints (lib/local/activity-log.ts) — their shape, what they leave out,
// and that each run event is printed once however many observers report the run.
import { describe, expect, it } from 'vitest';
import { RunActivityLog, requestLine, runEventLine, runsWrittenBy } from '../../../lib/local/activity-log.ts';
import type { TimelineEvent } from '../../../functions/core/runs/model.ts';

const AT = new Date('2026-01-02T03:04:05.678Z');

describe('requestLine', () => {
  it('names host, method, path, status, time and request id', () => {
    expect(
      requestLine({ host: 'base', method: 'POST', path: '/api/run', status: 202, ms: 14.4, requestId: 'r-1' }, AT),
    ).toBe('03:04:05.678 [base] POST /api/run 202 14 ms req=r-1');
  });

  it('says aborted when no answer was sent, and cannot be made to print a second line', () => {
    const line = requestLine(
      { host: 'app', method: 'GET', path: '/a\nforged 200', status: undefined, ms: 3, requestId: 'r-2' },
      AT,
    );
    expect(line).toBe('03:04:05.678 [app] GET /a?forged 200 aborted 3 ms req=r-2');
    expect(line).not.toContain('\n');
  });
});

describe('runEventLine', () => {
  const execution = {
    executionId: 'exec_1',
    callback: {
      url: 'https://hooks.example.com/t/s3cr3t?sig=abc',
      attempt: 1,
      delivered: false,
      statusCode: 500,
      error: null,
      at: null,
    },
  };
  const event = (type: TimelineEvent['type'], message?: string): TimelineEvent => ({
    at: AT.toISOString(),
    type,
    ...(message ? { message } : {}),
  });

  it('prints run state changes and callback outcomes, not node events', () => {
    expect(runEventLine(execution, event('execution.failed', 'node tpl failed'))).toBe(
      '03:04:05.678 run exec_1 failed: node tpl failed',
    );
    expect(runEventLine(execution, event('callback.failed', 'HTTP 500'))).toBe(
      '03:04:05.678 callback exec_1 failed to https://hooks.example.com (HTTP 500)',
    );
    expect(runEventLine(execution, event('node.succeeded'))).toBeUndefined();
  });

  it('keeps only the origin of a URL quoted in a message', () => {
    const line = runEventLine(
      execution,
      event('callback.failed', 'fetch https://hooks.example.com/t/s3cr3t?sig=abc failed'),
    )!;
    expect(line).not.toMatch(/s3cr3t|sig=/);
    expect(line).toContain('https://hooks.example.com/…');
  });
});

describe('runsWrittenBy', () => {
  const run = { workspaceId: 'ws_1', executionId: 'exec_1' };
  const execution = { PK: 'WS#ws_1', SK: 'EXEC#exec_1' };

  it('finds the execution items a write puts, updates or deletes, in document or wire form', () => {
    expect(runsWrittenBy('PutCommand', { Item: { ...execution, status: 'queued' } })).toEqual([run]);
    expect(runsWrittenBy('PutItemCommand', { Item: { PK: { S: 'WS#ws_1' }, SK: { S: 'EXEC#exec_1' } } })).toEqual([
      run,
    ]);
    expect(runsWrittenBy('UpdateCommand', { Key: execution })).toEqual([run]);
    expect(runsWrittenBy('DeleteItemCommand', { Key: execution })).toEqual([run]);
    expect(
      runsWrittenBy('TransactWriteCommand', {
        TransactItems: [
          { Put: { Item: { PK: 'WS#ws_1', SK: 'IDEMP#k' } } },
          { Put: { Item: execution } },
          { Put: { Item: { PK: 'WS#ws_1', SK: 'EXEC#exec_1#GRAPH' } } },
        ],
      }),
    ).toEqual([run]);
    expect(
      runsWrittenBy('BatchWriteCommand', {
        RequestItems: {
          table: [
            { PutRequest: { Item: execution } },
            { DeleteRequest: { Key: { PK: 'WS#ws_2', SK: 'EXEC#exec_2' } } },
          ],
        },
      }),
    ).toEqual([run, { workspaceId: 'ws_2', executionId: 'exec_2' }]);
  });

  it('ignores reads, other items and the run graph', () => {
    expect(runsWrittenBy('GetCommand', { Key: execution })).toEqual([]);
    expect(runsWrittenBy('GetItemCommand', { Key: execution })).toEqual([]);
    expect(runsWrittenBy('QueryCommand', { Key: execution })).toEqual([]);
    expect(runsWrittenBy('PutCommand', { Item: { PK: 'WS#ws_1', SK: 'CANVAS#c' } })).toEqual([]);
    expect(runsWrittenBy('PutCommand', { Item: { PK: 'WS#ws_1', SK: 'EXEC#exec_1#GRAPH' } })).toEqual([]);
    expect(runsWrittenBy('PutCommand', undefined)).toEqual([]);
  });
});

describe('RunActivityLog', () => {
  it('prints each event once, in order, however often and concurrently the run is observed', async () => {
    // Prepare: a run whose timeline grows between reads
    const timeline: TimelineEvent[] = [{ at: AT.toISOString(), type: 'execution.queued' }];
    const printed: string[] = [];
    const log = new RunActivityLog(
      async () => ({ executionId: 'exec_1', callback: null, timeline: [...timeline] }),
      (line) => printed.push(line),
    );

    // Act
    await Promise.all([log.observe('ws_1', 'exec_1'), log.observe('ws_1', 'exec_1')]);
    timeline.push(
      { at: AT.toISOString(), type: 'execution.started' },
      { at: AT.toISOString(), type: 'node.started', nodeId: 'a' },
      { at: AT.toISOString(), type: 'execution.succeeded' },
    );
    await Promise.all([log.observe('ws_1', 'exec_1'), log.observe('ws_1', 'exec_1')]);

    // Assess
    expect(printed.map((line) => line.slice(13))).toEqual([
      'run exec_1 queued',
      'run exec_1 started',
      'run exec_1 succeeded',
    ]);
  });

  it('keeps going when a read fails', async () => {
    const log = new RunActivityLog(
      async () => Promise.reject(new Error('table down')),
      () => {},
    );
    await expect(log.observe('ws_1', 'exec_1')).resolves.toBeUndefined();
  });
});
