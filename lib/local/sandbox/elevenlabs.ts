// local: the speech provider's synthetic sandbox. When local mode has no ELEVENLABS_API_KEY (and no base
// URL of its own), it runs the ElevenLabs stand-in (elevenlabs-protocol.ts) and points the service at
// it: text-to-speech and speech-to-speech answer real MP3 files of silence. Documented in docs/generation-audio.md.
// Unlike the video stand-ins it keeps no journal: each call answers with the audio itself, so no job
// outlives the call.
import { ENV } from '#adapters/env';
import { startSpeechProtocolServer } from './elevenlabs-protocol.ts';
import { startProviderSandbox } from './provider-sandbox.ts';

export const SPEECH_SANDBOX_KEY = 'sk_sandbox00000000000000000000000000000000';

export const startSpeechSandbox = (dataDir: string, log?: (line: string) => void) =>
  startProviderSandbox(
    {
      label: 'speech (ElevenLabs)',
      keyVariable: ENV.speechApiKey,
      baseUrlVariable: ENV.speechBaseUrl,
      key: SPEECH_SANDBOX_KEY,
      start: ({ key }) => startSpeechProtocolServer({ key }),
      servesMedia: false,
    },
    dataDir,
    log,
  );
