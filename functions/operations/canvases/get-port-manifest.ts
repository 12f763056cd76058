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
          label: 'Text template',
          category: 'transform',
          description: 'Renders a template; {{input}} is replaced by the joined text inputs.',
          trigger: false,
          available: true,
          inputs: [{ name: 'text-in', type: 'text', label: 'Text', multiple: true, optional: true }],
          outputs: [{ name: 'text-out', type: 'text', label: 'Text' }],
          dataSchema: { type: 'object', properties: { template: { type: 'string' } } },
        },
        {
          type: 'audio-generation',
          label: 'Audio generation',
          category: 'generation',
          description: 'Text to speech with the speech provider; MP3 output.',
          trigger: false,
          available: false,
          unavailableReason:
            'Audio generation cannot run yet: no speech provider is connected in this deployment, so a run that reaches this node is refused',
          inputs: [{ name: 'text-in', type: 'text', label: 'Text', optional: true }],
          outputs: [{ name: 'audio-out', type: 'audio', label: 'Audio', mimeType: 'audio/mpeg' }],
          dataSchema: { type: 'object', properties: { voice: { type: 'string' } } },
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
