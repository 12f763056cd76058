// What a person reads when something fails: a tool's failure is already worded by its code
// (mcp/errors.ts); for the failures that are not about the request, what happened and what to do.
import { SignInError } from '../auth/session.ts';
import { ToolError } from '../mcp/tools.ts';

export function describeError(error: unknown): string {
  if (error instanceof SignInError || error instanceof ToolError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
