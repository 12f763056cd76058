// gateway: which tools a tools/list shows. The catalogue's named toolsets (toolsets.generated.json) are
// the unit of choice, as in GitHub's MCP server: a client names them in `?toolsets=` on the gateway URL or
// in an `X-MCP-Toolsets` header, or takes the compact default that covers the common job (read a canvas,
// author it, run it, read the run). `dynamic` lists three tools instead, with which an agent discovers the
// toolsets and calls their tools as it needs them (toolset-tools.ts) — the stateless gateway cannot tell
// a client that its list changed. The selection shapes the list only: scopes alone decide what a
// credential may call, so a client that knows a tool's name calls it whatever it listed.
//
//   ?toolsets=canvases,runs | X-MCP-Toolsets: canvases,runs   those groups
//   (none) | default                                          DEFAULT_TOOLSETS
//   all                                                       every group
//   dynamic[,groups…]                                         list_toolsets, get_toolset_tools, call_tool (+ groups)
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { ValidationError } from '#core/errors';
import TOOLSET_INDEX from './toolsets.generated.json' with { type: 'json' };
import type { ToolsetIndexEntry } from './toolset-index-source.ts';

export const TOOLSETS: readonly ToolsetIndexEntry[] = TOOLSET_INDEX;

/** The common job, end to end: find or read a canvas, build it, run it, read the run. */
export const DEFAULT_TOOLSETS: readonly string[] = ['canvases', 'authoring', 'runs'];

export const TOOLSETS_QUERY = 'toolsets';
export const TOOLSETS_HEADER = 'x-mcp-toolsets';

export interface ToolSelection {
  /** The groups whose tools tools/list shows. */
  readonly toolsets: ReadonlySet<string>;
  /** Also list the discovery tools (list_toolsets, get_toolset_tools, call_tool). */
  readonly dynamic: boolean;
}

export const DEFAULT_SELECTION: ToolSelection = { toolsets: new Set(DEFAULT_TOOLSETS), dynamic: false };

const KEYWORDS = ['default', 'all', 'dynamic'];

/**
 * Parses `canvases,runs`, `all`, `default` or `dynamic[,…]`; an unknown name is a ValidationError naming
 * the known ones.
 */
export function parseToolSelection(raw: string | undefined): ToolSelection {
  const names = (raw ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return DEFAULT_SELECTION;
  const known = new Set(TOOLSETS.map((toolset) => toolset.name));
  const unknown = names.filter((name) => !known.has(name) && !KEYWORDS.includes(name));
  if (unknown.length > 0)
    throw new ValidationError(
      `Unknown toolset ${unknown.join(', ')}: choose from ${[...known, ...KEYWORDS].join(', ')} (docs/gateway.md, Toolsets)`,
    );
  const toolsets = new Set<string>();
  for (const name of names) {
    if (name === 'all') for (const toolset of known) toolsets.add(toolset);
    else if (name === 'default') for (const toolset of DEFAULT_TOOLSETS) toolsets.add(toolset);
    else if (name !== 'dynamic') toolsets.add(name);
  }
  return { toolsets, dynamic: names.includes('dynamic') };
}

/** The URL's `toolsets` wins over the header: a URL is what a user pastes into a client that sets no headers. */
export function selectionOf(query: string | undefined, header: string | undefined): ToolSelection {
  return parseToolSelection(query ?? header);
}

let toolsetOfTool: Map<string, string> | undefined;
/** The toolset a tool belongs to. */
export function toolsetOf(toolName: string): string | undefined {
  toolsetOfTool ??= new Map(TOOLSETS.flatMap((toolset) => toolset.tools.map((tool) => [tool, toolset.name] as const)));
  return toolsetOfTool.get(toolName);
}

/**
 * A tool as tools/list shows it, without what costs context and says nothing: `$schema` (JSON Schema
 * 2020-12 is the protocol's default dialect), `additionalProperties: {}` (any extra property is already
 * allowed), `propertyNames: { type: 'string' }` (JSON's names are strings) and zod's ±2^53-1 integer
 * bounds. Everything that constrains or explains is kept.
 */
export function compactTool(tool: Tool): Tool {
  return {
    ...tool,
    inputSchema: compactSchema(tool.inputSchema) as Tool['inputSchema'],
    ...(tool.outputSchema ? { outputSchema: compactSchema(tool.outputSchema) as Tool['outputSchema'] } : {}),
  };
}

/** Keys whose value is a map of name → schema (the names are data, not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function compactSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(compactSchema);
  if (schema === null || typeof schema !== 'object') return schema;
  const compacted: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue;
    if (key === 'additionalProperties' && isEmptyObject(value)) continue;
    if (key === 'propertyNames' && isStringType(value)) continue;
    if (
      (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
      (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)
    )
      continue;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      compacted[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, compactSchema(child)]));
    } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples') {
      compacted[key] = value;
    } else {
      compacted[key] = compactSchema(value);
    }
  }
  return compacted;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function isEmptyObject(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 0;
}

function isStringType(value: unknown): boolean {
  return isObject(value) && Object.keys(value).length === 1 && (value as { type?: unknown }).type === 'string';
}
