// operation: POST /api/mcp/templates/delete → deleteTemplate → TemplateRepository
import * as z from '#core/schema';
import { deleteTemplate } from '#core/templates/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { TemplateIdField, templateDeps } from './template-deps.ts';
import { DeletedTemplateView } from './template-views.ts';
import { TEMPLATE } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'delete_template',
  title: 'Delete template',
  description:
    'Deletes a template and its snapshot for good. Canvases made from it are independent copies and stay as they are.',
  example: { input: { templateId: TEMPLATE }, status: 200, output: { deleted: true, id: TEMPLATE } },
  route: 'templates-delete',
  http: writeRoute('/api/mcp/templates/delete', 'write:canvas', 'templates'),
  input: z.strictObject({ templateId: TemplateIdField }),
  output: DeletedTemplateView,
  audit: 'template.delete',
  annotations: DESTROYS,
  async run({ templateId }, { principal }) {
    await deleteTemplate(principal, templateId, templateDeps);
    return { deleted: true as const, id: templateId };
  },
});
