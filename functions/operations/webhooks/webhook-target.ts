// operation helper: the webhook-trigger node an endpoint belongs to.
import * as z from '#core/schema';
import { CanvasId, ClientId } from '#core/canvas/model';

export const WebhookTarget = z.strictObject({
  canvasId: CanvasId.check(z.describe('Canvas of the webhook-trigger node')),
  triggerNodeId: ClientId.check(z.describe('Id of the webhook-trigger node')),
});
