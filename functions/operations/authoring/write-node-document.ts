// operation: POST /api/mcp/canvas/node/document-write → applyOperations (one 'node/document-write' operation) →
// CanvasRepository
import { UPDATES } from '#operations/operation';
import { NodeEditView } from '#operations/views';
import { canvasEditOperation } from './canvas-edit.ts';
import { CANVAS, edit, textNode } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = canvasEditOperation({
  example: {
    input: { canvasId: CANVAS, nodeId: 'tpl', content: '# Notes\nGreets the caller.', format: 'markdown' },
    status: 200,
    output: {
      ...textNode,
      data: { ...textNode.data, document: { content: '# Notes\nGreets the caller.', format: 'markdown' } },
      ...edit,
    },
  },
  route: 'canvas-node-document-write',
  http: writeRoute('/api/mcp/canvas/node/document-write', 'write:canvas', 'canvas'),
  op: 'node/document-write',
  name: 'write_node_document',
  title: 'Write node document',
  description: 'Replaces the document attached to a node (markdown, text or JSON notes that travel with the canvas).',
  output: NodeEditView,
  // Replaces the whole document: the previous text is gone.
  annotations: { ...UPDATES, destructiveHint: true },
});
