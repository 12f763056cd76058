// route: POST /api/mcp/workspace/assets/place → placeAsset → one canvas edit (node data.assetId)
import * as z from '#core/schema';
import { ClientId } from '#core/canvas/model';
import { placeAsset } from '#core/assets/use-cases';
import { operationRoute } from '#http/operation-route';
import { UPDATES, defineOperation } from '#operations/operation';
import { CanvasTarget } from '#routes/canvas/edit-route';
import { AssetIdField, deps } from './shared.ts';

export const operation = defineOperation({
  name: 'place_asset',
  title: 'Place asset on a node',
  description:
    'Shows an asset on a canvas node (sets its data.assetId), replacing any asset the node showed. get_asset_usages then lists the node.',
  route: 'workspace-assets-place',
  input: z.strictObject({
    assetId: AssetIdField,
    ...CanvasTarget.shape,
    nodeId: ClientId.check(z.describe('Node to show the asset on')),
  }),
  output: z.looseObject({
    assetId: z.string().check(z.describe('The asset placed')),
    canvasId: z.string().check(z.describe('The canvas edited')),
    nodeId: z.string().check(z.describe('The node now showing the asset')),
    canvasVersion: z.number().check(z.describe('The canvas version after the edit')),
  }),
  annotations: UPDATES,
  run: (input, { principal }) => placeAsset(principal, input, deps),
});

export const handler = operationRoute(operation);
