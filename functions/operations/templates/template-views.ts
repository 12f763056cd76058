// operation helper: what the template operations answer (tool outputSchema and OpenAPI), in the manner of
// functions/operations/views.ts.
import * as z from '#core/schema';
import { CanvasView, EdgeView, NodeView } from '#operations/views';

const text = (description: string) => z.string().check(z.describe(description));
const count = (description: string) => z.number().check(z.describe(description));
const timestamp = (description: string) => z.string().check(z.describe(`${description} (ISO 8601, UTC)`));

export const TemplateView = z.looseObject({
  id: text('Template id (tpl_…)'),
  workspaceId: text('Workspace the template belongs to'),
  name: text('Template name'),
  description: text('What the template is for (may be empty)'),
  versionNotes: text('Notes of the current revision (may be empty)'),
  revision: count('1 at first publish, +1 at each republish'),
  sourceCanvasId: text('Canvas the current revision was frozen from'),
  sourceCanvasVersion: count('Version of that canvas when it was frozen'),
  nodeCount: count('Nodes in the snapshot'),
  edgeCount: count('Edges in the snapshot'),
  snapshotBytes: count('Size of the snapshot as JSON'),
  createdAt: timestamp('First published'),
  publishedAt: timestamp('Current revision published'),
});

export const TemplateSnapshotView = z.looseObject({
  ...TemplateView.shape,
  viewport: z
    .looseObject({ x: z.number(), y: z.number(), zoom: z.number() })
    .check(z.describe('Viewport saved with the canvas')),
  nodes: z
    .array(NodeView)
    .check(z.describe("Frozen nodes with their data and documents (ids are the source canvas's)")),
  edges: z.array(EdgeView).check(z.describe('Frozen edges')),
});

export const UsedTemplateView = z.looseObject({
  ...CanvasView.shape,
  templateId: text('Template the canvas was made from'),
  templateRevision: count('Revision of the template that was used'),
  nodeIds: z
    .record(z.string(), z.string())
    .check(z.describe("Template node id → the new canvas's node id (e.g. to find the trigger node)")),
  edgeIds: z.record(z.string(), z.string()).check(z.describe("Template edge id → the new canvas's edge id")),
});

export const DeletedTemplateView = z.looseObject({
  deleted: z.literal(true).check(z.describe('Always true: the template is gone (canvases made from it stay)')),
  id: text('Id of the deleted template'),
});
