// local: how a provider's synthetic sandbox joins local mode — only when the developer configured neither
// a key (nor its _ARN) nor a base URL of their own: the stand-in starts on a loopback port, the service's
// key and base URL point at it, and, when it serves media the service downloads, its host joins
// PROVIDER_ALLOW_HOSTS (local mode only: reachable by the provider clients, not by a workspace's
// http-request node or callback). Stopping puts the environment back as it was.
//
// A provider's jobs outlive our process, so the stand-ins keep theirs under DATA_DIR/sandbox and run
// them on a clock (SANDBOX_JOB_SECONDS after the submit), not by how often they are polled: after a
// kill -9 and a restart, the jobs in flight are known and finish. The port may change across a restart:
// job records keep only the provider's job id and the adapters build every URL from the base URL set here.
import { join } from 'node:path';
import { ENV } from '#adapters/env';
import { LocalStackError } from '../errors.ts';

/** Seconds a synthetic job runs after its submit. @default 0: done by the first poll */
export const SANDBOX_JOB_SECONDS = 'SANDBOX_JOB_SECONDS';

export interface SandboxStart {
  key: string;
  /** Where the stand-in keeps its jobs (DATA_DIR/sandbox). */
  journalDir: string;
  /** SANDBOX_JOB_SECONDS. */
  runSeconds: number;
}

export interface ProviderSandbox {
  /** What the log line calls it, e.g. "provider two (fal)". */
  label: string;
  keyVariable: string;
  baseUrlVariable: string;
  key: string;
  start(options: SandboxStart): Promise<{ url: string; close(): Promise<void> }>;
  /** The service downloads media from it (video): allow its loopback host for the provider clients. */
  servesMedia: boolean;
}

export async function startProviderSandbox(
  sandbox: ProviderSandbox,
  dataDir: string,
  log?: (line: string) => void,
): Promise<{ stop(): Promise<void> }> {
  const { keyVariable, baseUrlVariable } = sandbox;
  if (process.env[keyVariable] || process.env[`${keyVariable}_ARN`] || process.env[baseUrlVariable])
    return { stop: async () => undefined };
  const server = await sandbox.start({
    key: sandbox.key,
    journalDir: join(dataDir, 'sandbox'),
    runSeconds: jobSeconds(),
  });
  const saved = process.env[ENV.providerAllowHosts];
  Object.assign(process.env, { [keyVariable]: sandbox.key, [baseUrlVariable]: server.url });
  if (sandbox.servesMedia)
    process.env[ENV.providerAllowHosts] = [saved, new URL(server.url).host].filter(Boolean).join(',');
  log?.(`${sandbox.label}: no ${keyVariable} set, so a synthetic sandbox answers at ${server.url}`);
  return {
    async stop() {
      delete process.env[keyVariable];
      delete process.env[baseUrlVariable];
      if (saved === undefined) delete process.env[ENV.providerAllowHosts];
      else process.env[ENV.providerAllowHosts] = saved;
      await server.close();
    },
  };
}

function jobSeconds(): number {
  const raw = process.env[SANDBOX_JOB_SECONDS];
  if (raw === undefined || raw === '') return 0;
  const seconds = Number(raw);
  if (!Number.isFinite(seconds) || seconds < 0)
    throw new LocalStackError(`${SANDBOX_JOB_SECONDS} must be a number of seconds (0 or more), got "${raw}"`);
  return seconds;
}
