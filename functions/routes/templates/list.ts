// route: GET /api/mcp/templates/list → listTemplates → TemplateRepository
import { listTemplates } from '#core/templates/use-cases';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { pageOf } from '#operations/views';
import { templateDeps } from './deps.ts';
import { TemplateView } from './views.ts';

export const operation = defineOperation({
  name: 'list_templates',
  title: 'List templates',
  description:
    'Lists the templates of the workspace (name, description, revision, node and edge counts), oldest first, a page at a time. Read one with get_template_snapshot; start a canvas from one with use_template.',
  route: 'templates-list',
  input: PageInput,
  output: pageOf(TemplateView, 'Templates'),
  annotations: READ_ONLY,
  run: (query, { principal }) => listTemplates(principal, query, templateDeps),
});

export const handler = operationRoute(operation);
