// operation helper: the input of the calls that name a canvas upload already reserved (verify, cancel): its
// upload id, and optionally the canvas it was reserved for.
import * as z from '#core/schema';
import { CanvasIdField } from '#operations/authoring/canvas-edit';
import { UploadIdField } from './asset-fields.ts';

export const CanvasUploadTarget = z.strictObject({ uploadId: UploadIdField, canvasId: z.optional(CanvasIdField) });
