// The four signature schemes as a person meets them: a name, where the provider shows its secret, and
// the shape the service checks (functions/core/webhooks/signing-secrets.ts), said before the call is made.
import type { Scheme, WebhookListing } from './types.ts';

export const SCHEMES: readonly { id: Scheme; label: string; where: string }[] = [
  { id: 'github', label: 'GitHub', where: 'the Secret field of the GitHub webhook' },
  { id: 'stripe', label: 'Stripe', where: 'the endpoint’s Signing secret in the Stripe Dashboard (whsec_…)' },
  { id: 'shopify', label: 'Shopify', where: 'the app’s client secret or the store’s webhook signing key' },
  {
    id: 'standard-webhooks',
    label: 'Standard Webhooks / Svix',
    where: 'the endpoint’s signing secret (whsec_ + base64)',
  },
];

export const schemeLabel = (scheme: Scheme) => SCHEMES.find((entry) => entry.id === scheme)?.label ?? scheme;

/** Why a pasted secret will be refused, or undefined when it looks right. */
export function secretProblem(scheme: Scheme, secret: string): string | undefined {
  if (secret === '') return 'Paste the secret first.';
  if (!/^[\x21-\x7e]+$/.test(secret))
    return 'The secret has spaces or other characters no provider uses: paste it exactly as the provider shows it.';
  const ok =
    scheme === 'github'
      ? secret.length >= 8
      : scheme === 'stripe'
        ? /^whsec_[A-Za-z0-9]{16,}$/.test(secret)
        : scheme === 'shopify'
          ? secret.length >= 16
          : /^whsec_[A-Za-z0-9+/_-]{32,}={0,2}$/.test(secret);
  return ok
    ? undefined
    : `That does not look like a ${schemeLabel(scheme)} signing secret: use ` +
        `${SCHEMES.find((entry) => entry.id === scheme)!.where}.`;
}

/** How a trigger is named on screen: its label, else its node id. */
export const hookName = (hook: Pick<WebhookListing, 'nodeLabel' | 'triggerNodeId'>) =>
  hook.nodeLabel ?? hook.triggerNodeId;

export interface CanvasGroup {
  canvasId: string;
  canvasName: string;
  archived: boolean;
  hooks: WebhookListing[];
}

/** Triggers by canvas, canvases by name, registered triggers first within one. */
export function groupByCanvas(hooks: readonly WebhookListing[]): CanvasGroup[] {
  const groups = new Map<string, CanvasGroup>();
  for (const hook of hooks) {
    const group = groups.get(hook.canvasId) ?? {
      canvasId: hook.canvasId,
      canvasName: hook.canvasName,
      archived: hook.canvasArchived,
      hooks: [],
    };
    group.hooks.push(hook);
    groups.set(hook.canvasId, group);
  }
  return [...groups.values()]
    .map((group) => ({
      ...group,
      hooks: [...group.hooks].sort(
        (a, b) => Number(b.registered) - Number(a.registered) || hookName(a).localeCompare(hookName(b)),
      ),
    }))
    .sort((a, b) => a.canvasName.localeCompare(b.canvasName) || a.canvasId.localeCompare(b.canvasId));
}
