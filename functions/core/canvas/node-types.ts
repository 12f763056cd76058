// core: the node-type catalogue — every node type, its ports and its data, defined once.
// ports/manifest returns it; edge validation, the run engine and the webhook routes read it.
import * as z from '../schema.ts';
import { HTTP_CALL_LIMITS, HTTP_CALL_METHODS, HttpCallHeaders, TimeoutMs } from '../outbound/http-call.ts';
import { failable } from './failure-handling.ts';
import { FLOW_NODE_TYPES } from './flow-node-types.ts';
import { WAIT_NODE_TYPES } from './wait-node-type.ts';
import { CALL_NODE_TYPES } from './call-node-type.ts';
import { common, shortText, text } from './node-data.ts';
import {
  CODE_NODE_DESCRIPTION,
  CODE_NODE_FIELDS,
  CODE_NODE_INPUTS,
  CODE_NODE_OUTPUTS,
} from '../code/code-node-type.ts';

export const PORT_TYPES = ['text', 'json', 'image', 'video', 'audio', 'any'] as const;
export type PortType = (typeof PORT_TYPES)[number];

export interface PortDefinition {
  readonly name: string;
  readonly type: PortType;
  readonly label: string;
  /** Input ports only: whether more than one edge may feed the port. */
  readonly multiple?: boolean;
  /** Input ports only: whether the node can run without this input. */
  readonly optional?: boolean;
  /** MIME type of what the port carries, where it is fixed. */
  readonly mimeType?: string;
}

/**
 * `source`: a node with no inputs that puts a stored asset on its output port — not a trigger, so a
 * run includes it only where it feeds a node the trigger reaches (lifecycle.ts, freezeGraph).
 * `flow`: decides where a run goes or reshapes its data (if, switch, merge, transform).
 */
export type NodeCategory = 'trigger' | 'source' | 'transform' | 'flow' | 'generation' | 'output';

const WEBHOOK_OUTPUTS: readonly PortDefinition[] = [
  { name: 'method-out', type: 'text', label: 'Method' },
  { name: 'url-out', type: 'text', label: 'URL' },
  { name: 'headers-out', type: 'text', label: 'Headers (JSON)' },
  { name: 'query-out', type: 'text', label: 'Query (JSON)' },
  { name: 'body-out', type: 'text', label: 'Body' },
  { name: 'raw-body-out', type: 'text', label: 'Raw body' },
];

/** A source node: no input, one output of its asset kind carrying the asset placed on it (`assetId`). */
function assetSource<Kind extends 'image' | 'audio' | 'video'>(kind: Kind, label: string, what: string, use: string) {
  return {
    label,
    category: 'source',
    description: `${what} from the workspace's assets: place one on it (place_asset, or an upload finalized onto it) and a run puts it on ${kind}-out — ${use}.`,
    inputs: [],
    outputs: [{ name: `${kind}-out`, type: kind, label }],
    data: z.strictObject({ ...common }),
  } as const;
}

