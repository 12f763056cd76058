// core: what the speech core asks of the speech provider (ElevenLabs: functions/adapters/providers/
// elevenlabs.ts). One call per operation, never retried by the client: the vendor has no idempotency key.
import type { PreparedSpeech } from './speech-request.ts';

export interface SpeechResult {
  audio: Uint8Array;
  contentType: string;
  /** The vendor's request id (for request stitching), when it sends one. */
  requestId?: string;
  /** Characters the vendor billed, when it says. */
  characterCost?: number;
}

export interface SpeechProvider {
  speak(request: PreparedSpeech & { mode: 'tts' }, apiKey: string): Promise<SpeechResult>;
  revoice(
    request: PreparedSpeech & { mode: 'sts' },
    source: { bytes: Uint8Array; contentType: string },
    apiKey: string,
  ): Promise<SpeechResult>;
}
