// unit: the node-type catalogue — ports of the spec, port compatibility, the manifest.
import { ERROR_OUT_PORT } from '#core/canvas/failure-handling';
import { describe, expect, it } from 'vitest';
import {
  NODE_TYPES,
  NODE_TYPE_IDS,
  PORT_TYPES,
  isTrigger,
  nodeAvailability,
  portManifest,
  portTypesFit,
} from '#core/canvas/node-types';
import { canvasWarnings } from '#core/canvas/warnings';
import { WORKFLOW_EXECUTORS } from '../../../../functions/workflow/executors.ts';

describe('NODE_TYPES', () => {
  it('gives the webhook-trigger node no inputs and exactly the six text outputs of the spec', () => {
    // Prepare
    const webhook = NODE_TYPES['webhook-trigger'];

    // Act
    const outputs = webhook.outputs.map((port) => [port.name, port.type]);

    // Assess
    expect(webhook.inputs).toEqual([]);
    expect(outputs).toEqual([
      ['method-out', 'text'],
      ['url-out', 'text'],
      ['headers-out', 'text'],
      ['query-out', 'text'],
      ['body-out', 'text'],
      ['raw-body-out', 'text'],
    ]);
  });

  it('gives the prompt trigger no inputs and one text output', () => {
    // Act
    const prompt = NODE_TYPES.prompt;

    // Assess
    expect(prompt.inputs).toEqual([]);
    expect(prompt.outputs.map((port) => [port.name, port.type])).toEqual([['prompt-out', 'text']]);
  });

  it('gives video generation a video-out port carrying video, and its error output', () => {
    // Act
    const outputs = NODE_TYPES['video-generation'].outputs;

    // Assess
    expect(outputs).toHaveLength(2);
    expect(outputs[0]).toMatchObject({ name: 'video-out', type: 'video' });
    expect(outputs[1]).toEqual(ERROR_OUT_PORT);
  });

  it('gives audio generation an audio-out port carrying audio/mpeg, and its error output', () => {
    // Act
    const outputs = NODE_TYPES['audio-generation'].outputs;

    // Assess
    expect(outputs).toEqual([
      { name: 'audio-out', type: 'audio', label: 'Audio', mimeType: 'audio/mpeg' },
      ERROR_OUT_PORT,
    ]);
  });

  it('gives speech-to-speech an audio-in input, an audio/mpeg audio-out output and an error output', () => {
    // Act
    const sts = NODE_TYPES['speech-to-speech'];

    // Assess
    expect(sts.inputs.map((port) => [port.name, port.type])).toEqual([['audio-in', 'audio']]);
    expect(sts.outputs).toEqual([
      { name: 'audio-out', type: 'audio', label: 'Audio', mimeType: 'audio/mpeg' },
      ERROR_OUT_PORT,
    ]);
  });

  it('marks exactly prompt and webhook-trigger as triggers', () => {
    // Act
    const triggers = NODE_TYPE_IDS.filter(isTrigger);

    // Assess
    expect(triggers.sort()).toEqual(['prompt', 'webhook-trigger']);
  });

  it('gives every node type unique port names per side', () => {
    // Act
    const duplicates = NODE_TYPE_IDS.flatMap((id) =>
      (['inputs', 'outputs'] as const).flatMap((side) => {
        const names = NODE_TYPES[id][side].map((port) => port.name);
        return names.filter((name, index) => names.indexOf(name) !== index).map((name) => `${id}.${side}.${name}`);
      }),
    );

    // Assess
    expect(duplicates).toEqual([]);
  });

  it('rejects unknown data fields on every node type (strict schemas)', () => {
    // Act
    const accepted = NODE_TYPE_IDS.filter((id) => NODE_TYPES[id].data.safeParse({ notAField: true }).success);

    // Assess
    expect(accepted).toEqual([]);
  });
});

describe('portTypesFit', () => {
  it('accepts every source type into an any port', () => {
    // Act
    const fits = PORT_TYPES.map((source) => portTypesFit(source, 'any'));

    // Assess
    expect(fits.every(Boolean)).toBe(true);
  });

  it('accepts equal types, json into text and an any output (a pass-through) into every port, and nothing else', () => {
    // Act
    const pairs = PORT_TYPES.flatMap((source) =>
      PORT_TYPES.filter((target) => target !== 'any' && portTypesFit(source, target)).map(
        (target) => `${source}→${target}`,
      ),
    );

    // Assess
    expect(pairs.sort()).toEqual([
      'any→audio',
      'any→image',
      'any→json',
      'any→text',
      'any→video',
      'audio→audio',
      'image→image',
      'json→json',
      'json→text',
      'text→text',
      'video→video',
    ]);
  });

  it('rejects video into text and text into audio', () => {
    // Act
    const videoToText = portTypesFit('video', 'text');
    const textToAudio = portTypesFit('text', 'audio');

    // Assess
    expect(videoToText).toBe(false);
    expect(textToAudio).toBe(false);
  });
});

