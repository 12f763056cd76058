// gateway: how a tools/call answers, one way for every MCP server here (the gateway, its dynamic-mode
// tools and a published server): a value as structured content with its JSON text copy, a recoverable
// failure as an isError text with its code in `_meta.error`, and a fault of ours as a JSON-RPC internal
// error that names the request.
import { type CallToolResult, ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { DomainError } from '#core/errors';
import { type ErrorBody, errorBody, statusOf } from '#http/errors';

/** A value as a tool answers it: structured, and the same as JSON text for clients that read text only. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** What a failed tool call carries for programs, in `_meta.error`: the HTTP body of the same error, and its status. */
export interface ToolErrorMeta extends ErrorBody {
  status: number;
}

/**
 * A failure the caller can act on: the message and, after it, what to do next (for agents, who read the
 * text), and the code (for programs, who read `_meta.error`). Not in `structuredContent`: the SDK's
 * Client validates any structuredContent against the tool's output schema, error or not.
 */
export function errorResult(error: DomainError, advice?: string): CallToolResult {
  const meta: ToolErrorMeta = { ...errorBody(error), status: statusOf(error) };
  return {
    isError: true,
    content: [{ type: 'text', text: advice ? `${error.message}. ${advice}` : error.message }],
    _meta: { error: meta },
  };
}

/**
 * A JSON-RPC error whose message is ours alone. The SDK's McpError puts `MCP error <code>: ` before its
 * message, and the SDK's server sends that prefixed message on the wire, where the client's McpError
 * prefixes it again (`MCP error -32602: MCP error -32602: Unknown tool…`): the wire gets the bare one.
 */
export function protocolError(code: ErrorCode, message: string, data?: unknown): McpError {
  const error = new McpError(code, message, data);
  error.message = message;
  return error;
}

/** A fault of ours: the caller learns nothing internal (the log gets everything), only whom to quote. */
export function internalError(toolName: string, requestId: string): McpError {
  return protocolError(
    ErrorCode.InternalError,
    `Internal error in ${toolName} (request ${requestId}); try again later`,
  );
}
