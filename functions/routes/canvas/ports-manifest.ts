// route: GET /api/mcp/canvas/ports/manifest → the node-type catalogue (no store access beyond auth)
import { portManifest } from '#core/canvas/node-types';
import { defineRoute } from '#http/route';

const manifest = portManifest();

export const handler = defineRoute('canvas-ports-manifest', {}, async () => manifest);
