// core: what the generation core asks of a video provider. Each provider (provider one: Veo through
// @google/genai; provider two: fal's queue) implements it in functions/adapters/providers/, and the
// core — routes, run nodes, holds, the copy into durable storage — is written once against it.
//
//   prepare (validate against the model contract, no I/O but URL checks)
//      └─► submit (exactly one provider call; the core records the job around it)
//            └─► poll … poll ─► succeeded { media } ─► core copies media to S3 once, settles the hold
//                             └► failed { message } ─► core releases the hold
import { UpstreamError } from '../errors.ts';
import type { VideoMode } from './video-mode.ts';

/**
 * A submit whose outcome cannot be known: the request may have reached the provider (a timeout or a
 * dropped connection after sending). The core never submits that job again — the provider may be
 * running it — and treats it as failed (hold released) unless it can be found later.
 */
export class SubmitOutcomeUnknownError extends UpstreamError {}

export type VideoProviderId = 'provider-one' | 'provider-two';

/**
 * A reference medium as the caller gave it: a public HTTPS URL (already checked against the outbound
 * rules by the core) or inline bytes (a `data:` URL decoded by the core).
 */
export type MediaReference = { url: string } | { bytes: Uint8Array; contentType: string };

/** The provider-neutral submit request, after the core has parsed the route body or the node's data. */
export interface VideoSubmitInput {
  prompt: string;
  /** Provider one: a model id; provider two: an endpoint id. Absent: the provider's default. */
  model?: string;
  /** Primary (first-frame) image. */
  image?: MediaReference;
  /** Last-frame image. */
  lastFrame?: MediaReference;
  referenceImages?: MediaReference[];
  referenceVideos?: MediaReference[];
  referenceAudios?: MediaReference[];
  aspectRatio?: string;
  /** Provider-specific parameters (provider two's `modelParams`); filtered by `prepare`. */
  params?: Record<string, unknown>;
}

/** A request the provider accepted as valid: what will be sent, and what it can cost at most. */
export interface PreparedVideoJob {
  provider: VideoProviderId;
  /** The model or endpoint id actually used (default applied). */
  model: string;
  mode: VideoMode;
  /** The body the provider's submit call will send, as JSON-safe data (stored on the job record). */
  payload: Record<string, unknown>;
  /** Seconds of video this request asks for: the credit hold's quantity. */
  durationSeconds: number;
  /** The price-list model class of this model (prices.ts: '*', 'standard', 'fast', 'professional'). */
  priceModel: string;
  /** Parameters dropped because the model does not take them, for the response and the node's warnings. */
  dropped: string[];
}

/** The credential the core resolved through resolveProviderAccess (workspace's own or the shared one). */
export interface ProviderCredential {
  apiKey: string;
}

export type VideoPoll =
  | { state: 'pending'; pollAfterSeconds: number; position?: number }
  | {
      state: 'succeeded';
      /** Where the finished video can be fetched once (with `headers`, e.g. an API key), and its type. */
      media: { url: string; contentType: string; headers?: Record<string, string> };
      /** Seconds of video produced, when the provider says (else the core charges the requested duration). */
      durationSeconds?: number;
    }
  | { state: 'failed'; message: string };

export interface VideoProvider {
  readonly id: VideoProviderId;
  /** Validates against the model contract; throws ValidationError (400) with a message naming the field. */
  prepare(input: VideoSubmitInput): PreparedVideoJob;
  /** One provider call, never retried by the client: a retried submit would start (and cost) a second job. */
  submit(
    job: PreparedVideoJob,
    credential: ProviderCredential,
    options?: { completionUrl?: string },
  ): Promise<{ providerJobId: string; pollAfterSeconds: number }>;
  /**
   * Whether the provider calls `completionUrl` when the job finishes (fal's `fal_webhook`). A provider
   * without completion webhooks (Veo on the Gemini API) is only polled.
   */
  readonly completionWebhooks?: boolean;
  poll(job: { model: string; providerJobId: string }, credential: ProviderCredential): Promise<VideoPoll>;
  /** Best effort; a provider without cancel resolves. */
  cancel(job: { model: string; providerJobId: string }, credential: ProviderCredential): Promise<void>;
}
