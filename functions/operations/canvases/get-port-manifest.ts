// operation: GET /api/mcp/canvas/ports/manifest → the node-type catalogue (no store access beyond auth)
import * as z from '#core/schema';
import { portManifest } from '#core/canvas/node-types';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PortManifestView } from '#operations/views';

const manifest = portManifest();

export const operation = defineOperation({
  name: 'get_port_manifest',
  title: 'Node types and ports',
  description:
    'Lists every node type: its category, input and output ports with their value types, and the JSON Schema of its data; plus which port types may feed which. Read it before building a canvas.',
  route: 'canvas-ports-manifest',
  http: {
    method: 'GET',
    path: '/api/mcp/canvas/ports/manifest',
    scope: 'read:canvases',
    access: { table: 'read' },
    area: 'canvas',
  },
  input: z.object({}),
  output: PortManifestView,
  annotations: READ_ONLY,
  run: async () => manifest,
});
