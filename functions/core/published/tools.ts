// core: the tools of a published server, derived from its canvas. Each exposed trigger node is a tool: its
// input schema is the trigger's (a prompt node takes `prompt`), the inputs the owner declared and the
// `{{inputs.name}}` variables the nodes downstream read; its output schema names the output nodes the run
// reaches. Kept small on purpose: an agent pays for every byte of tools/list.
import type { CanvasEdge, CanvasNode } from '../canvas/model.ts';
import { reachableFrom } from '../canvas/graph.ts';
import { isTrigger } from '../canvas/node-types.ts';
import { ValidationError } from '../errors.ts';
import type { DeclaredInput, ExposedTrigger, ExposedTriggerInput } from './model.ts';

export const GET_RUN_RESULT_TOOL = 'get_run_result';

type JsonSchema = Record<string, unknown>;

export interface PublishedToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  outputSchema: JsonSchema & { type: 'object' };
  triggerNodeId: string;
  /** Webhook triggers take any JSON object (it becomes the request body); prompt triggers only what they declare. */
  acceptsAnyInput: boolean;
}

interface Graph {
  nodes: readonly CanvasNode[];
  edges: readonly CanvasEdge[];
}

const labelOf = (node: CanvasNode) => (typeof node.data.label === 'string' && node.data.label.trim()) || node.id;

/** `{{inputs.name}}` names read by the nodes downstream of the trigger (identifiers only: they become properties). */
function templateInputs(graph: Graph, triggerNodeId: string): Map<string, string> {
  const downstream = reachableFrom(graph.edges as CanvasEdge[], triggerNodeId);
  const found = new Map<string, string>();
  const visit = (value: unknown, node: CanvasNode) => {
    if (typeof value === 'string') {
      for (const [, name] of value.matchAll(/\{\{\s*inputs\.([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g))
        if (!found.has(name!)) found.set(name!, labelOf(node));
    } else if (Array.isArray(value)) for (const item of value) visit(item, node);
    else if (value && typeof value === 'object') for (const item of Object.values(value)) visit(item, node);
  };
  for (const node of graph.nodes) if (downstream.has(node.id)) visit(node.data, node);
  return found;
}

/** Output nodes the trigger's run reaches: their ids are the keys of the run's `result`. */
function outputNodesOf(graph: Graph, triggerNodeId: string): CanvasNode[] {
  const downstream = reachableFrom(graph.edges as CanvasEdge[], triggerNodeId);
  return graph.nodes.filter((node) => node.type === 'output' && downstream.has(node.id));
}

const safeToolName = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);

/** Checks what the owner asked to expose against the canvas and fills the defaults. */
export function exposeTriggers(graph: Graph, requested: readonly ExposedTriggerInput[]): ExposedTrigger[] {
  const names = new Set<string>([GET_RUN_RESULT_TOOL]);
  return requested.map((entry) => {
    const node = graph.nodes.find((candidate) => candidate.id === entry.triggerNodeId);
    if (!node) throw new ValidationError(`triggerNodeId ${entry.triggerNodeId} is not a node of this canvas`);
    if (!isTrigger(node.type))
      throw new ValidationError(
        `triggerNodeId ${entry.triggerNodeId} is a ${node.type} node; only prompt and webhook-trigger nodes are tools`,
      );
    const toolName = entry.toolName ?? (safeToolName(labelOf(node)) || `run_${safeToolName(node.id)}`);
    if (names.has(toolName))
      throw new ValidationError(`Tool name ${toolName} is used twice (or is reserved); give each trigger a toolName`);
    names.add(toolName);
    const inputs = entry.inputs ?? [];
    const seen = new Set<string>();
    for (const input of inputs) {
      if (seen.has(input.name)) throw new ValidationError(`Input ${input.name} of ${toolName} is declared twice`);
      seen.add(input.name);
    }
    return {
      triggerNodeId: node.id,
      toolName,
      description: entry.description ?? `Runs "${labelOf(node)}" and answers with the run's outputs.`,
      inputs: inputs as DeclaredInput[],
      ...(entry.hidePromptDefault ? { hidePromptDefault: true } : {}),
    };
  });
}

function propertyOf(input: DeclaredInput): JsonSchema {
  return { type: input.type, description: input.description };
}

/** The MCP tool of one exposed trigger, against the canvas it runs (live or pinned). */
export function toolOf(graph: Graph, exposed: ExposedTrigger): PublishedToolDefinition | undefined {
  const node = graph.nodes.find((candidate) => candidate.id === exposed.triggerNodeId);
  // The trigger was deleted from a `latest` canvas after publishing: the tool is gone until it is back.
  if (!node || !isTrigger(node.type)) return undefined;
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  if (node.type === 'prompt') {
    const stored = typeof node.data.prompt === 'string' ? node.data.prompt : '';
    // The stored prompt may be the owner's own work (a system prompt, a recipe): shown only if not hidden.
    const shown = exposed.hidePromptDefault ? 'the server has one; leave it out to use it' : stored.slice(0, 200);
    properties.prompt = { type: 'string', description: stored ? `The prompt (default: ${shown})` : 'The prompt' };
    if (!stored) required.push('prompt');
  }
  for (const [name, usedBy] of templateInputs(graph, node.id))
    properties[name] ??= { type: 'string', description: `Run input read by "${usedBy}"` };
  for (const input of exposed.inputs) {
    properties[input.name] = propertyOf(input);
    if (input.required && !required.includes(input.name)) required.push(input.name);
  }
  const acceptsAnyInput = node.type === 'webhook-trigger';
  const outputs = outputNodesOf(graph, node.id);
  return {
    name: exposed.toolName,
    title: labelOf(node),
    description: exposed.description,
    inputSchema: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: acceptsAnyInput,
    },
    outputSchema: runAnswerSchema(outputs),
    triggerNodeId: node.id,
    acceptsAnyInput,
  };
}

/** What a tool call answers: the run's id and status, and once finished its result by output node. */
function runAnswerSchema(outputs: readonly CanvasNode[]): JsonSchema & { type: 'object' } {
  return {
    type: 'object',
    properties: {
      runId: { type: 'string', description: 'The run; get_run_result reads it again' },
      status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] },
      result: {
        type: 'object',
        description: 'By output node, once succeeded',
        properties: Object.fromEntries(outputs.map((output) => [output.id, { description: labelOf(output) }])),
      },
      error: { type: 'string', description: 'Why the run failed' },
    },
    required: ['runId', 'status'],
  };
}

