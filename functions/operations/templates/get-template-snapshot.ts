// operation: GET /api/mcp/templates/snapshot?templateId= → getTemplateSnapshot → TemplateRepository
import * as z from '#core/schema';
import { getTemplateSnapshot } from '#core/templates/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { TemplateIdField, templateDeps } from './template-deps.ts';
import { TemplateSnapshotView } from './template-views.ts';
import { TEMPLATE, edge, promptNode, template, textNode } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_template_snapshot',
  title: 'Get template snapshot',
  description:
    'Reads a template with its frozen snapshot: the nodes (data and documents), edges and viewport of the canvas as it was when published. Later edits of that canvas do not show here.',
  example: {
    input: { templateId: TEMPLATE },
    status: 200,
    output: { ...template, viewport: { x: 0, y: 0, zoom: 1 }, nodes: [promptNode, textNode], edges: [edge] },
  },
  route: 'templates-snapshot',
  http: readRoute('/api/mcp/templates/snapshot', 'read:canvases', 'templates'),
  input: z.object({ templateId: TemplateIdField }),
  output: TemplateSnapshotView,
  annotations: READ_ONLY,
  async run({ templateId }, { principal }) {
    const { template, snapshot } = await getTemplateSnapshot(principal, templateId, templateDeps);
    return { ...template, ...snapshot };
  },
});
