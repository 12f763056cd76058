import { describe, expect, it } from 'vitest';
import { estimateText, requestEstimate } from '../../../../web/src/runs/cost-estimate.ts';
import type { ToolClient } from '../../../../web/src/mcp/tools.ts';

describe('requestEstimate', () => {
  it('asks estimate_canvas_cost once per canvas version, however many nodes show it', async () => {
    const calls: unknown[] = [];
    const tools: ToolClient = {
      async call<T>(name: string, args: Record<string, unknown>) {
        calls.push({ name, args });
        return { canvasId: 'cnv_est', canvasVersion: 3, nodes: [], totalCredits: 0, complete: true } as T;
      },
    };
    requestEstimate(tools, 'cnv_est', 3);
    requestEstimate(tools, 'cnv_est', 3);
    requestEstimate(tools, 'cnv_est', 2);
    requestEstimate(tools, 'cnv_est', 4);
    expect(calls).toEqual([
      { name: 'estimate_canvas_cost', args: { canvasId: 'cnv_est' } },
      { name: 'estimate_canvas_cost', args: { canvasId: 'cnv_est' } },
    ]);
  });
});

describe('estimateText', () => {
  const base = { nodeId: 'v', type: 'video-generation', sku: 'video-seconds', unit: 'Seconds', unitPrice: 8 };
  it('says about N credits per run, with the last charge when there is one', () => {
    expect(estimateText({ ...base, credits: 40, quantity: 5 }, undefined)).toBe('About 40 credits per run');
    expect(estimateText({ ...base, credits: 40, quantity: 5 }, 24)).toBe(
      'About 40 credits per run · last run charged 24',
    );
  });
  it('says what the cost depends on when only the run can know', () => {
    expect(
      estimateText({ ...base, credits: null, reason: 'Depends on the text that reaches text-in' }, undefined),
    ).toBe('Costs credits per run: Depends on the text that reaches text-in');
  });
  it('falls back to the last charge before an estimate is answered', () => {
    expect(estimateText(undefined, undefined)).toBe('Costs credits per run (charged when it runs)');
    expect(estimateText(undefined, 12)).toBe('Costs credits: last run charged 12');
  });
});
