// local: provider one's synthetic sandbox. When local mode has no GEMINI_API_KEY (and no base URL of its
// own), it runs the Gemini Veo stand-in (gemini-protocol.ts) and points the service at it, so `npm start`
// can generate a (synthetic) Veo video end to end with no account. Documented in docs/generation.md.
import { ENV } from '#adapters/env';
import { startGeminiProtocolServer } from './gemini-protocol.ts';
import { startProviderSandbox } from './provider-sandbox.ts';

/** The key the sandbox expects (Gemini's key form); it opens nothing anywhere else. */
export const GEMINI_SANDBOX_KEY = 'AIzaSandbox0000000000000000000000000000';

export const startGeminiSandbox = (log?: (line: string) => void) =>
  startProviderSandbox(
    { label: 'provider one (Veo)', keyVariable: ENV.providerOneApiKey, baseUrlVariable: ENV.providerOneBaseUrl, key: GEMINI_SANDBOX_KEY, start: (key) => startGeminiProtocolServer({ key }), servesMedia: true },
    log,
  );
