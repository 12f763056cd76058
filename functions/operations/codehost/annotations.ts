// operation helper: code-host reads change nothing here but reach GitHub (open world).
import { READ_ONLY, type OperationAnnotations } from '#operations/operation';

export const CODEHOST_READ: OperationAnnotations = { ...READ_ONLY, openWorldHint: true };
