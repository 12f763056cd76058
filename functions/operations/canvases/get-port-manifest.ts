// operation: GET /api/mcp/canvas/ports/manifest → the node-type catalogue (no store access beyond auth)
import * as z from '#core/schema';
import { portManifest } from '#core/canvas/node-types';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PortManifestView } from '#operations/views';
import { readRoute } from '#operations/route-facts';

const manifest = portManifest();

export const operation = defineOperation({
  name: 'get_port_manifest',
  title: 'Node types and ports',
  description:
    'Lists every node type: its category, input and output ports with their value types, and the JSON Schema of its data; plus which port types may feed which. Read it before building a canvas.',
  example: {
    input: {},
    status: 200,
    output: {
      portTypes: ['text', 'video', 'audio', 'any'],
      compatibility: { text: ['text', 'any'] },
      nodeTypes: [
        {
          type: 'text',
          available: true,
          inputs: [{ id: 'text-in', type: 'text' }],
          outputs: [{ id: 'text-out', type: 'text' }],
        },
        {
          type: 'audio-generation',
          available: false,
          unavailableReason:
            'Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
          inputs: [{ id: 'text-in', type: 'text' }],
          outputs: [{ id: 'audio-out', type: 'audio' }],
        },
      ],
    },
  },
  route: 'canvas-ports-manifest',
  http: readRoute('/api/mcp/canvas/ports/manifest', 'read:canvases', 'canvas'),
  input: z.object({}),
  output: PortManifestView,
  annotations: READ_ONLY,
  run: async () => manifest,
});
