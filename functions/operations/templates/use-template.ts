// operation: POST /api/mcp/templates/use → useTemplate → TemplateRepository, CanvasRepository
import * as z from '#core/schema';
import { CanvasId, CanvasName } from '#core/canvas/model';
import { useTemplate } from '#core/templates/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { TemplateIdField, templateDeps } from './template-deps.ts';
import { UsedTemplateView } from './template-views.ts';
import { TEMPLATE, canvas, edge, promptNode, textNode } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'use_template',
  title: 'New canvas from template',
  description:
    "Creates a new canvas from a template's current revision: same nodes, data, documents, edges and viewport under fresh node and edge ids (nodeIds maps template node ids to the new ones). Webhook-trigger nodes start unregistered: call register_webhook for a new URL and secret.",
  example: {
    input: { templateId: TEMPLATE, name: 'Hello flow (copy)' },
    status: 201,
    output: {
      ...canvas,
      id: 'cnv_01jd8x9h1k3m5p7r9t1v3x5z7b',
      name: 'Hello flow (copy)',
      version: 1,
      nodes: [
        { ...promptNode, id: 'node_01jd8x9h1k3m5p7r9t1v3x5z7c' },
        { ...textNode, id: 'node_01jd8x9h1k3m5p7r9t1v3x5z7d' },
      ],
      edges: [
        {
          ...edge,
          id: 'edge_01jd8x9h1k3m5p7r9t1v3x5z7e',
          source: 'node_01jd8x9h1k3m5p7r9t1v3x5z7c',
          target: 'node_01jd8x9h1k3m5p7r9t1v3x5z7d',
        },
      ],
      templateId: TEMPLATE,
      templateRevision: 2,
      nodeIds: { prompt: 'node_01jd8x9h1k3m5p7r9t1v3x5z7c', tpl: 'node_01jd8x9h1k3m5p7r9t1v3x5z7d' },
      edgeIds: { edge_prompt_tpl: 'edge_01jd8x9h1k3m5p7r9t1v3x5z7e' },
    },
  },
  route: 'templates-use',
  http: writeRoute('/api/mcp/templates/use', 'write:canvas', 'templates'),
  input: z.strictObject({
    templateId: TemplateIdField,
    name: z.optional(
      CanvasName.check(z.describe("Name of the new canvas (1–200 characters); default the template's name")),
    ),
    canvasId: z.optional(
      CanvasId.check(z.describe('Canvas id to use ([A-Za-z0-9_-], up to 64); omit to get a generated cnv_… id')),
    ),
  }),
  output: UsedTemplateView,
  audit: 'canvas.create',
  annotations: CREATES,
  async run(input, { principal }) {
    const { canvas, nodeIds, edgeIds, template } = await useTemplate(principal, input, templateDeps);
    return created({ ...canvas, templateId: template.id, templateRevision: template.revision, nodeIds, edgeIds });
  },
});
