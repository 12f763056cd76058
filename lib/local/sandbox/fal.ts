// local: provider two's synthetic sandbox. When local mode has no FAL_KEY (and no base URL of its own),
// it runs the fal queue stand-in (fal-protocol.ts) on a loopback port and points the service at it, so
// `npm start` can generate a (synthetic) video end to end with no account: jobs queue, run and finish
// in a few polls and their MP4 is a small synthetic file. Documented in docs/generation.md.
import { ENV } from '#adapters/env';
import { startFalProtocolServer } from './fal-protocol.ts';

/** The key the sandbox expects; it opens nothing anywhere else. */
export const FAL_SANDBOX_KEY = 'sandbox-key:local0000000000000000';

export async function startFalSandbox(log?: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  if (process.env[ENV.providerTwoApiKey] || process.env[`${ENV.providerTwoApiKey}_ARN`] || process.env[ENV.providerTwoBaseUrl]) {
    return { stop: async () => undefined };
  }
  const server = await startFalProtocolServer({ key: FAL_SANDBOX_KEY });
  const saved = { allow: process.env[ENV.outboundAllowHosts] };
  const host = new URL(server.url).host;
  Object.assign(process.env, {
    [ENV.providerTwoApiKey]: FAL_SANDBOX_KEY,
    [ENV.providerTwoBaseUrl]: server.url,
    // The sandbox serves its videos from loopback: let the media download reach it (local mode only).
    [ENV.outboundAllowHosts]: [saved.allow, host].filter(Boolean).join(','),
  });
  log?.(`provider two (fal): no FAL_KEY set, so a synthetic sandbox answers at ${server.url}`);
  return {
    async stop() {
      delete process.env[ENV.providerTwoApiKey];
      delete process.env[ENV.providerTwoBaseUrl];
      if (saved.allow === undefined) delete process.env[ENV.outboundAllowHosts];
      else process.env[ENV.outboundAllowHosts] = saved.allow;
      await server.close();
    },
  };
}
