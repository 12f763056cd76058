// use cases: publish a canvas as a template, list and read templates, start a canvas from one, delete one.
import { NotFoundError, PayloadTooLargeError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import type { Principal } from '../keys/api-key.ts';
import type { Page, PageQuery } from '../pagination.ts';
import type { CanvasRepository } from '../ports.ts';
import { CANVAS_MAX_BYTES, type Canvas } from '../canvas/model.ts';
import { getCanvas } from '../canvas/use-cases.ts';
import { assertStorable } from '../storable.ts';
import { freezeCanvas, instantiate } from './freeze.ts';
import { TEMPLATE_ID_PREFIX, type Template, type TemplateSnapshot } from './model.ts';
import type { TemplateRepository } from './ports.ts';

export interface TemplateDeps {
  templates: TemplateRepository;
  canvases: CanvasRepository;
  clock: Clock;
}

/** A snapshot is never larger than the canvas it came from; checked again so a template can always be used. */
export const TEMPLATE_SNAPSHOT_MAX_BYTES = CANVAS_MAX_BYTES;

export interface PublishInput {
  canvasId: string;
  /** Republish: replace this template's snapshot (revision + 1) instead of creating a new template. */
  templateId?: string;
  name?: string;
  description?: string;
  versionNotes?: string;
}

const snapshotBytes = (snapshot: TemplateSnapshot) => Buffer.byteLength(JSON.stringify(snapshot), 'utf8');

/**
 * Freezes a canvas of the principal's workspace into a template.
 *
 *   no templateId ──▶ a new template (revision 1), named after the canvas unless a name is given
 *   templateId ─────▶ republish: same id, revision + 1, snapshot replaced; name and description kept
 *                     unless given; conditioned on the revision read (a concurrent republish → 409)
 */
export async function publishTemplate(
  principal: Principal,
  input: PublishInput,
  deps: TemplateDeps,
): Promise<{ template: Template; republished: boolean }> {
  const existing = input.templateId === undefined ? undefined : await getTemplate(principal, input.templateId, deps);
  const canvas = await getCanvas(principal, input.canvasId, deps);
  const snapshot = freezeCanvas(canvas);
  assertStorable(snapshot, 'template');
  const bytes = snapshotBytes(snapshot);
  if (bytes > TEMPLATE_SNAPSHOT_MAX_BYTES) {
    throw new PayloadTooLargeError(
      `Template snapshot would be ${bytes} bytes; the limit is ${TEMPLATE_SNAPSHOT_MAX_BYTES} bytes`,
    );
  }
  const now = deps.clock.now().toISOString();
  const frozen = describeSnapshot(canvas, snapshot, bytes);
  if (existing) {
    const template: Template = {
      ...existing,
      ...frozen,
      name: input.name ?? existing.name,
      description: input.description ?? existing.description,
      versionNotes: input.versionNotes ?? '',
      revision: existing.revision + 1,
      publishedAt: now,
    };
    await deps.templates.replace(template, snapshot, existing.revision);
    return { template, republished: true };
  }
  const template: Template = {
    id: newId(TEMPLATE_ID_PREFIX),
    workspaceId: principal.workspaceId,
    name: input.name ?? canvas.name,
    description: input.description ?? '',
    versionNotes: input.versionNotes ?? '',
    revision: 1,
    ...frozen,
    createdAt: now,
    publishedAt: now,
  };
  await deps.templates.create(template, snapshot);
  return { template, republished: false };
}

function describeSnapshot(canvas: Canvas, snapshot: TemplateSnapshot, bytes: number) {
  return {
    sourceCanvasId: canvas.id,
    sourceCanvasVersion: canvas.version,
    nodeCount: snapshot.nodes.length,
    edgeCount: snapshot.edges.length,
    snapshotBytes: bytes,
  };
}

/** A template of the principal's workspace; another workspace's template is simply not found. */
export async function getTemplate(
  principal: Principal,
  templateId: string,
  deps: Pick<TemplateDeps, 'templates'>,
): Promise<Template> {
  const template = await deps.templates.get(principal.workspaceId, templateId);
  if (!template) throw new NotFoundError(`Template ${templateId} not found`);
  return template;
}

export async function getTemplateSnapshot(
  principal: Principal,
  templateId: string,
  deps: Pick<TemplateDeps, 'templates'>,
): Promise<{ template: Template; snapshot: TemplateSnapshot }> {
  const found = await deps.templates.getWithSnapshot(principal.workspaceId, templateId);
  if (!found) throw new NotFoundError(`Template ${templateId} not found`);
  return found;
}

export function listTemplates(
  principal: Principal,
  query: PageQuery,
  deps: Pick<TemplateDeps, 'templates'>,
): Promise<Page<Template>> {
  return deps.templates.list(principal.workspaceId, query);
}

/**
 * A new canvas in the principal's workspace from a template's current revision: fresh canvas, node and
 * edge ids, version 1, no webhook registrations. One conditional write: the canvas appears whole or not at all.
 */
export async function useTemplate(
  principal: Principal,
  input: { templateId: string; name?: string; canvasId?: string },
  deps: TemplateDeps,
) {
  const { template, snapshot } = await getTemplateSnapshot(principal, input.templateId, deps);
  const built = instantiate(snapshot, {
    canvasId: input.canvasId ?? newId(ID_PREFIX.canvas),
    workspaceId: principal.workspaceId,
    name: input.name ?? template.name,
    now: deps.clock.now().toISOString(),
    templateId: template.id,
  });
  await deps.canvases.create(built.canvas);
  return { ...built, template };
}

/** Deletes a template and its snapshot. Canvases made from it are independent copies and stay. */
export async function deleteTemplate(
  principal: Principal,
  templateId: string,
  deps: Pick<TemplateDeps, 'templates'>,
): Promise<void> {
  const deleted = await deps.templates.delete(principal.workspaceId, templateId);
  if (!deleted) throw new NotFoundError(`Template ${templateId} not found`);
}
