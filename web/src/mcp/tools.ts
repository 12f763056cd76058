import type { ToolInputs, ToolName, ToolOutputs } from './contract.generated.ts';

export type { ToolName } from './contract.generated.ts';
/** A tool's arguments, from its input schema (contract.generated.ts). */
export type ToolInput<N extends ToolName> = ToolInputs[N];
/** A tool's structuredContent, from its output schema; the client validates every answer against it. */
export type ToolOutput<N extends ToolName> = ToolOutputs[N];

/**
 * The studio's view of the gateway: a tool call returns the tool's structuredContent, or throws
 * ToolError. Typed by tool name from the generated contract: the arguments are checked at compile
 * time, the answer at run time (GatewayClient). Screens and the canvas editor depend on this
 * interface, not on the MCP SDK, so they can be tested with a fake and the transport can change
 * without touching them.
 */
export interface ToolClient {
  call<N extends ToolName>(name: N, args: ToolInput<N>): Promise<ToolOutput<N>>;
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