export const NODE_TYPES = {
  prompt: {
    label: 'Prompt',
    category: 'trigger',
    description: 'Starts a run with a prompt; run inputs override the stored prompt.',
    inputs: [],
    outputs: [{ name: 'prompt-out', type: 'text', label: 'Prompt' }],
    data: z.strictObject({ ...common, prompt: text }),
  },
  'webhook-trigger': {
    label: 'Webhook trigger',
    category: 'trigger',
    description: 'Starts a run when its webhook URL is called; outputs describe the request.',
    inputs: [],
    outputs: WEBHOOK_OUTPUTS,
    data: z.strictObject({ ...common }),
  },
  'image-asset': assetSource(
    'image',
    'Image',
    'An image',
    'several images, or a first and last frame, for a video node',
  ),
  'audio-asset': assetSource('audio', 'Audio', 'An audio file', 'e.g. a recording for speech-to-speech'),
  'video-asset': assetSource('video', 'Video', 'A video', 'e.g. a reference video for a video node'),
  text: {
    label: 'Text template',
    category: 'transform',
    description: 'Renders a template; {{input}} is replaced by the joined text inputs.',
    inputs: [{ name: 'text-in', type: 'text', label: 'Text', multiple: true, optional: true }],
    outputs: [{ name: 'text-out', type: 'text', label: 'Text' }],
    data: z.strictObject({ ...common, template: text }),
  },
  'http-request': failable({
    label: 'HTTP request',
    category: 'transform',
    description:
      "Calls an HTTPS API under the outbound rules (public hosts only, no redirects, timeouts, 1 MiB responses). URL, header values and body are templates ({{input}}, {{inputs.name}}); header values may use the workspace's secrets as {{connections.http.NAME}}, sent only to the origins the connection allows (allowedOrigins).",
    inputs: [{ name: 'text-in', type: 'text', label: 'Text', multiple: true, optional: true }],
    outputs: [
      { name: 'status-out', type: 'json', label: 'Status' },
      { name: 'headers-out', type: 'json', label: 'Headers (JSON)' },
      { name: 'body-out', type: 'text', label: 'Body' },
    ],
    data: z.strictObject({
      ...common,
      method: z.optional(z.enum(HTTP_CALL_METHODS)),
      url: shortText(HTTP_CALL_LIMITS.maxUrlLength),
      headers: z.optional(HttpCallHeaders),
      body: text,
      timeoutMs: z.optional(TimeoutMs),
      /** Fail the node on a 4xx or 5xx answer (default true); false passes the status on for branching. */
      failOnErrorStatus: z.optional(z.boolean()),
    }),
  }),
  'video-generation': failable({
    label: 'Video generation',
    category: 'generation',
    description: 'Generates a video with one of the two video providers.',
    inputs: [
      { name: 'prompt-in', type: 'text', label: 'Prompt', optional: true },
      { name: 'image-in', type: 'image', label: 'Images (first frame, or references)', multiple: true, optional: true },
      { name: 'last-frame-in', type: 'image', label: 'Last frame', optional: true },
      { name: 'reference-video-in', type: 'video', label: 'Reference videos', multiple: true, optional: true },
      { name: 'reference-audio-in', type: 'audio', label: 'Reference audio', multiple: true, optional: true },
    ],
    outputs: [{ name: 'video-out', type: 'video', label: 'Video', mimeType: 'video/mp4' }],
    data: z.strictObject({
      ...common,
      provider: z.optional(z.enum(['provider-one', 'provider-two'])),
      endpointId: shortText(200),
      // Provider one only (provider two's endpoint decides): send the images as reference images.
      mode: z.optional(z.enum(['text-to-video', 'image-to-video', 'reference-to-video'])),
      prompt: text,
      modelParams: z.optional(z.record(z.string(), z.unknown())),
    }),
  }),
  'audio-generation': failable({
    label: 'Audio generation',
    category: 'generation',
    description: 'Text to speech with the speech provider; MP3 output.',
    inputs: [{ name: 'text-in', type: 'text', label: 'Text', optional: true }],
    outputs: [{ name: 'audio-out', type: 'audio', label: 'Audio', mimeType: 'audio/mpeg' }],
    data: z.strictObject({
      ...common,
      text,
      voice: shortText(100),
      model: shortText(100),
    }),
  }),
  'speech-to-speech': failable({
    label: 'Speech to speech',
    category: 'generation',
    description: 'Re-voices an audio input with the speech provider; MP3 output.',
    inputs: [{ name: 'audio-in', type: 'audio', label: 'Audio' }],
    outputs: [{ name: 'audio-out', type: 'audio', label: 'Audio', mimeType: 'audio/mpeg' }],
    data: z.strictObject({
      ...common,
      voice: shortText(100),
      model: shortText(100),
      removeBackgroundNoise: z.optional(z.boolean()),
    }),
  }),
  // The workflow language's flow nodes (branch, merge, transform): flow-node-types.ts.
  ...FLOW_NODE_TYPES,
  // Pause a run (wait-node-type.ts).
  ...WAIT_NODE_TYPES,
  // The code node: its fields, ports and description live in core/code/code-node-type.ts. Its source can
  // throw or run out of time, so it takes a retry policy and an error output like every node that can fail.
  code: failable({
    label: 'Code',
    category: 'transform',
    description: CODE_NODE_DESCRIPTION,
    inputs: CODE_NODE_INPUTS,
    outputs: CODE_NODE_OUTPUTS,
    data: z.strictObject({ ...common, ...CODE_NODE_FIELDS }),
  }),
  // Run another canvas as one step (call-node-type.ts).
  ...CALL_NODE_TYPES,
  output: {
    label: 'Output',
    category: 'output',
    description: 'Collects results; its inputs become the run outputs.',
    inputs: [{ name: 'value-in', type: 'any', label: 'Value', multiple: true }],
    outputs: [],
    data: z.strictObject({ ...common }),
  },
} as const satisfies Record<
  string,
  {
    label: string;
    category: NodeCategory;
    description: string;
    inputs: readonly PortDefinition[];
    outputs: readonly PortDefinition[];
    data: z.ZodMiniType;
  }
