// listAllWebhooks follows list_webhooks' cursor (a page may hold no webhook) and stops at its cap.
import { describe, expect, it } from 'vitest';
import { listAllWebhooks } from '../../../../../web/src/console/webhooks/webhooks-api.ts';
import type { ToolClient } from '../../../../../web/src/mcp/tools.ts';

function pages(answers: { items: unknown[]; nextCursor: string | null }[]) {
  const calls: Record<string, unknown>[] = [];
  const tools: ToolClient = {
    call: async <T>(name: string, args: Record<string, unknown>) => {
      expect(name).toBe('list_webhooks');
      calls.push(args);
      return answers[Math.min(calls.length - 1, answers.length - 1)] as T;
    },
  };
  return { tools, calls };
}

describe('listAllWebhooks', () => {
  it('reads every page, empty ones included', async () => {
    const { tools, calls } = pages([
      { items: [], nextCursor: 'p2' },
      { items: [{ triggerNodeId: 'a' }], nextCursor: 'p3' },
      { items: [{ triggerNodeId: 'b' }], nextCursor: null },
    ]);
    const answer = await listAllWebhooks(tools);
    expect(answer.complete).toBe(true);
    expect(answer.items).toHaveLength(2);
    expect(calls).toEqual([{ limit: 25 }, { limit: 25, cursor: 'p2' }, { limit: 25, cursor: 'p3' }]);
  });

  it('says it is incomplete rather than reading without end', async () => {
    const { tools, calls } = pages([{ items: [{ triggerNodeId: 'x' }], nextCursor: 'more' }]);
    const answer = await listAllWebhooks(tools);
    expect(answer.complete).toBe(false);
    expect(calls).toHaveLength(40);
  });
});
