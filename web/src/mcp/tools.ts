/**
 * The one seam every screen uses to talk to the service: an MCP tool call that answers the tool's
 * structuredContent. Screens (and the canvas editor) depend on this interface, not on the MCP SDK,
 * so they can be tested with a fake and the transport can change without touching them.
 */
export interface ToolClient {
  call<T = unknown>(name: string, args: Record<string, unknown>): Promise<T>;
}

/**
 * A tool answered isError (or the gateway refused the call). `status` is the HTTP-like status the
 * gateway reports in the error's structured content when it has one (403 missing scope, 409 version
 * conflict, 402 credits…), so a screen can say what happened in words and react to conflicts.
 */
export class ToolError extends Error {
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly details: unknown;

  constructor(message: string, options: { status?: number; code?: string; details?: unknown } = {}) {
    super(message);
    this.name = 'ToolError';
    this.status = options.status;
    this.code = options.code;
    this.details = options.details;
  }
}
