// operation: POST /api/mcp/templates/publish → publishTemplate → CanvasRepository, TemplateRepository
import * as z from '#core/schema';
import { CanvasId } from '#core/canvas/model';
import { TemplateDescription, TemplateName, VersionNotes } from '#core/templates/model';
import { publishTemplate } from '#core/templates/use-cases';
import { created } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { TemplateIdField, templateDeps } from './template-deps.ts';
import { TemplateView } from './template-views.ts';
import { AT, CANVAS, template } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'publish_template',
  title: 'Publish canvas as template',
  description:
    'Freezes a canvas of the workspace as a template (a copy: later edits of the canvas do not change it). Without templateId a new template is made (201); with templateId that template is republished from the canvas (200): its snapshot is replaced, its revision goes up by one, and the previous snapshot is not kept.',
  example: {
    input: {
      canvasId: CANVAS,
      name: 'Hello flow',
      description: 'Greets whoever calls it',
      versionNotes: 'First version',
    },
    status: 201,
    output: { ...template, revision: 1, versionNotes: 'First version', publishedAt: AT },
    also: {
      status: 200,
      description: 'Republished (templateId given): the snapshot is replaced and the revision goes up by one',
      output: template,
    },
  },
  route: 'templates-publish',
  http: writeRoute('/api/mcp/templates/publish', 'write:canvas', 'templates'),
  input: z.strictObject({
    canvasId: CanvasId.check(z.describe('Canvas to freeze')),
    templateId: z.optional(
      TemplateIdField.check(z.describe('Republish this template (replace its snapshot) instead of creating a new one')),
    ),
    name: z.optional(
      TemplateName.check(
        z.describe("Template name (1–200 characters); default the canvas's name, or the template's when republishing"),
      ),
    ),
    description: z.optional(
      TemplateDescription.check(
        z.describe('What the template is for (up to 2,000 characters); kept on republish unless given'),
      ),
    ),
    versionNotes: z.optional(VersionNotes.check(z.describe('What this revision changes (up to 2,000 characters)'))),
  }),
  output: TemplateView,
  // A republish replaces the previous snapshot for good.
  audit: 'template.publish',
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  async run(input, { principal }) {
    const { template, republished } = await publishTemplate(principal, input, templateDeps);
    return republished ? template : created(template);
  },
});
