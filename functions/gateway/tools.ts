// gateway: the catalogue as MCP tools. Each call gets a fresh low-level Server (stateless: nothing of
// one caller can leak into another's) whose tools/list shows the selected toolsets' tools the caller's
// scopes allow (toolsets.ts) and whose tools/call runs the operation's use case in-process — never the
// service's own routes. The selection shapes the list only; scopes decide what may be called.
// tools/list is answered from the tool index rendered at build time from the catalogue
// (tool-index-source.ts); an operation's module is imported at its tool's first call, so a cold
// gateway runs only what its calls need.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import {
  ConflictError,
  DomainError,
  MissingScopeError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitedError,
  ValidationError,
} from '#core/errors';
import type { Principal } from '#core/keys/api-key';
import { describeRequirement, meetsRequirement, type ScopeRequirement } from '#core/scopes';
import { telemetry } from '#core/telemetry';
import { describeIssues } from '#http/parse';
import { answeredValue as valueOfOutcome } from '#operations/outcome';
import type { OperationContext } from '#operations/operation';
import { NO_ELICITATION } from './no-elicitation.ts';
import { ParamsCheckingServer } from './params-server.ts';
import { errorResult, internalError, jsonResult, protocolError } from './tool-results.ts';
import type { ToolIndexEntry } from './tool-index.ts';
import TOOL_INDEX from './tool-index.generated.json' with { type: 'json' };
import { TOOL_LOADERS } from './tool-loaders.generated.ts';
import { TOOLSET_TOOLS, callToolsetTool, isToolsetTool } from './toolset-tools.ts';
import { TOOLSETS, compactTool, toolsetOf, type ToolSelection } from './toolsets.ts';
import { runOperation } from '#operations/run-operation';

export const SERVER_INFO = { name: 'workspace-automation', version: '1.0.0' };

const INSTRUCTIONS = [
  'Workspace automation: canvases of nodes and edges that run as workflows.',
  'Build: get_port_manifest (node types, ports), create_canvas,',
  'add_node / add_edge or patch_canvas for many edits at once.',
  'Run: run_workflow from a prompt or webhook-trigger node,',
  'then get_execution until its status is succeeded, failed or cancelled.',
  'Lists take limit and cursor and answer nextCursor. Failed calls say what to do next.',
  'More tools (assets, templates, webhooks, workspace, credits, integrations, code host, generation):',
  'add ?toolsets=<names> or ?toolsets=all to this server URL,',
  'or ?toolsets=dynamic to discover them with list_toolsets.',
].join(' ');

/**
 * The module promise is kept: a second `import()` of a loaded module is cheap in a bundle but, under a
 * module loader with resolve hooks (tsx in local mode and the bench), it resolves again on every call —
 * a quarter of a warm tools/call's time before this was kept.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => {
    loaded ??= load().catch((error: unknown) => {
      loaded = undefined;
      throw error;
    });
    return loaded;
  };
}

// Built once per cold start.
let entries: Map<string, ToolIndexEntry> | undefined;
function catalogue(): Map<string, ToolIndexEntry> {
  entries ??= new Map(
    (TOOL_INDEX as unknown as ReadonlyArray<Omit<ToolIndexEntry, 'load'>>).map((entry) => [
      entry.tool.name,
      { ...entry, load: once(TOOL_LOADERS[entry.tool.name]!) },
    ]),
  );
  return entries;
}

const allows = (principal: Principal, scope: ScopeRequirement | null) => meetsRequirement(principal.scopes, scope);

// Compacted once per cold start (toolsets.ts compactTool).
let compacted: Map<string, Tool> | undefined;
function listed(name: string): Tool {
  compacted ??= new Map([...catalogue().values()].map((entry) => [entry.tool.name, compactTool(entry.tool)]));
  return compacted.get(name)!;
}

/** The tools of the selected toolsets this principal may call, in catalogue order (all of them without a selection). */
export function toolsFor(principal: Principal, selection?: ToolSelection): Tool[] {
  const tools = [...catalogue().values()]
    .filter((entry) => selection === undefined || selection.toolsets.has(toolsetOf(entry.tool.name) ?? ''))
    .filter((entry) => allows(principal, entry.scope))
    .map((entry) => listed(entry.tool.name));
  return selection?.dynamic ? [...TOOLSET_TOOLS, ...tools] : tools;
}

