// operation: POST /api/mcp/workspace/assets/place → placeAsset → one canvas edit (node data.assetId)
import * as z from '#core/schema';
import { ClientId } from '#core/canvas/model';
import { placeAsset } from '#core/assets/use-cases';
import { UPDATES, defineOperation } from '#operations/operation';
import { CanvasTarget } from '#operations/authoring/canvas-edit';
import { AssetIdField, deps } from './asset-fields.ts';
import { ASSET, CANVAS } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'place_asset',
  title: 'Place asset on a node',
  description:
    'Shows an asset on a canvas node (sets its data.assetId), replacing any asset the node showed. get_asset_usages then lists the node.',
  example: {
    input: { assetId: ASSET, canvasId: CANVAS, nodeId: 'tpl' },
    status: 200,
    output: { assetId: ASSET, canvasId: CANVAS, nodeId: 'tpl', canvasVersion: 4 },
  },
  route: 'workspace-assets-place',
  http: writeRoute('/api/mcp/workspace/assets/place', 'write:canvas', 'assets'),
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
  audit: 'canvas.update',
  annotations: UPDATES,
  run: (input, { principal }) => placeAsset(principal, input, deps),
});
