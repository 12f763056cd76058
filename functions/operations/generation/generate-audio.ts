// operation: POST /api/generate-audio → generateSpeech (ElevenLabs; idempotent per operation; rate limited) → the audio
// asset
import { createHash } from 'node:crypto';
import * as z from '#core/schema';
import { NotFoundError, RateLimitedError } from '#core/errors';
import { newId } from '#core/ids';
import { generateSpeech } from '#core/generation/speech';
import { SpeechRequestBody } from '#core/generation/speech-request';
import { mediaValueOf } from '#core/generation/media-value';
import { canvases, rateLimiter } from '#adapters/composition/stores';
import { speechDeps } from '#adapters/generation/speech-deps';
import { created, replayed } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { CANVAS } from '#operations/example-values';

/** Audio generations one workspace may start per minute (the spec: the route is rate limited). */
export const AUDIO_RATE_LIMIT = { limit: 30, windowSeconds: 60 } as const;

const text = (description: string) => z.string().check(z.describe(description));

export const operation = defineOperation({
  name: 'generate_audio',
  title: 'Generate speech audio',
  description:
    'Text to speech (mode tts: text or prompt) or speech to speech (mode sts: audioBase64 or a public HTTPS audioUrl) with the speech provider, bound to a canvas; the MP3 becomes an asset attached there. Voice settings out of range are corrected (listed in adjusted), never refused. Charged once per operation: an Idempotency-Key header makes a retry answer the same audio.',
  example: {
    input: {
      canvasId: CANVAS,
      mode: 'tts',
      text: 'Welcome to the studio.',
      voice: 'EXAVITQu4vr4xnSDxMaL',
      stability: 0.5,
      speed: 1.5,
    },
    status: 201,
    output: {
      operationId: 'audio:aud_01jd8x3q2v5k7m9p1r3t5w7y9a',
      status: 'succeeded',
      mode: 'tts',
      model: 'multilingual_v2',
      voice: 'EXAVITQu4vr4xnSDxMaL',
      adjusted: ['speed 1.5 → 1.2'],
      error: null,
      asset: {
        assetId: 'ast_01jd8x9z1b3d5f7h9k1m3p5r7t',
        kind: 'audio',
        contentType: 'audio/mpeg',
        size: 40332,
        name: 'tts-p5r7t.mp3',
      },
    },
  },
  route: 'generate-audio',
  http: {
    method: 'POST',
    path: '/api/generate-audio',
    scope: ['write:assets', 'write:canvas'],
    access: { table: 'readWrite', bucket: 'readWrite', credentials: ['open'], prices: true, generation: true },
    timeoutSeconds: 150,
    maxBodyBytes: 6291456,
    area: 'generation',
    replayHeader: 'idempotency-replayed',
  },
  input: SpeechRequestBody,
  output: z.looseObject({
    operationId: text('The provider operation (audio:…): what the credits were charged under'),
    status: z
      .enum(['succeeded', 'failed'])
      .check(z.describe('succeeded: the asset is there; failed: see error, nothing charged')),
    mode: text('tts or sts'),
    model: text('The model used'),
    voice: text('The voice used'),
    adjusted: z.array(z.string()).check(z.describe('Values corrected into range, e.g. "speed 2 → 1.2"')),
    error: z.nullable(z.string()).check(z.describe('Why it failed, when it did')),
    asset: z.optional(
      z
        .looseObject({
          assetId: text('The durable audio'),
          kind: text('audio'),
          contentType: text('audio/mpeg'),
          size: z.number(),
          name: text('Its name'),
        })
        .check(z.describe('The MP3, once succeeded')),
    ),
  }),
  audit: 'generation.start',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, { principal, header }) {
    const deps = speechDeps();
    const key = header('idempotency-key');
    const operationId =
      key === undefined
        ? `audio:${newId('aud', deps.clock.now().getTime())}`
        : `audio:${createHash('sha256').update(`${principal.workspaceId}:${key}`).digest('hex').slice(0, 32)}`;
    const known = key === undefined ? undefined : await deps.operations.get(principal.workspaceId, operationId);
    if (!known && !(await canvases.get(principal.workspaceId, input.canvasId)))
      throw new NotFoundError(`Canvas ${input.canvasId} not found`);
    // A new operation counts against the rate limit once it has passed every other check; a replay never does.
    const admit = async () => {
      const limited = await rateLimiter.hit(
        { workspaceId: principal.workspaceId, name: 'generate-audio' },
        AUDIO_RATE_LIMIT.limit,
        AUDIO_RATE_LIMIT.windowSeconds,
        deps.clock.now(),
      );
      if (!limited.allowed)
        throw new RateLimitedError(
          `Too many audio generations (limit ${AUDIO_RATE_LIMIT.limit} per ${AUDIO_RATE_LIMIT.windowSeconds} s)`,
          limited.retryAfterSeconds,
        );
    };
    const { canvasId, ...body } = input;
    const outcome = await generateSpeech(
      { workspaceId: principal.workspaceId, canvasId, body, admit },
      operationId,
      deps,
    );
    const { operation: done } = outcome;
    const view = {
      operationId: done.operationId,
      status: done.status === 'succeeded' ? ('succeeded' as const) : ('failed' as const),
      mode: done.mode,
      model: done.model,
      voice: done.voice,
      adjusted: done.adjusted,
      error: done.error,
      ...(outcome.asset ? { asset: mediaValueOf(outcome.asset) } : {}),
    };
    return outcome.replayed ? replayed(view) : created(view);
  },
});