/** One toolset's tools this principal may call, as tools/list shows them. */
function toolsetTools(principal: Principal, toolset: string): Tool[] {
  const names = new Set(TOOLSETS.find((entry) => entry.name === toolset)?.tools ?? []);
  return [...catalogue().values()]
    .filter((entry) => names.has(entry.tool.name) && allows(principal, entry.scope))
    .map((entry) => listed(entry.tool.name));
}

/** What an agent should do next after a recoverable failure (its code says the same to programs). */
function adviceOn(error: DomainError, toolName: string): string | undefined {
  if (error instanceof ValidationError) return `Fix the arguments of ${toolName} and call it again.`;
  if (error instanceof NotFoundError) return 'Check the id: list_canvases and list_canvas_executions show what exists.';
  if (error instanceof ConflictError)
    return 'Read the current state again (get_canvas, get_execution) before deciding to retry.';
  if (error instanceof RateLimitedError) return `Retry after ${error.retryAfterSeconds} s.`;
  if (error instanceof PayloadTooLargeError) return 'Send less in one call (split a patch into several).';
  return undefined;
}

export interface GatewayCall {
  readonly principal: Principal;
  /** Which toolsets tools/list shows (toolsets.ts selectionOf). */
  readonly selection: ToolSelection;
  readonly remainingMs: () => number;
  readonly publicBaseUrl: () => string;
  readonly requestId: string;
}

/** A Server for one request, bound to its caller. */
export function createGatewayServer(call: GatewayCall): Server {
  // Bad params of any method are -32602 Invalid params, not the SDK's -32603 (params-server.ts).
  const server = new ParamsCheckingServer(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: NO_ELICITATION,
  });
  const context: OperationContext = {
    principal: call.principal,
    surface: 'mcp',
    remainingMs: call.remainingMs,
    header: () => undefined,
    publicBaseUrl: call.publicBaseUrl,
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: toolsFor(call.principal, call.selection) }));

  const callOperation = async (name: string, args: Record<string, unknown>): Promise<CallToolResult> => {
    const entry = catalogue().get(name);
    if (!entry)
      throw protocolError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name}. Call tools/list for the tools this credential may use.`,
      );
    if (!allows(call.principal, entry.scope)) {
      const needed = describeRequirement(entry.scope) ?? '';
      return errorResult(
        new MissingScopeError(needed),
        `This credential cannot call ${name}; use a key or grant that holds ${needed}.`,
      );
    }
    const { operation } = await entry.load();
    const parsed = operation.input.safeParse(args);
    if (!parsed.success)
      return errorResult(
        new ValidationError(describeIssues('arguments', parsed.error)),
        `Fix them and call ${name} again.`,
      );
    try {
      const answer = await runOperation(operation, parsed.data, context);
      return jsonResult(valueOfOutcome(answer) as Record<string, unknown>);
    } catch (error) {
      if (error instanceof DomainError) return errorResult(error, adviceOn(error, name));
      // A fault of ours: the agent learns nothing internal, the log gets everything.
      telemetry.error('Tool call failed', { tool: name, requestId: call.requestId, error: describe(error) });
      throw internalError(name, call.requestId);
    }
  };

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const { name, arguments: args } = request.params;
    // The dynamic mode's tools answer whatever the selection: a client that knows them may use them.
    if (isToolsetTool(name))
      return callToolsetTool(name, args ?? {}, {
        toolsOf: (toolset) => toolsetTools(call.principal, toolset),
        call: (tool, toolArgs) =>
          catalogue().has(tool)
            ? callOperation(tool, toolArgs)
            : Promise.resolve(
                errorResult(new NotFoundError(`Unknown tool: ${tool}`), "get_toolset_tools shows a toolset's tools."),
              ),
      });
    return callOperation(name, args ?? {});
  });
  return server;
}

function describe(error: unknown) {
  return error instanceof Error
    ? { name: error.name, message: error.message, stack: error.stack }
    : { value: String(error) };
}
