// What a person reads when something fails: the tool's own sentence when it has one, and for the
// failures that are not about the request, what happened and what to do.
import { SignInError } from '../auth/session.ts';
import { OFFLINE } from '../mcp/client.ts';
import { ToolError } from '../mcp/tools.ts';

export function describeError(error: unknown): string {
  if (error instanceof SignInError) return error.message;
  if (error instanceof ToolError) {
    if (error.code === OFFLINE) return error.message;
    if (error.status === 409) return `Someone else changed this meanwhile. ${error.message}`;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
