// local: the speech provider's synthetic sandbox. When local mode has no ELEVENLABS_API_KEY (and no base
// URL of its own), it runs the ElevenLabs stand-in (elevenlabs-protocol.ts) and points the service at
// it: text-to-speech and speech-to-speech answer real MP3 files of silence. Documented in docs/generation-audio.md.
import { ENV } from '#adapters/env';
import { startSpeechProtocolServer } from './elevenlabs-protocol.ts';

export const SPEECH_SANDBOX_KEY = 'sk_sandbox00000000000000000000000000000000';

export async function startSpeechSandbox(log?: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  if (process.env[ENV.speechApiKey] || process.env[`${ENV.speechApiKey}_ARN`] || process.env[ENV.speechBaseUrl]) return { stop: async () => undefined };
  const server = await startSpeechProtocolServer({ key: SPEECH_SANDBOX_KEY });
  Object.assign(process.env, { [ENV.speechApiKey]: SPEECH_SANDBOX_KEY, [ENV.speechBaseUrl]: server.url });
  log?.(`speech (ElevenLabs): no ELEVENLABS_API_KEY set, so a synthetic sandbox answers at ${server.url}`);
  return {
    async stop() {
      delete process.env[ENV.speechApiKey];
      delete process.env[ENV.speechBaseUrl];
      await server.close();
    },
  };
}
