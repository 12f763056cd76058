// gateway: how a tools/call answers, one way for every MCP server here (the gateway, its dynamic-mode
// tools and a published server): a value as structured content with its JSON text copy, a recoverable
// failure as an isError text, and a fault of ours as a JSON-RPC internal error that names the request.
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** A value as a tool answers it: structured, and the same as JSON text for clients that read text only. */
export function jsonResult(value: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value };
}

/** A failure the caller can act on, told in words. */
export function errorResult(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

/** A fault of ours: the caller learns nothing internal (the log gets everything), only whom to quote. */
export function internalError(toolName: string, requestId: string): McpError {
  return new McpError(ErrorCode.InternalError, `Internal error in ${toolName} (request ${requestId}); try again later`);
}
