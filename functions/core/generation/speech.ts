// use case: one speech generation (text-to-speech or speech-to-speech), for POST /api/generate-audio and
// the audio nodes. Idempotent per provider operation: a record keyed by the operation id is written
// before the provider is called, so a retried request or a retried run step finds it and never calls
// (or charges) twice.
//
//   record exists? ── succeeded ─► its asset     failed ─► its error     running ─► 409 (fresh) / failed (stale)
//        │ no
//   prepare (clamping) ─► access (policy, voice on shared keys) ─► source audio (sts) ─► record (absent)
//   ─► hold ─► ONE provider call ─► bytes stored ─► CHARGE ─► asset record (id fixed in the record) ─► succeeded
//                     └─ refused / failed ─► record failed ─► hold released
//
// The charge comes before the asset record (what makes the audio visible), so nothing is delivered
// unpaid: the hold is settled, or, if it was released under a call that outlived it, the same charge is
// taken from the available credits; refused, the operation fails and the audio is not delivered. The
// hold (24 h) outlives the call by far: a record is failed after SPEECH_DEADLINE_SECONDS.
import { ConflictError, DomainError, NotFoundError, UpstreamError, ValidationError } from '../errors.ts';
import { newId } from '../ids.ts';
import type { Clock } from '../clock.ts';
import { assertAffordable, chargeHold, holdCredits, releaseHold, type CreditDeps } from '../credits/ledger.ts';
import { InsufficientCreditsError } from '../credits/errors.ts';
import { ASSET_KINDS } from '../assets/kinds.ts';
import { storeGeneratedAsset, type GeneratedAssetDeps } from '../assets/generated.ts';
import { ASSET_ID_PREFIX, type Asset } from '../assets/model.ts';
import { resolveProviderAccess, type AccessDeps } from '../integrations/access.ts';
import type { MediaSource } from './video-jobs.ts';
import type { SpeechProvider, SpeechResult } from './speech-provider.ts';
import {
  prepareSpeech,
  SPEECH_DEFAULTS,
  SPEECH_LIMITS,
  STS_HOLD_SECONDS,
  type PreparedSpeech,
  type SpeechRequestBody,
} from './speech-request.ts';

/** A `running` record older than this died with its process: failed, never called again. */
export const SPEECH_DEADLINE_SECONDS = 180;

export interface SpeechOperation {
  operationId: string;
  workspaceId: string;
  canvasId: string;
  nodeId: string | null;
  /** The run that asked for it (absent on route operations): its usage entry names it. */
  executionId?: string;
  mode: 'tts' | 'sts';
  model: string;
  voice: string;
  status: 'running' | 'succeeded' | 'failed';
  /** Fixed when the record is written, so a repeated store writes the same asset. */
  assetId: string;
  adjusted: string[];
  error: string | null;
  providerRequestId: string | null;
  createdAt: string;
  updatedAt: string;
  version: number;
}

export interface SpeechOperationRepository {
  create(operation: SpeechOperation): Promise<{ created: true } | { created: false; existing: SpeechOperation }>;
  get(workspaceId: string, operationId: string): Promise<SpeechOperation | undefined>;
  /** Writes if the stored version is `expectedVersion`; else ConflictError. */
  update(operation: SpeechOperation, expectedVersion: number): Promise<void>;
  /** Removes a record whose operation never started (its hold was refused). */
  delete(operation: Pick<SpeechOperation, 'workspaceId' | 'operationId'>): Promise<void>;
}

export interface SpeechDeps {
  operations: SpeechOperationRepository;
  provider: SpeechProvider;
  access: AccessDeps;
  sharedApiKey(): Promise<string | undefined>;
  checkUrl(url: string, field: string): Promise<string>;
  media: MediaSource;
  credits: CreditDeps;
  assets: GeneratedAssetDeps;
  clock: Clock;
}

export interface SpeechInput {
  workspaceId: string;
  canvasId: string;
  nodeId?: string;
  executionId?: string;
  /** Set when a published server's call started the run: the usage names the server. */
  publishedServerId?: string;
  body: Omit<SpeechRequestBody, 'canvasId'>;
  /** sts: the source audio as bytes already at hand (a node's input asset). */
  source?: { bytes: Uint8Array; contentType: string };
  /**
   * Called once a new operation has passed every check and before anything is written (the route's rate
   * limit): a refusal here leaves nothing behind.
   */
  admit?: () => Promise<void>;
}

export interface SpeechOutcome {
  operation: SpeechOperation;
  asset?: Asset;
  replayed: boolean;
}

/** Seconds of a 128 kbit/s MP3 of `bytes` (what the provider answers, and what sts is charged by). */
export const mp3SecondsOf = (bytes: number) => (bytes * 8) / 128_000;

