// use case: the workspace's webhook-trigger nodes across canvases, registered or not, for a console.
//
// The table has no workspace-wide webhook query (triggers are keyed WEBHOOK#<canvas>#<node> and read per
// canvas), so the list is derived from the canvases: a page of canvases, each read (its nodes say which
// are webhook-trigger nodes), and "hooks of a canvas" queried only for those that have one — the same
// reads canvas state makes. One GetItem per canvas on the page, plus one Query per canvas with hooks.
//
// Nothing secret is answered: the URLs name a trigger by the hash of its secret (as the signed URLs
// always do), and stored provider signing secrets are reported only as set or not, and when.
import type { Principal } from '../keys/api-key.ts';
import type { CanvasRepository, WebhookRepository } from '../ports.ts';
import type { Page } from '../pagination.ts';
import type { WebhookTrigger } from './model.ts';
import { SIGNATURE_SCHEMES, signedUrls, webhookUrlOf, type SignatureScheme } from './signatures.ts';

export interface WebhookListing {
  canvasId: string;
  canvasName: string;
  canvasArchived: boolean;
  triggerNodeId: string;
  /** The node's own label, when it has one. */
  nodeLabel: string | null;
  registered: boolean;
  webhookUrl: string | null;
  signedUrls: Record<SignatureScheme, string> | null;
  registeredAt: string | null;
  lastTriggeredAt: string | null;
  lastExecutionId: string | null;
  /** Per scheme: whether a provider signing secret is stored, and since when; null when not registered. */
  signingSecrets: Record<SignatureScheme, { set: boolean; setAt: string | null }> | null;
}

export interface ListWebhooksDeps {
  canvases: Pick<CanvasRepository, 'list' | 'get'>;
  webhooks: Pick<WebhookRepository, 'listForCanvas'>;
  /** Origin of the base host, for webhookUrl. */
  publicBaseUrl: string;
}

function secretsSet(trigger: WebhookTrigger): NonNullable<WebhookListing['signingSecrets']> {
  const view = {} as NonNullable<WebhookListing['signingSecrets']>;
  for (const scheme of SIGNATURE_SCHEMES) {
    const stored = trigger.signingSecrets?.[scheme];
    view[scheme] = { set: stored !== undefined, setAt: stored?.setAt ?? null };
  }
  return view;
}

export async function listWebhooks(
  principal: Principal,
  query: { limit: number; cursor?: string },
  deps: ListWebhooksDeps,
): Promise<Page<WebhookListing>> {
  const page = await deps.canvases.list(principal.workspaceId, {
    limit: query.limit,
    cursor: query.cursor,
    includeArchived: true,
  });
  const webhookUrl = webhookUrlOf(deps.publicBaseUrl);
  const perCanvas = await Promise.all(
    page.items.map(async (summary): Promise<WebhookListing[]> => {
      const canvas = await deps.canvases.get(principal.workspaceId, summary.id);
      const hookNodes = canvas?.nodes.filter((node) => node.type === 'webhook-trigger') ?? [];
      if (!canvas || hookNodes.length === 0) return [];
      const triggers = await deps.webhooks.listForCanvas(principal.workspaceId, canvas.id);
      return hookNodes.map((node) => {
        // A trigger older than its node belongs to a deleted node of the same id: not this one's.
        const trigger = triggers.find(
          (candidate) =>
            candidate.triggerNodeId === node.id && Date.parse(node.createdAt) <= Date.parse(candidate.createdAt),
        );
        return {
          canvasId: canvas.id,
          canvasName: canvas.name,
          canvasArchived: canvas.archived,
          triggerNodeId: node.id,
          nodeLabel: typeof node.data.label === 'string' && node.data.label.trim() !== '' ? node.data.label : null,
          registered: trigger !== undefined,
          webhookUrl: trigger ? webhookUrl : null,
          signedUrls: trigger ? signedUrls(webhookUrl, trigger.secretHash) : null,
          registeredAt: trigger?.createdAt ?? null,
          lastTriggeredAt: trigger?.lastTriggeredAt ?? null,
          lastExecutionId: trigger?.lastExecutionId ?? null,
          signingSecrets: trigger ? secretsSet(trigger) : null,
        };
      });
    }),
  );
  return { items: perCanvas.flat(), nextCursor: page.nextCursor };
}
