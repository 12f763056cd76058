// unit: the status row of a webhook-trigger node (functions/core/webhooks/model.ts), from its trigger
// (registered or not) and the status of its last run.
import { describe, expect, it } from 'vitest';
import { NOT_CONFIGURED, statusRow, type WebhookTrigger } from '#core/webhooks/model';

const registered: WebhookTrigger = {
  workspaceId: 'ws_test',
  canvasId: 'cnv_test',
  triggerNodeId: 'hook',
  salt: 'salt',
  secretHash: 'hash',
  createdAt: '2025-01-15T10:00:00.000Z',
  lastTriggeredAt: null,
  lastExecutionId: null,
};
const triggered: WebhookTrigger = {
  ...registered,
  lastTriggeredAt: '2025-01-15T10:05:00.000Z',
  lastExecutionId: 'exec_1',
};

describe('statusRow', () => {
  it('is Not configured / Idle without a trigger', () => {
    expect(statusRow(undefined, undefined)).toEqual({
      configuration: 'Not configured',
      execution: 'Idle',
      lastTriggeredAt: null,
      lastExecutionId: null,
    });
    expect(statusRow(undefined, 'succeeded')).toEqual(NOT_CONFIGURED);
  });

  it('is Ready / Idle once registered and never called', () => {
    expect(statusRow(registered, undefined)).toEqual({
      configuration: 'Ready',
      execution: 'Idle',
      lastTriggeredAt: null,
      lastExecutionId: null,
    });
  });

  it.each([
    ['queued', 'Running'],
    ['running', 'Running'],
    ['succeeded', 'Triggered'],
    ['failed', 'Error'],
    ['cancelled', 'Error'],
  ] as const)('is Ready / %s → %s after a call whose run is in that status', (runStatus, execution) => {
    expect(statusRow(triggered, runStatus)).toEqual({
      configuration: 'Ready',
      execution,
      lastTriggeredAt: '2025-01-15T10:05:00.000Z',
      lastExecutionId: 'exec_1',
    });
  });

  it('is Running while the last run cannot be read yet (accepted, not yet visible), never a made-up Triggered', () => {
    expect(statusRow(triggered, undefined).execution).toBe('Running');
  });

  it("never stores or reports Loading (the editor's own state)", () => {
    for (const status of [undefined, 'queued', 'succeeded', 'failed']) {
      expect(statusRow(triggered, status).configuration).toBe('Ready');
      expect(statusRow(undefined, status).configuration).toBe('Not configured');
    }
  });
});
