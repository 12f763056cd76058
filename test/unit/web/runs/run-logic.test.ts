// The run panel's pure logic: node and run statuses in words, the polling schedule, what an output is,
// and what a node was charged.
import { describe, expect, it } from 'vitest';
import { chargedCredits, lastChargesOf } from '../../../../web/src/runs/charges.ts';
import { outputKind } from '../../../../web/src/runs/output-kind.ts';
import { FIRST_POLL_MS, MAX_POLL_MS, WAITING_POLL_MS, nextPollDelay } from '../../../../web/src/runs/polling.ts';
import {
  executionStatusView,
  failedNodeId,
  isTerminal,
  nodeErrorText,
  nodeStatusView,
} from '../../../../web/src/runs/status.ts';
import type { CreditTransaction, NodeRunState, NodeStatus } from '../../../../web/src/runs/types.ts';

const node = (status: NodeStatus): NodeRunState => ({
  type: 'text',
  status,
  startedAt: null,
  finishedAt: null,
  error: null,
});

describe('statuses', () => {
  it('says every node state in words, with a distinct tone', () => {
    const states = ['pending', 'running', 'waiting', 'succeeded', 'skipped', 'failed', 'cancelled'] as const;
    const views = states.map((status) => nodeStatusView({ status }));
    expect(views.map((view) => view.label)).toEqual([
      'Queued',
      'Running',
      'Waiting on provider',
      'Succeeded',
      'Skipped (branch not taken)',
      'Failed',
      'Cancelled',
    ]);
    expect(new Set(views.map((view) => view.tone)).size).toBe(7);
  });

  it('shows an unknown status as its own word', () => {
    expect(nodeStatusView({ status: 'paused' as NodeRunState['status'] }).label).toBe('paused');
    expect(executionStatusView('archived').label).toBe('archived');
  });

  it('knows the terminal statuses and the failed node', () => {
    expect(['queued', 'running', 'succeeded', 'failed', 'cancelled'].map(isTerminal)).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(failedNodeId({ a: node('succeeded'), b: node('failed'), c: node('pending') })).toBe('b');
    expect(failedNodeId({ a: node('succeeded') })).toBeUndefined();
  });

  it('reads a node error stored as text or as an object', () => {
    expect(nodeErrorText({ error: 'Template failed' })).toBe('Template failed');
    expect(nodeErrorText({ error: { message: 'No credits' } })).toBe('No credits');
    expect(nodeErrorText({ error: null })).toBeUndefined();
  });
});

describe('the polling schedule', () => {
  const running = (nodes: Record<string, NodeRunState>) => ({ status: 'running' as const, nodes });

  it('starts quickly and backs off to a modest pace', () => {
    const delays = [0, 1, 2, 3, 4, 10].map((polls) => nextPollDelay(running({ a: node('running') }), polls));
    expect(delays[0]).toBe(FIRST_POLL_MS);
    for (let i = 1; i < delays.length; i++) expect(delays[i]!).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays.at(-1)).toBe(MAX_POLL_MS);
  });

  it('slows down while every busy node waits on a provider', () => {
    expect(nextPollDelay(running({ a: node('succeeded'), v: node('waiting') }), 0)).toBe(WAITING_POLL_MS);
    expect(nextPollDelay(running({ v: node('waiting'), t: node('running') }), 0)).toBe(FIRST_POLL_MS);
  });

  it('stops when the run is terminal', () => {
    for (const status of ['succeeded', 'failed', 'cancelled'] as const)
      expect(nextPollDelay({ status, nodes: {} }, 3)).toBeNull();
    expect(nextPollDelay({ status: 'queued', nodes: {} }, 0)).toBe(FIRST_POLL_MS);
  });
});

describe('output kinds', () => {
  it('tells text from JSON, including text that parses as JSON', () => {
    expect(outputKind('You said: hello')).toEqual({ kind: 'text', text: 'You said: hello' });
    expect(outputKind('{"a":1}')).toEqual({ kind: 'json', value: { a: 1 } });
    expect(outputKind('{not json}')).toEqual({ kind: 'text', text: '{not json}' });
    expect(outputKind({ status: 200 })).toEqual({ kind: 'json', value: { status: 200 } });
    expect(outputKind([1, 2])).toEqual({ kind: 'json', value: [1, 2] });
    expect(outputKind(42)).toEqual({ kind: 'text', text: '42' });
    expect(outputKind('')).toEqual({ kind: 'empty' });
    expect(outputKind(null)).toEqual({ kind: 'empty' });
  });

  it('recognises generated media assets by kind or content type', () => {
    expect(outputKind({ assetId: 'ast_1', kind: 'video', contentType: 'video/mp4', size: 9, name: 'v.mp4' })).toEqual({
      kind: 'asset',
      media: 'video',
      assetId: 'ast_1',
      contentType: 'video/mp4',
      name: 'v.mp4',
    });
    expect(outputKind({ assetId: 'ast_2', kind: 'x', contentType: 'audio/mpeg' })).toMatchObject({ media: 'audio' });
    expect(outputKind({ assetId: 'ast_3', kind: 'image', contentType: 'image/png' })).toMatchObject({ media: 'image' });
    expect(outputKind({ assetId: 'ast_4', kind: 'document', contentType: 'application/pdf' })).toMatchObject({
      media: 'other',
    });
  });

  it('recognises media URLs by extension and large values stored aside', () => {
    expect(outputKind('https://cdn.example.com/a/clip.MP4?sig=1')).toEqual({
      kind: 'url',
      media: 'video',
      url: 'https://cdn.example.com/a/clip.MP4?sig=1',
    });
    expect(outputKind('https://example.com/page')).toEqual({ kind: 'text', text: 'https://example.com/page' });
    expect(outputKind({ blob: { url: 'https://s3/x', bytes: 524288 } })).toEqual({
      kind: 'blob',
      url: 'https://s3/x',
      bytes: 524288,
    });
  });
});

describe('charges', () => {
  const usage = (credits: number, executionId: string, nodeId: string, canvasId = 'cnv_1'): CreditTransaction => ({
    type: 'usage',
    credits,
    resource: { canvasId, executionId, nodeId },
  });
  const transactions: CreditTransaction[] = [
    usage(-40, 'exec_2', 'video'),
    { type: 'refund', credits: 10, resource: { canvasId: 'cnv_1', executionId: 'exec_2', nodeId: 'video' } },
    usage(-100, 'exec_1', 'video'),
    usage(-7, 'exec_1', 'speech'),
    usage(-3, 'exec_9', 'video', 'cnv_other'),
    { type: 'grant', credits: 1000 },
  ];

  it('sums the usage entries naming the run and node, as a positive charge', () => {
    expect(chargedCredits(transactions, 'exec_1', 'video')).toBe(100);
    expect(chargedCredits(transactions, 'exec_2', 'video')).toBe(40);
    expect(chargedCredits(transactions, 'exec_1', 'other')).toBeUndefined();
  });

  it("keeps each node's most recent charged run on this canvas", () => {
    expect(lastChargesOf(transactions, 'cnv_1')).toEqual({ video: 40, speech: 7 });
  });
});
