// route: POST /api/mcp/templates/delete → deleteTemplate → TemplateRepository
import * as z from '#core/schema';
import { deleteTemplate } from '#core/templates/use-cases';
import { operationRoute } from '#http/operation-route';
import { DESTROYS, defineOperation } from '#operations/operation';
import { TemplateIdField, templateDeps } from './deps.ts';
import { DeletedTemplateView } from './views.ts';

export const operation = defineOperation({
  name: 'delete_template',
  title: 'Delete template',
  description:
    'Deletes a template and its snapshot for good. Canvases made from it are independent copies and stay as they are.',
  route: 'templates-delete',
  input: z.strictObject({ templateId: TemplateIdField }),
  output: DeletedTemplateView,
  annotations: DESTROYS,
  async run({ templateId }, { principal }) {
    await deleteTemplate(principal, templateId, templateDeps);
    return { deleted: true as const, id: templateId };
  },
});

export const handler = operationRoute(operation);
