// operation helper: the adapters every template route uses — a view onto the composition root's handles.
import { systemClock } from '#core/clock';
import { canvases, templates } from '#adapters/composition/stores';
import * as z from '#core/schema';
import { TemplateId } from '#core/templates/model';

export const templateDeps = { templates, canvases, clock: systemClock };

export const TemplateIdField = TemplateId.check(z.describe('Id of the template (tpl_…); list_templates shows them'));
