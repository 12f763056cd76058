// adapter: configuration of outbound requests to caller-chosen URLs, read once from the environment.
import { readFileSync } from 'node:fs';
import { ENV } from '../env.ts';

/**
 * Comma-separated exact `host:port` entries exempt from the https and public-host rules, e.g.
 * `127.0.0.1:4010,[::1]:4010`. Local mode and tests only: ignored inside AWS Lambda.
 */
export const OUTBOUND_ALLOW_HOSTS_ENV = ENV.outboundAllowHosts;

/**
 * The same for the provider clients only (a provider's media download): local mode's provider
 * stand-ins. Kept apart so that a workspace's http-request node or callback cannot reach them.
 */
export const PROVIDER_ALLOW_HOSTS_ENV = ENV.providerAllowHosts;

/** Set by the Lambda runtime in every function; its presence means "deployed". */
const LAMBDA_MARKER_ENV = 'AWS_LAMBDA_FUNCTION_NAME';

export interface OutboundConfig {
  /** Lower-case `host:port` entries for parseCallbackUrl / deliverCallback. Always empty in Lambda. */
  readonly allowHosts: readonly string[];
  /**
   * PROVIDER_ALLOW_HOSTS: entries only the provider clients may reach, on top of `allowHosts` (never
   * passed for a caller-chosen URL). Always empty in Lambda.
   */
  readonly providerAllowHosts: readonly string[];
  /**
   * Extra certificate authorities (PEM) trusted for outbound HTTPS, from OUTBOUND_EXTRA_CA_FILE: a
   * local test server with a self-signed certificate. Always empty in Lambda.
   */
  readonly extraCa: readonly string[];
}

const ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?):(\d{1,5})$/;

/**
 * Reads OUTBOUND_ALLOW_HOSTS and PROVIDER_ALLOW_HOSTS. Inside AWS Lambda both are ignored, so the
 * exemption cannot be switched on in a deployment however the environment is set.
 *
 * @throws Error on a malformed entry (fail fast at cold start rather than refuse callbacks later).
 */
export function outboundConfig(env: NodeJS.ProcessEnv = process.env): OutboundConfig {
  if (env[LAMBDA_MARKER_ENV]) return { allowHosts: [], providerAllowHosts: [], extraCa: [] };
  const caFile = env[ENV.outboundExtraCaFile];
  return {
    allowHosts: hostList(env, OUTBOUND_ALLOW_HOSTS_ENV),
    providerAllowHosts: hostList(env, PROVIDER_ALLOW_HOSTS_ENV),
    extraCa: caFile ? [readFileSync(caFile, 'utf8')] : [],
  };
}

function hostList(env: NodeJS.ProcessEnv, name: string): string[] {
  const entries = (env[name] ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const match = ENTRY.exec(entry);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535)
      throw new Error(`${name}: "${entry}" is not host:port`);
  }
  return entries;
}

/** True outside AWS Lambda (local mode, tests, scripts): where OUTBOUND_ALLOW_HOSTS takes effect. */
export function allowHostsApply(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env[LAMBDA_MARKER_ENV];
}