export async function generateSpeech(
  input: SpeechInput,
  operationId: string,
  deps: SpeechDeps,
): Promise<SpeechOutcome> {
  const known = await deps.operations.get(input.workspaceId, operationId);
  if (known) return replay(known, deps);

  const prepared = prepareSpeech(input.body);
  const { apiKey, monthlyCreditCap } = await credentialFor(input.workspaceId, prepared, deps);
  const source = prepared.mode === 'sts' ? (input.source ?? (await sourceOf(input.body, deps))) : undefined;
  const held =
    prepared.mode === 'tts'
      ? { sku: 'audio.tts', quantity: prepared.text!.length / 1000 }
      : {
          sku: 'audio.sts',
          quantity: Math.min(
            Math.max(Math.ceil(mp3SecondsOf(source!.bytes.length)), STS_HOLD_SECONDS.min),
            STS_HOLD_SECONDS.max,
          ),
        };
  // Refusals before any write: credits (402) and the caller's admission (the route's rate limit, 429).
  await assertAffordable(
    { workspaceId: input.workspaceId, sku: held.sku, model: prepared.model, quantity: held.quantity },
    deps.credits,
  );
  await input.admit?.();

  const now = deps.clock.now();
  let operation: SpeechOperation = {
    operationId,
    workspaceId: input.workspaceId,
    canvasId: input.canvasId,
    nodeId: input.nodeId ?? null,
    ...(input.executionId === undefined ? {} : { executionId: input.executionId }),
    mode: prepared.mode,
    model: prepared.model,
    voice: prepared.voice,
    status: 'running',
    assetId: newId(ASSET_ID_PREFIX, now.getTime()),
    adjusted: prepared.adjusted,
    error: null,
    providerRequestId: null,
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    version: 1,
  };
  const created = await deps.operations.create(operation);
  if (!created.created) return replay(created.existing, deps);

  try {
    await holdCredits(
      {
        workspaceId: input.workspaceId,
        operationId,
        sku: held.sku,
        model: prepared.model,
        quantity: held.quantity,
        resource: {
          canvasId: input.canvasId,
          provider: 'speech',
          ...(input.nodeId ? { nodeId: input.nodeId } : {}),
          ...(input.executionId ? { executionId: input.executionId } : {}),
          ...(input.publishedServerId ? { publishedServerId: input.publishedServerId } : {}),
        },
        description: `${prepared.mode === 'tts' ? 'Text to speech' : 'Speech to speech'}, ${prepared.model}`,
      },
      deps.credits,
      { monthlyCap: monthlyCreditCap },
    );
  } catch (error) {
    // Refused under a race with another spend: the operation never started, so it leaves no record.
    await deps.operations.delete(operation).catch(() => undefined);
    throw error;
  }

  let result: SpeechResult;
  try {
    result =
      prepared.mode === 'tts'
        ? await deps.provider.speak(prepared as PreparedSpeech & { mode: 'tts' }, apiKey)
        : await deps.provider.revoice(prepared as PreparedSpeech & { mode: 'sts' }, source!, apiKey);
  } catch (error) {
    operation = await change(operation, { status: 'failed', error: messageOf(error) }, deps);
    await releaseHold(operation, deps.credits);
    throw error;
  }
  const quantity =
    prepared.mode === 'tts'
      ? (result.characterCost ?? prepared.text!.length) / 1000
      : mp3SecondsOf(result.audio.length);
  const charge = () =>
    chargeHold(
      {
        workspaceId: input.workspaceId,
        operationId,
        quantity,
        resource: result.requestId ? { providerJobId: result.requestId } : {},
      },
      deps.credits,
    ).then(() => undefined);
  let asset: Asset;
  try {
    asset = await stored(operation, result.audio, result.contentType, charge, deps);
  } catch (error) {
    if (!(error instanceof InsufficientCreditsError)) throw error;
    operation = await change(
      operation,
      {
        status: 'failed',
        error: `The audio could not be charged, so it was not delivered: ${messageOf(error)}`,
        providerRequestId: result.requestId ?? null,
      },
      deps,
    );
    throw error;
  }
  operation = await change(operation, { status: 'succeeded', providerRequestId: result.requestId ?? null }, deps);
  return { operation, asset, replayed: false };
}

/**
 * Where a recorded operation stands: its asset, its failure, or (409) still running — a record whose
 * process died is failed and its hold released here.
 */
export async function speechOutcome(
  workspaceId: string,
  operationId: string,
  deps: SpeechDeps,
): Promise<SpeechOutcome> {
  const operation = await deps.operations.get(workspaceId, operationId);
  if (!operation) throw new NotFoundError(`Audio operation ${operationId} not found`);
  return replay(operation, deps);
}

