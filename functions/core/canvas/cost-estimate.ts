// core: what a canvas's generation nodes will cost per run, before it runs — from the same definitions
// the charge uses: the model contracts (prepareFalJob / prepareVeoJob: endpoint or model, duration,
// resolution rules, price class), the speech request's defaults (prepareSpeech), and the price book
// (priceFor, creditsOf). No second price table: a price or a model contract that changes changes both.
//
// A video node's estimate is what its run holds: the seconds its request asks for × the price of its
// model's class. The charge is the seconds produced, at most those held, so the estimate is the most a
// run is charged, and exactly the charge when the provider makes the length asked for. A node whose
// cost depends on what reaches it at run time (text or audio from an input) has no number, and says why.
//
// A node's retry policy does not multiply its estimate: a failed attempt gives its hold back and is
// never charged, and the next attempt holds only after that (runs/failure-routing.ts), so a run is
// charged once per metered node whatever its attempts (docs/language.md "Retries").
//
// A call-canvas node adds nothing: the canvas it calls must be instant (canvas/call-graph.ts refuses a
// generation node in it), so it holds no metered node (docs/language.md "Calling a canvas").
import { DomainError } from '../errors.ts';
import { creditsOf, priceFor, type PriceBook } from '../credits/prices.ts';
import { prepareFalJob } from '../generation/fal-request.ts';
import { prepareVeoJob } from '../generation/veo-request.ts';
import { prepareSpeech, SPEECH_LIMITS, STS_HOLD_SECONDS } from '../generation/speech-request.ts';
import { VIDEO_SKU } from '../generation/video-jobs.ts';
import { referenceMode } from '../generation/video-node.ts';
import type { MediaReference, VideoProviderId, VideoSubmitInput } from '../generation/video-provider.ts';
import type { Canvas } from './model.ts';

/** Node types a run charges credits for. */
export const METERED_NODE_TYPES: ReadonlySet<string> = new Set([
  'video-generation',
  'audio-generation',
  'speech-to-speech',
]);

export interface NodeCostEstimate {
  nodeId: string;
  type: string;
  /** Credits one run of the node is charged at most; null when it cannot be known before the run (see `reason`). */
  credits: number | null;
  /** The priced operation (prices.ts), e.g. `video.generate`. */
  sku: string;
  /** The price-list model the charge uses (a video model's price class, a speech model id), when known. */
  priceModel?: string;
  unit: string;
  /** Credits per started unit. */
  unitPrice: number;
  /** Units the run is priced for, when known (e.g. seconds of video asked for). */
  quantity?: number;
  /** Why `credits` is null: what the cost depends on, or why a run would be refused. */
  reason?: string;
}

export interface CanvasCostEstimate {
  canvasId: string;
  canvasVersion: number;
  nodes: NodeCostEstimate[];
  /** The sum of the known estimates. */
  totalCredits: number;
  /** False when some node's cost is only known at run time: `totalCredits` leaves it out. */
  complete: boolean;
}

type EstimatedCanvas = Pick<Canvas, 'id' | 'version' | 'nodes' | 'edges'>;
type EstimatedNode = Canvas['nodes'][number];

/**
 * A stand-in for a reference that reaches the node at run time: the model contracts only count and
 * place references (mode, limits), they never read them, so its address does not matter.
 */
const PENDING_REFERENCE: MediaReference = { url: 'https://reference.invalid/estimate' };

/** The estimate of every metered node of `canvas`, in node order. */
export function estimateCanvasCost(canvas: EstimatedCanvas, book: PriceBook): CanvasCostEstimate {
  const nodes = canvas.nodes
    .filter((node) => METERED_NODE_TYPES.has(node.type))
    .map((node) => estimateNodeCost(canvas, node, book));
  return {
    canvasId: canvas.id,
    canvasVersion: canvas.version,
    nodes,
    totalCredits: nodes.reduce((sum, node) => sum + (node.credits ?? 0), 0),
    complete: nodes.every((node) => node.credits !== null),
  };
}

/**
 * The most one run of `graph` can be charged, for a limit that must hold before the run starts (a published
 * server's day): each metered node's estimate and, where that depends on the run, the most the node can
 * hold — for text-in, the text the run's prompt puts there when prompt nodes alone feed it, else the
 * longest text speech accepts; for speech-to-speech, the longest source held. A node a run would refuse
 * (no text, a request its model refuses) is charged nothing.
 */
export function runCostCeiling(
  graph: Pick<Canvas, 'nodes' | 'edges'>,
  inputs: Record<string, unknown>,
  book: PriceBook,
): number {
  const promptOf = (node: EstimatedNode | undefined) =>
    node?.type !== 'prompt'
      ? undefined
      : typeof inputs.prompt === 'string'
        ? inputs.prompt
        : String(node.data.prompt ?? '');
  let ceiling = 0;
  for (const node of graph.nodes.filter((candidate) => METERED_NODE_TYPES.has(candidate.type))) {
    const estimate = estimateNodeCost(graph, node, book);
    if (estimate.credits !== null) ceiling += estimate.credits;
    else if (node.type === 'speech-to-speech')
      ceiling += creditsOf({ creditsPerUnit: estimate.unitPrice }, STS_HOLD_SECONDS.max);
    else if (node.type === 'audio-generation') {
      const feeding = graph.edges.filter((edge) => edge.target === node.id && edge.targetHandle === 'text-in');
      const texts = feeding.map((edge) => promptOf(graph.nodes.find((candidate) => candidate.id === edge.source)));
      // As the executor does: what reaches text-in joined by new lines, or the node's own text when empty.
      const joined = texts.every((text) => text !== undefined) ? texts.join('\n').trim() : undefined;
      const spoken = joined === '' ? String(node.data.text ?? '').trim() : joined;
      const characters = Math.min(spoken?.length ?? SPEECH_LIMITS.maxTextLength, SPEECH_LIMITS.maxTextLength);
      ceiling += creditsOf({ creditsPerUnit: estimate.unitPrice }, characters / 1000);
    }
  }
  return ceiling;
}

