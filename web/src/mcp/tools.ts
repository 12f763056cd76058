/**
 * The studio's view of the gateway: a tool call returns the tool's structuredContent, or throws
 * ToolError. Screens and the canvas editor depend on this interface, not on the MCP SDK, so they can
 * be tested with a fake and the transport can change without touching them.
 */
export interface ToolClient {
  call<T = unknown>(name: string, args: Record<string, unknown>): Promise<T>;
}

export interface ToolErrorOptions {
  status?: number;
  code?: string;
  details?: unknown;
}

/**
 * A tool answered isError, or the gateway refused the call. `status` is the HTTP-like status the
 * gateway reports (403 missing scope, 409 version conflict, 402 credits…) so a screen can say what
 * happened in words and react to conflicts. The second argument may be a bare status, as fakes in
 * tests write it.
 */
export class ToolError extends Error {
  readonly status?: number;
  readonly code?: string;
  readonly details?: unknown;

  constructor(message: string, statusOrOptions?: number | ToolErrorOptions) {
    super(message);
    this.name = 'ToolError';
    const options = typeof statusOrOptions === 'number' ? { status: statusOrOptions } : (statusOrOptions ?? {});
    if (options.status !== undefined) this.status = options.status;
    if (options.code !== undefined) this.code = options.code;
    if (options.details !== undefined) this.details = options.details;
  }
}
