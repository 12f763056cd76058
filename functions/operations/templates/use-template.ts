// operation: POST /api/mcp/templates/use → useTemplate → TemplateRepository, CanvasRepository
import * as z from '#core/schema';
import { CanvasId, CanvasName } from '#core/canvas/model';
import { useTemplate } from '#core/templates/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { TemplateIdField, templateDeps } from './template-deps.ts';
import { UsedTemplateView } from './template-views.ts';

export const operation = defineOperation({
  name: 'use_template',
  title: 'New canvas from template',
  description:
    "Creates a new canvas from a template's current revision: same nodes, data, documents, edges and viewport under fresh node and edge ids (nodeIds maps template node ids to the new ones). Webhook-trigger nodes start unregistered: call register_webhook for a new URL and secret.",
  route: 'templates-use',
  http: {
    method: 'POST',
    path: '/api/mcp/templates/use',
    scope: 'write:canvas',
    access: { table: 'readWrite' },
    area: 'templates',
  },
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
  annotations: CREATES,
  async run(input, { principal }) {
    const { canvas, nodeIds, edgeIds, template } = await useTemplate(principal, input, templateDeps);
    return created({ ...canvas, templateId: template.id, templateRevision: template.revision, nodeIds, edgeIds });
  },
});
