// What a person reads when an asset action fails. A refusal from the asset tools is the server's own
// sentence (purge names the canvases and nodes that use the asset), worded by its code in mcp/errors.ts
// without the advice meant for agents.
import { describeError } from '../../ui/describe-error.ts';

export function describeAssetError(error: unknown): string {
  return describeError(error);
}
