// operation: GET /api/mcp/templates/list → listTemplates → TemplateRepository
import { listTemplates } from '#core/templates/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { pageOf } from '#operations/views';
import { templateDeps } from './template-deps.ts';
import { TemplateView } from './template-views.ts';
import { template } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'list_templates',
  title: 'List templates',
  description:
    'Lists the templates of the workspace (name, description, revision, node and edge counts), oldest first, a page at a time. Read one with get_template_snapshot; start a canvas from one with use_template.',
  example: { input: { limit: 20 }, status: 200, output: { items: [template], nextCursor: null } },
  route: 'templates-list',
  http: readRoute('/api/mcp/templates/list', 'read:canvases', 'templates'),
  input: PageInput,
  output: pageOf(TemplateView, 'Templates'),
  annotations: READ_ONLY,
  run: (query, { principal }) => listTemplates(principal, query, templateDeps),
});
