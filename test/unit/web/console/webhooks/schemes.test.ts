// Webhook listing helpers: grouping by canvas, names, and the signing-secret shapes said before a call.
import { describe, expect, it } from 'vitest';
import { groupByCanvas, hookName, secretProblem } from '../../../../../web/src/console/webhooks/schemes.ts';
import type { WebhookListing } from '../../../../../web/src/console/webhooks/types.ts';

const hook = (
  canvasId: string,
  canvasName: string,
  triggerNodeId: string,
  registered: boolean,
  nodeLabel: string | null = null,
): WebhookListing => ({
  canvasId,
  canvasName,
  canvasArchived: false,
  triggerNodeId,
  nodeLabel,
  registered,
  webhookUrl: null,
  signedUrls: null,
  registeredAt: null,
  lastTriggeredAt: null,
  lastExecutionId: null,
  signingSecrets: null,
});

describe('groupByCanvas', () => {
  it('groups by canvas, canvases by name, registered hooks first', () => {
    const groups = groupByCanvas([
      hook('c2', 'Zeta', 'a', false),
      hook('c1', 'Alpha', 'b', false),
      hook('c2', 'Zeta', 'z', true),
    ]);
    expect(groups.map((group) => [group.canvasName, group.hooks.map((entry) => entry.triggerNodeId)])).toEqual([
      ['Alpha', ['b']],
      ['Zeta', ['z', 'a']],
    ]);
  });
});

describe('hookName', () => {
  it('prefers the label, else the node id', () => {
    expect(hookName(hook('c', 'C', 'hook-1', true, 'Orders'))).toBe('Orders');
    expect(hookName(hook('c', 'C', 'hook-1', true))).toBe('hook-1');
  });
});

describe('secretProblem', () => {
  it('accepts what each provider issues', () => {
    expect(secretProblem('stripe', 'whsec_abcdefghijklmnop1234')).toBeUndefined();
    expect(secretProblem('github', 'eight-ch')).toBeUndefined();
    expect(secretProblem('shopify', 'x'.repeat(16))).toBeUndefined();
    expect(secretProblem('standard-webhooks', `whsec_${'A'.repeat(32)}==`)).toBeUndefined();
  });

  it('names the provider and where its secret is, without repeating the secret', () => {
    const problem = secretProblem('stripe', 'sk_live_not_a_signing_secret');
    expect(problem).toContain('Stripe');
    expect(problem).not.toContain('sk_live');
    expect(secretProblem('github', 'has space')).toContain('spaces');
    expect(secretProblem('shopify', '')).toBe('Paste the secret first.');
  });
});