/** What an operation already recorded answers: its asset, its failure, or "still running". */
async function replay(operation: SpeechOperation, deps: SpeechDeps): Promise<SpeechOutcome> {
  if (operation.status === 'succeeded') {
    const asset = await deps.assets.assets.get(operation.workspaceId, operation.assetId);
    if (!asset) throw new NotFoundError(`The audio of operation ${operation.operationId} was purged`);
    return { operation, asset, replayed: true };
  }
  if (operation.status === 'running') {
    if (Date.parse(operation.createdAt) + SPEECH_DEADLINE_SECONDS * 1000 > deps.clock.now().getTime()) {
      throw new ConflictError(`Audio operation ${operation.operationId} is still running; retry shortly`, {
        retryAfterSeconds: 5,
      });
    }
    // Its process died mid-call: the provider may have billed it, but it is never called again.
    operation = await change(
      operation,
      {
        status: 'failed',
        error: 'The generation did not complete (the service stopped during the call); it was not retried',
      },
      deps,
    );
    await releaseHold(operation, deps.credits).catch((error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
    });
  }
  return { operation, replayed: true };
}

async function stored(
  operation: SpeechOperation,
  audio: Uint8Array,
  contentType: string,
  charge: () => Promise<void>,
  deps: SpeechDeps,
): Promise<Asset> {
  try {
    return await storeGeneratedAsset(
      {
        assetId: operation.assetId,
        workspaceId: operation.workspaceId,
        canvasId: operation.canvasId,
        nodeId: operation.nodeId ?? 'generate-audio',
        contentType: contentType.startsWith('audio/') ? contentType : SPEECH_DEFAULTS.contentType,
        body: audio,
        source: {
          provider: 'speech',
          ...(operation.executionId ? { executionId: operation.executionId } : {}),
          detail: { operationId: operation.operationId, model: operation.model, voice: operation.voice },
        },
        name: `${operation.nodeId ?? operation.mode}-${operation.assetId.slice(-6)}.mp3`,
        beforeRecord: charge,
      },
      deps.assets,
    );
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    const existing = await deps.assets.assets.get(operation.workspaceId, operation.assetId);
    if (!existing) throw error;
    return existing;
  }
}

/** The API key to call the provider with, and the monthly cap the operation's hold must stay within. */
async function credentialFor(
  workspaceId: string,
  prepared: PreparedSpeech,
  deps: SpeechDeps,
): Promise<{ apiKey: string; monthlyCreditCap: number | null }> {
  const access = await resolveProviderAccess(
    workspaceId,
    { provider: 'speech', model: prepared.model, voice: prepared.voice },
    deps.access,
  );
  const { monthlyCreditCap } = access;
  if (access.source === 'workspace') {
    if (!access.secret.apiKey) throw new UpstreamError("The workspace's speech connection has no apiKey");
    return { apiKey: access.secret.apiKey, monthlyCreditCap };
  }
  const key = await deps.sharedApiKey();
  if (!key) throw new UpstreamError("The deployment's shared speech credential is not readable");
  return { apiKey: key, monthlyCreditCap };
}

async function sourceOf(
  body: SpeechInput['body'],
  deps: SpeechDeps,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  if (body.audioBase64 !== undefined) {
    const bytes = Buffer.from(body.audioBase64, 'base64');
    if (bytes.length === 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(body.audioBase64))
      throw new ValidationError('audioBase64 is not base64 audio');
    if (bytes.length > SPEECH_LIMITS.maxSourceBytes)
      throw new ValidationError(`audioBase64: the source audio may be at most ${SPEECH_LIMITS.maxSourceBytes} bytes`);
    return { bytes, contentType: 'audio/mpeg' };
  }
  const url = await deps.checkUrl(body.audioUrl!, 'audioUrl');
  const opened = await deps.media.open({ url }, Math.min(SPEECH_LIMITS.maxSourceBytes, ASSET_KINDS.audio.maxBytes));
  const chunks: Buffer[] = [];
  for await (const chunk of opened.body) chunks.push(Buffer.from(chunk as Buffer));
  const contentType = (opened.contentType ?? 'audio/mpeg').split(';')[0]!.trim();
  if (!contentType.startsWith('audio/') && !contentType.startsWith('video/'))
    throw new ValidationError(`audioUrl answered ${contentType}, not audio`);
  return { bytes: Buffer.concat(chunks), contentType };
}

async function change(
  operation: SpeechOperation,
  patch: Partial<SpeechOperation>,
  deps: SpeechDeps,
): Promise<SpeechOperation> {
  const next = { ...operation, ...patch, version: operation.version + 1, updatedAt: deps.clock.now().toISOString() };
  await deps.operations.update(next, operation.version);
  return next;
}

const messageOf = (error: unknown) =>
  (error instanceof DomainError || error instanceof Error ? error.message : String(error)).slice(0, 500);
