// What a person reads when an asset action fails. A refusal from the asset tools is the server's own
// sentence (purge names the canvases and nodes that use the asset); the gateway's advice to agents
// after it ("Read the current state again (get_canvas…)") is for programs, not people, so it is cut.
import { ToolError } from '../../mcp/tools.ts';
import { describeError } from '../../ui/describe-error.ts';

const AGENT_ADVICE = /\.?\s*(Read the current state again|Fix the arguments of|Check the id:).*$/s;

export function describeAssetError(error: unknown): string {
  if (error instanceof ToolError && error.code !== 'missing-scope' && error.status !== undefined) {
    const sentence = error.message.replace(AGENT_ADVICE, '').trim();
    return sentence.endsWith('.') ? sentence : `${sentence}.`;
  }
  return describeError(error);
}