export function getRunResultTool(graph: Graph): PublishedToolDefinition {
  const outputs = graph.nodes.filter((node) => node.type === 'output');
  return {
    name: GET_RUN_RESULT_TOOL,
    title: 'Get run result',
    description:
      'Reads a run a tool call of this server started and did not finish in time: its status, and its result once finished.',
    inputSchema: {
      type: 'object',
      properties: { runId: { type: 'string', description: 'runId of the earlier call' } },
      required: ['runId'],
      additionalProperties: false,
    },
    outputSchema: runAnswerSchema(outputs),
    triggerNodeId: '',
    acceptsAnyInput: false,
  };
}

/** The tool call's arguments as run inputs: the declared types checked, nothing undeclared let through. */
export function runInputsOf(tool: PublishedToolDefinition, args: Record<string, unknown>): Record<string, unknown> {
  const properties = tool.inputSchema.properties as Record<string, { type?: string }>;
  const required = (tool.inputSchema.required as string[] | undefined) ?? [];
  for (const name of required)
    if (args[name] === undefined) throw new ValidationError(`${tool.name} needs the argument ${name}`);
  for (const [name, value] of Object.entries(args)) {
    const property = properties[name];
    if (!property) {
      if (tool.acceptsAnyInput) continue;
      throw new ValidationError(
        `${tool.name} takes no argument ${name} (it takes: ${Object.keys(properties).join(', ')})`,
      );
    }
    const type = property.type;
    const ok =
      type === 'string'
        ? typeof value === 'string'
        : type === 'boolean'
          ? typeof value === 'boolean'
          : type === 'integer'
            ? Number.isInteger(value)
            : type === 'number'
              ? typeof value === 'number' && Number.isFinite(value)
              : true;
    if (!ok) throw new ValidationError(`${tool.name}: argument ${name} must be a ${type}`);
  }
  return { ...args };
}
