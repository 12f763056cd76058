// local: how a provider's synthetic sandbox joins local mode — only when the developer configured neither
// a key (nor its _ARN) nor a base URL of their own: the stand-in starts on a loopback port, the service's
// key and base URL point at it, and, when it serves media the service downloads, its host joins
// OUTBOUND_ALLOW_HOSTS (local mode only). Stopping puts the environment back as it was.
import { ENV } from '#adapters/env';

export interface ProviderSandbox {
  /** What the log line calls it, e.g. "provider two (fal)". */
  label: string;
  keyVariable: string;
  baseUrlVariable: string;
  key: string;
  start(key: string): Promise<{ url: string; close(): Promise<void> }>;
  /** The service downloads media from it (video): allow its loopback host for outbound requests. */
  servesMedia: boolean;
}

export async function startProviderSandbox(sandbox: ProviderSandbox, log?: (line: string) => void): Promise<{ stop(): Promise<void> }> {
  const { keyVariable, baseUrlVariable } = sandbox;
  if (process.env[keyVariable] || process.env[`${keyVariable}_ARN`] || process.env[baseUrlVariable]) return { stop: async () => undefined };
  const server = await sandbox.start(sandbox.key);
  const saved = process.env[ENV.outboundAllowHosts];
  Object.assign(process.env, { [keyVariable]: sandbox.key, [baseUrlVariable]: server.url });
  if (sandbox.servesMedia) process.env[ENV.outboundAllowHosts] = [saved, new URL(server.url).host].filter(Boolean).join(',');
  log?.(`${sandbox.label}: no ${keyVariable} set, so a synthetic sandbox answers at ${server.url}`);
  return {
    async stop() {
      delete process.env[keyVariable];
      delete process.env[baseUrlVariable];
      if (saved === undefined) delete process.env[ENV.outboundAllowHosts];
      else process.env[ENV.outboundAllowHosts] = saved;
      await server.close();
    },
  };
}
