// operation helper: the adapters every template route uses, built once per cold start.
import { systemClock } from '#core/clock';
import { canvases } from '#adapters/dynamodb/repositories';
import { DynamoTemplateRepository } from '#adapters/dynamodb/template-repository';
import * as z from '#core/schema';
import { TemplateId } from '#core/templates/model';

export const templateDeps = { templates: new DynamoTemplateRepository(), canvases, clock: systemClock };

export const TemplateIdField = TemplateId.check(z.describe('Id of the template (tpl_…); list_templates shows them'));