>;

export type NodeTypeId = keyof typeof NODE_TYPES;
export const NODE_TYPE_IDS = Object.keys(NODE_TYPES) as NodeTypeId[];
export const NodeTypeSchema = z.enum(NODE_TYPE_IDS as [NodeTypeId, ...NodeTypeId[]]);

/**
 * Node types that are listed and connectable but cannot run in this deployment yet, each with the
 * reason clients are shown: ports/manifest marks them unavailable, ports/validate warns about them,
 * and a run reaching one is refused at start (the run engine has no executor for them; a unit test
 * keeps this list and the executors in step). Empty while every type can run.
 */
const UNAVAILABLE: Partial<Record<NodeTypeId, string>> = {
  // Every node type runs in this deployment (generation: docs/generation.md). A type whose provider is
  // not connected yet is listed here with the reason clients are shown.
};

export type NodeAvailability = { available: true } | { available: false; reason: string };

/** Whether nodes of `type` can run in this deployment, and if not, why. */
export function nodeAvailability(type: NodeTypeId): NodeAvailability {
  const reason = UNAVAILABLE[type];
  return reason === undefined ? { available: true } : { available: false, reason };
}

export function isTrigger(type: NodeTypeId): boolean {
  return NODE_TYPES[type].category === 'trigger';
}

export function isSource(type: NodeTypeId): boolean {
  return NODE_TYPES[type].category === 'source';
}

/**
 * The asset kind a source node puts on its output (its output port's type: `image`, `audio`), or
 * undefined for every other node type — placing an asset on a source node must match it.
 */
export function sourceAssetKind(type: NodeTypeId): 'image' | 'audio' | 'video' | undefined {
  const definition: { category: NodeCategory; outputs: readonly PortDefinition[] } = NODE_TYPES[type];
  if (definition.category !== 'source') return undefined;
  const kind = definition.outputs[0]?.type;
  return kind === 'image' || kind === 'audio' || kind === 'video' ? kind : undefined;
}

/** Whether a value of `source` type may flow into a port of `target` type. */
export function portTypesFit(source: PortType, target: PortType): boolean {
  // An `any` output passes on what it received (a branch): its type is known only at run time.
  if (target === 'any' || source === 'any' || source === target) return true;
  // JSON is carried as text, so a JSON output may feed a text input.
  return source === 'json' && target === 'text';
}

/** The catalogue as ports/manifest returns it (schemas rendered as JSON Schema). */
export function portManifest() {
  return {
    portTypes: PORT_TYPES,
    compatibility: Object.fromEntries(
      PORT_TYPES.map((target) => [target, PORT_TYPES.filter((source) => portTypesFit(source, target))]),
    ),
    nodeTypes: NODE_TYPE_IDS.map((id) => {
      const type = NODE_TYPES[id];
      return {
        type: id,
        label: type.label,
        category: type.category,
        description: type.description,
        trigger: type.category === 'trigger',
        ...availabilityFields(id),
        inputs: type.inputs,
        outputs: type.outputs,
        dataSchema: z.toJSONSchema(type.data),
      };
    }),
  };
}

function availabilityFields(type: NodeTypeId): { available: boolean; unavailableReason?: string } {
  const availability = nodeAvailability(type);
  return availability.available ? { available: true } : { available: false, unavailableReason: availability.reason };
}
