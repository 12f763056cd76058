// core: the old names of the canvas edits (edits.ts), kept while the catalogue operations that import them
// move (functions/operations/authoring). @deprecated Import from edits.ts; this file goes once nothing
// imports it.
export * from './edits.ts';
export {
  EDIT_FIELDS as OPERATION_FIELDS,
  CanvasEdit as CanvasOperation,
  applyEdit as applyOperation,
} from './edits.ts';
export type { CanvasEditName as OperationName, CanvasEditResult as OperationResult } from './edits.ts';