describe('portManifest', () => {
  it('lists every port type and, per target type, the source types it accepts', () => {
    // Act
    const manifest = portManifest();

    // Assess
    expect(manifest.portTypes).toEqual(['text', 'json', 'image', 'video', 'audio', 'any']);
    expect(manifest.compatibility).toEqual({
      text: ['text', 'json', 'any'],
      json: ['json', 'any'],
      image: ['image', 'any'],
      video: ['video', 'any'],
      audio: ['audio', 'any'],
      any: ['text', 'json', 'image', 'video', 'audio', 'any'],
    });
  });

  it('describes every node type with its ports, trigger flag and a JSON Schema of its data', () => {
    // Act
    const manifest = portManifest();

    // Assess
    expect(manifest.nodeTypes.map((entry) => entry.type)).toEqual(NODE_TYPE_IDS);
    for (const entry of manifest.nodeTypes) {
      const definition = NODE_TYPES[entry.type];
      expect(entry).toMatchObject({
        label: definition.label,
        category: definition.category,
        description: definition.description,
        trigger: definition.category === 'trigger',
        inputs: definition.inputs,
        outputs: definition.outputs,
      });
      expect(entry.dataSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(entry.dataSchema.properties).toHaveProperty('label');
    }
  });

  it('renders type-specific data fields in the schemas', () => {
    // Act
    const byType = Object.fromEntries(portManifest().nodeTypes.map((entry) => [entry.type, entry.dataSchema]));

    // Assess
    expect(byType.prompt?.properties).toHaveProperty('prompt');
    expect(byType['video-generation']?.properties?.provider).toMatchObject({ enum: ['provider-one', 'provider-two'] });
    expect(byType['speech-to-speech']?.properties?.removeBackgroundNoise).toMatchObject({ type: 'boolean' });
  });

  it('survives a JSON round trip unchanged (it is what the route returns)', () => {
    // Prepare
    const manifest = portManifest();

    // Act
    const roundTripped = JSON.parse(JSON.stringify(manifest));

    // Assess
    expect(roundTripped).toEqual(manifest);
  });
});

describe('nodeAvailability', () => {
  it("marks exactly the node types the state machine's Advance step has no executor for, each with a reason", () => {
    for (const type of NODE_TYPE_IDS) {
      const availability = nodeAvailability(type);
      expect(availability.available, type).toBe(Boolean(WORKFLOW_EXECUTORS[type]));
      if (!availability.available) expect(availability.reason, type).toMatch(/cannot run yet/);
    }
    expect(NODE_TYPE_IDS.filter((type) => !nodeAvailability(type).available)).toEqual([]);
  });

  it('shows every type in the manifest as available, with no unavailableReason', () => {
    for (const entry of portManifest().nodeTypes) {
      expect(entry, entry.type).toMatchObject({ available: true });
      expect(entry, entry.type).not.toHaveProperty('unavailableReason');
    }
  });
});

describe('canvasWarnings', () => {
  it('warns about no node now that every type can run', () => {
    const node = (id: string, type: keyof typeof NODE_TYPES) => ({
      id,
      type,
      position: { x: 0, y: 0 },
      data: {},
      createdAt: '',
      updatedAt: '',
    });
    // Every node type runs now: no canvas of them draws a warning but for the empty source nodes and
    // the flow nodes that need an expression (if, transform) or a time (wait) and have none yet.
    expect(
      canvasWarnings({ nodes: NODE_TYPE_IDS.map((type) => node(`n-${type}`, type)), edges: [] }).map(
        (warning) => `${warning.nodeId} ${warning.code}`,
      ),
    ).toEqual([
      'n-image-asset source-empty',
      'n-audio-asset source-empty',
      'n-video-asset source-empty',
      'n-if expression-invalid',
      'n-transform expression-invalid',
      'n-wait wait-unset',
    ]);
    expect(canvasWarnings({ nodes: [node('p', 'prompt'), node('t', 'text')], edges: [] })).toEqual([]);
  });

  it('warns about a source node with no asset placed on it, and not once one is', () => {
    const node = (id: string, type: keyof typeof NODE_TYPES, data: Record<string, unknown> = {}) => ({
      id,
      type,
      position: { x: 0, y: 0 },
      data,
      createdAt: '',
      updatedAt: '',
    });
    expect(
      canvasWarnings({
        nodes: [
          node('still', 'image-asset'),
          node('take', 'audio-asset', { assetId: 'ast_01jhmpfn825g2dvgq263r99vcb' }),
        ],
        edges: [],
      }),
    ).toEqual([
      {
        nodeId: 'still',
        code: 'source-empty',
        message:
          "Node still (image-asset) has no asset: place one of the workspace's image assets on it, or a run that includes it fails there",
      },
    ]);
  });
});