export function estimateNodeCost(
  canvas: Pick<Canvas, 'edges'>,
  node: EstimatedNode,
  book: PriceBook,
): NodeCostEstimate {
  const connected = (port: string) =>
    canvas.edges.filter((edge) => edge.target === node.id && edge.targetHandle === port).length;
  const data = node.data as Record<string, unknown>;
  const text = (key: string) => (typeof data[key] === 'string' ? (data[key] as string) : undefined);
  if (node.type === 'video-generation') return videoEstimate(node, data, connected, book);
  if (node.type === 'audio-generation') {
    const model = text('model') || undefined;
    const priceModel = prepareSpeech({ mode: 'tts', text: 'estimate', ...(model ? { model } : {}) }).model;
    const price = priceFor(book, 'audio.tts', priceModel);
    const base = {
      nodeId: node.id,
      type: node.type,
      sku: price.sku,
      priceModel,
      unit: price.unit,
      unitPrice: price.creditsPerUnit,
    };
    if (connected('text-in') > 0)
      return {
        ...base,
        credits: null,
        reason: `Depends on the text that reaches text-in: ${price.creditsPerUnit} credits per started ${price.unit}`,
      };
    const spoken = (text('text') ?? '').trim();
    if (!spoken)
      return {
        ...base,
        credits: null,
        reason: 'The node has no text: connect text-in or set its text, or a run fails there',
      };
    // The run speaks the node's text trimmed, priced per 1000 characters (the provider may count fewer).
    const quantity = spoken.length / 1000;
    return { ...base, credits: creditsOf(price, quantity), quantity };
  }
  // speech-to-speech: per second of the source audio, which only the run reads.
  const model = text('model') || undefined;
  const priceModel = prepareSpeech({ mode: 'sts', ...(model ? { model } : {}) }).model;
  const price = priceFor(book, 'audio.sts', priceModel);
  return {
    nodeId: node.id,
    type: node.type,
    credits: null,
    sku: price.sku,
    priceModel,
    unit: price.unit,
    unitPrice: price.creditsPerUnit,
    reason:
      `Depends on the length of the audio that reaches audio-in: ${price.creditsPerUnit} credits per started ` +
      `${price.unit.replace(/s$/, '').toLowerCase()} of it`,
  };
}

function videoEstimate(
  node: EstimatedNode,
  data: Record<string, unknown>,
  connected: (port: string) => number,
  book: PriceBook,
): NodeCostEstimate {
  const provider = (data.provider === 'provider-one' ? 'provider-one' : 'provider-two') satisfies VideoProviderId;
  const endpointId = typeof data.endpointId === 'string' ? data.endpointId : undefined;
  const mode = typeof data.mode === 'string' ? (data.mode as Parameters<typeof referenceMode>[1]['mode']) : undefined;
  // The references the run will send, as the executor decides them: image-in (or the placed asset),
  // as the image or as reference images by the endpoint's mode; the last frame; reference media.
  const images = connected('image-in') || (typeof data.assetId === 'string' ? 1 : 0);
  const asReferences = images > 0 && referenceMode(provider, { endpointId, mode });
  const many = (count: number) => Array.from({ length: count }, () => PENDING_REFERENCE);
  const input: VideoSubmitInput = {
    prompt: 'estimate',
    ...(endpointId === undefined ? {} : { model: endpointId }),
    ...(asReferences ? { referenceImages: many(images) } : images > 0 ? { image: PENDING_REFERENCE } : {}),
    ...(connected('last-frame-in') > 0 ? { lastFrame: PENDING_REFERENCE } : {}),
    ...(connected('reference-video-in') > 0 ? { referenceVideos: many(connected('reference-video-in')) } : {}),
    ...(connected('reference-audio-in') > 0 ? { referenceAudios: many(connected('reference-audio-in')) } : {}),
    ...(data.modelParams && typeof data.modelParams === 'object'
      ? { params: data.modelParams as Record<string, unknown> }
      : {}),
  };
  const fallback = priceFor(book, VIDEO_SKU);
  let prepared: ReturnType<typeof prepareVeoJob> | ReturnType<typeof prepareFalJob>;
  try {
    prepared = provider === 'provider-one' ? prepareVeoJob(input) : prepareFalJob(input);
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return {
      nodeId: node.id,
      type: node.type,
      credits: null,
      sku: VIDEO_SKU,
      unit: fallback.unit,
      unitPrice: fallback.creditsPerUnit,
      reason: `A run would be refused: ${error.message}`,
    };
  }
  const price = priceFor(book, VIDEO_SKU, prepared.priceModel);
  return {
    nodeId: node.id,
    type: node.type,
    credits: creditsOf(price, prepared.durationSeconds),
    sku: VIDEO_SKU,
    priceModel: prepared.priceModel,
    unit: price.unit,
    unitPrice: price.creditsPerUnit,
    quantity: prepared.durationSeconds,
  };
}
