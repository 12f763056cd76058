// local: provider one's synthetic sandbox. When local mode has no GEMINI_API_KEY (and no base URL of its
// own), it runs the Gemini Veo stand-in (gemini-protocol.ts) and points the service at it, so `npm start`
// can generate a (synthetic) Veo video end to end with no account; its operations run for
// SANDBOX_JOB_SECONDS and are kept under DATA_DIR, so they outlive a crash. Documented in docs/generation.md.
import { join } from 'node:path';
import { ENV } from '#adapters/env';
import { startGeminiProtocolServer } from './gemini-protocol.ts';
import { startProviderSandbox } from './provider-sandbox.ts';

/** The key the sandbox expects (Gemini's key form); it opens nothing anywhere else. */
export const GEMINI_SANDBOX_KEY = 'AIzaSandbox0000000000000000000000000000';

export const startGeminiSandbox = (dataDir: string, log?: (line: string) => void) =>
  startProviderSandbox(
    {
      label: 'provider one (Veo)',
      keyVariable: ENV.providerOneApiKey,
      baseUrlVariable: ENV.providerOneBaseUrl,
      key: GEMINI_SANDBOX_KEY,
      start: ({ key, journalDir, runSeconds }) =>
        startGeminiProtocolServer({ key, journal: join(journalDir, 'veo-operations.jsonl'), runSeconds }),
      servesMedia: true,
    },
    dataDir,
    log,
  );
