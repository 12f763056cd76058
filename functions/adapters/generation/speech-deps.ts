// adapter: what the speech core needs, built once per cold start — the same for POST /api/generate-audio
// and the run workflow's Advance step (the audio nodes).
import { systemClock } from '#core/clock';
import type { SpeechDeps } from '#core/generation/speech';
import { assets, canvases, connections, policies } from '../composition/stores.ts';
import { generatedAssetStorage } from '../composition/generation.ts';
import { speechOperations } from '../composition/provider-jobs.ts';
import { creditDeps } from '#adapters/composition/credits';
import { credentialCipher } from '#adapters/composition/credentials';
import { ENV } from '#adapters/env';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';
import { outboundConfig } from '#adapters/outbound-http/config';
import { mediaSource } from '#adapters/outbound-http/media-source';
import { validateCallbackUrl } from '#adapters/outbound-http/validate-callback-url';
import { elevenLabsProvider } from '#adapters/providers/elevenlabs';
import { secretSource } from '#adapters/secrets/secret-source';

const sharedKey = secretSource(ENV.speechApiKey, `${ENV.speechApiKey}_ARN`);
let built: SpeechDeps | undefined;

export function speechDeps(): SpeechDeps {
  built ??= {
    operations: speechOperations,
    provider: elevenLabsProvider(),
    access: {
      policies,
      connections,
      cipher: credentialCipher,
      sharedConfigured: (provider) => sharedCredentialPresence()[provider],
    },
    sharedApiKey: sharedKey,
    checkUrl: (url, field) => validateCallbackUrl(url, { allowHosts: outboundConfig().allowHosts, field }),
    media: mediaSource,
    credits: creditDeps(),
    assets: { assets, storage: generatedAssetStorage, canvases, clock: systemClock },
    clock: systemClock,
  };
  return built;
}
