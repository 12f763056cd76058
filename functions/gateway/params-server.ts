// gateway: an MCP Server that answers a request whose params do not fit its method's schema with
// -32602 Invalid params. The SDK parses every request against the method's schema inside its own
// handler wrapper and answers a failure with -32603 Internal error and zod's issues as the message
// (`{"jsonrpc":"2.0","method":"initialize","id":1}` → -32603 "expected object … params"): the caller
// sent bad params, and an internal error would tell them (and our alarms) the opposite. Found by
// test/integration/fuzz-gateway.test.ts.
//
//   SDK wrapper: parse(request, a schema of the method name only — always fits) ──► handler below
//   handler below: parse(request, the method's real schema) ── fails ──► McpError(-32602, issues)
//                                                             └─ fits ──► the registered handler
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  getLiteralValue,
  getObjectShape,
  safeParse,
  type AnyObjectSchema,
} from '@modelcontextprotocol/sdk/server/zod-compat.js';
import { ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { protocolError } from './tool-results.ts';
import * as z from '#core/schema';

type Handler = Parameters<Server['setRequestHandler']>[1];

/** Issues as one line: `params.protocolVersion: expected string; …`. */
function describe(error: unknown): string {
  const issues = (error as { issues?: { path: PropertyKey[]; message: string }[] } | undefined)?.issues;
  if (!Array.isArray(issues) || issues.length === 0) return 'they do not match the method';
  return issues
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/**
 * A schema that only names the method, built once per method: a Server is built per request, and
 * building these zod schemas again each time was a tenth of a warm request's gateway time.
 */
const nameOnlySchemas = new Map<string, AnyObjectSchema>();
function nameOnlySchema(method: string): AnyObjectSchema {
  let schema = nameOnlySchemas.get(method);
  if (!schema) {
    schema = z.looseObject({ method: z.literal(method) }) as unknown as AnyObjectSchema;
    nameOnlySchemas.set(method, schema);
  }
  return schema;
}

export class ParamsCheckingServer extends Server {
  // Called by Server's own constructor too (initialize, ping): the override covers those methods.
  override setRequestHandler<T extends AnyObjectSchema>(
    requestSchema: T,
    handler: Parameters<Server['setRequestHandler']>[1],
  ): void {
    const methodSchema = getObjectShape(requestSchema)?.method;
    const method = methodSchema && getLiteralValue(methodSchema);
    if (typeof method !== 'string') {
      super.setRequestHandler(requestSchema, handler as never);
      return;
    }
    const nameOnly = nameOnlySchema(method);
    const checked: Handler = (request, extra) => {
      const parsed = safeParse(requestSchema, request);
      if (!parsed.success)
        throw protocolError(ErrorCode.InvalidParams, `Invalid params for ${method}: ${describe(parsed.error)}`);
      return (handler as Handler)(parsed.data as never, extra);
    };
    // The SDK's Server wraps tools/call to parse its params (and its result) itself, but answers a
    // failure with an McpError whose prefixed message the client prefixes again; Protocol's plain
    // registration skips that wrapper and the check above answers the same -32602, prefixed once.
    if (method === 'tools/call') {
      Protocol.prototype.setRequestHandler.call(this, nameOnly, checked as never);
      return;
    }
    super.setRequestHandler(nameOnly as unknown as T, checked as never);
  }
}
