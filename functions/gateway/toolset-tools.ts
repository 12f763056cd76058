// gateway: the dynamic mode's three tools (`?toolsets=dynamic`, docs/gateway.md, Toolsets). An agent that
// starts with almost nothing listed finds the toolsets, reads the tools of the one it needs and calls them
// through call_tool. In GitHub's server, enabling a toolset changes the session's tool list and the server
// says so (notifications/tools/list_changed); this gateway is stateless and answers in JSON, so it has no
// session to change and no stream to notify on — the agent carries what it learnt in its own context.
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import * as z from '#core/schema';
import { describeIssues } from '#http/parse';
import { errorResult, jsonResult } from './tool-results.ts';
import { NotFoundError, ValidationError } from '#core/errors';
import { TOOLSETS } from './toolsets.ts';

const READ_ONLY = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

export const TOOLSET_TOOLS: readonly Tool[] = [
  {
    name: 'list_toolsets',
    title: 'List toolsets',
    description: 'Lists the toolsets (named groups of tools): name, what it is for, its tool names.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { title: 'List toolsets', ...READ_ONLY },
  },
  {
    name: 'get_toolset_tools',
    title: 'Get toolset tools',
    description: 'Answers the tools of one toolset with their input schemas; call them with call_tool.',
    inputSchema: {
      type: 'object',
      properties: { toolset: { type: 'string', description: 'Toolset name, from list_toolsets' } },
      required: ['toolset'],
    },
    annotations: { title: 'Get toolset tools', ...READ_ONLY },
  },
  {
    name: 'call_tool',
    title: 'Call tool',
    description: 'Calls any tool by name (get_toolset_tools shows its arguments) and answers its result.',
    inputSchema: {
      type: 'object',
      properties: {
        name: { type: 'string', description: 'Tool name' },
        arguments: { type: 'object', description: "The tool's arguments" },
      },
      required: ['name'],
    },
    // It may call anything: the hints of the most dangerous tool it can reach.
    annotations: {
      title: 'Call tool',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
      openWorldHint: true,
    },
  },
];

const TOOLSET_TOOL_NAMES = new Set(TOOLSET_TOOLS.map((tool) => tool.name));
export const isToolsetTool = (name: string): boolean => TOOLSET_TOOL_NAMES.has(name);

const GetToolsetTools = z.object({ toolset: z.string() });
const CallTool = z.object({ name: z.string(), arguments: z.optional(z.record(z.string(), z.unknown())) });

export interface ToolsetToolsDeps {
  /** The tools of one toolset this caller's scopes allow, as tools/list would show them. */
  readonly toolsOf: (toolset: string) => Tool[];
  /** A tool call, exactly as tools/call answers it. */
  readonly call: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>;
}

export async function callToolsetTool(
  name: string,
  args: Record<string, unknown>,
  deps: ToolsetToolsDeps,
): Promise<CallToolResult> {
  if (name === 'list_toolsets') {
    return jsonResult({
      toolsets: TOOLSETS.map((toolset) => ({
        name: toolset.name,
        description: toolset.description,
        tools: toolset.tools,
      })),
    });
  }
  if (name === 'get_toolset_tools') {
    const parsed = GetToolsetTools.safeParse(args);
    if (!parsed.success)
      return errorResult(
        new ValidationError(describeIssues('arguments', parsed.error)),
        `Fix them and call ${name} again.`,
      );
    if (!TOOLSETS.some((toolset) => toolset.name === parsed.data.toolset))
      return errorResult(new NotFoundError(`Unknown toolset ${parsed.data.toolset}: list_toolsets names them`));
    return jsonResult({ toolset: parsed.data.toolset, tools: deps.toolsOf(parsed.data.toolset) });
  }
  const parsed = CallTool.safeParse(args);
  if (!parsed.success)
    return errorResult(
      new ValidationError(describeIssues('arguments', parsed.error)),
      `Fix them and call ${name} again.`,
    );
  if (isToolsetTool(parsed.data.name))
    return errorResult(new ValidationError(`call_tool calls the toolsets' tools, not ${parsed.data.name}`));
  return deps.call(parsed.data.name, parsed.data.arguments ?? {});
}
