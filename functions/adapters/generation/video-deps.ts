// adapter: what the video job core needs, built once per cold start — the same for the generation
// routes and the run workflow's Advance step.
import { systemClock } from '#core/clock';
import type { VideoJobDeps } from '#core/generation/video-jobs';
import type { VideoProvider, VideoProviderId } from '#core/generation/video-provider';
import { assets, canvases, connections, policies } from '../composition/stores.ts';
import { generatedAssetStorage } from '../composition/generation.ts';
import { videoJobs } from '../composition/provider-jobs.ts';
import { creditDeps } from '#adapters/composition/credits';
import { credentialCipher } from '#adapters/composition/credentials';
import { ENV } from '#adapters/env';
import { sharedCredentialPresence } from '#adapters/integrations/shared-credentials';
import { outboundConfig } from '#adapters/outbound-http/config';
import { mediaSource, providerMediaSource } from '#adapters/outbound-http/media-source';
import { validateCallbackUrl } from '#adapters/outbound-http/validate-callback-url';
import { falProvider } from '#adapters/providers/fal';
import { veoProvider } from '#adapters/providers/veo';
import { secretSource } from '#adapters/secrets/secret-source';
import { runWaits } from '#adapters/sfn/run-waits';
import { completionFallbackSeconds, completionUrlOf } from './completion-url.ts';

/** The video providers this deployment can call. */
export const VIDEO_PROVIDERS: Record<VideoProviderId, VideoProvider> = {
  'provider-one': veoProvider({ media: mediaSource }),
  'provider-two': falProvider(),
};

const sharedKeys: Record<VideoProviderId, () => Promise<string | undefined>> = {
  'provider-one': secretSource(ENV.providerOneApiKey, `${ENV.providerOneApiKey}_ARN`),
  'provider-two': secretSource(ENV.providerTwoApiKey, `${ENV.providerTwoApiKey}_ARN`),
};

let built: VideoJobDeps | undefined;

export function videoJobDeps(): VideoJobDeps {
  built ??= {
    jobs: videoJobs,
    providers: VIDEO_PROVIDERS,
    access: {
      policies,
      connections,
      cipher: credentialCipher,
      sharedConfigured: (provider) => sharedCredentialPresence()[provider],
    },
    sharedApiKey: (provider) => sharedKeys[provider](),
    checkUrl: (url, field) => validateCallbackUrl(url, { allowHosts: outboundConfig().allowHosts, field }),
    // The core downloads only what a provider answered with; reference images go through veoProvider's.
    media: providerMediaSource,
    credits: creditDeps(),
    assets: { assets, storage: generatedAssetStorage, canvases, clock: systemClock },
    clock: systemClock,
    completionUrl: completionUrlOf,
    // Read per use: the deployment (or a test) may change it without a cold start.
    get completionFallbackSeconds() {
      return completionFallbackSeconds();
    },
    runWaits,
  };
  return built;
}
