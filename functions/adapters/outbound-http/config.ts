// adapter: configuration of outbound requests to caller-chosen URLs, read once from the environment.
import { readFileSync } from 'node:fs';
import { ENV } from '../env.ts';

/**
 * Comma-separated exact `host:port` entries exempt from the https and public-host rules, e.g.
 * `127.0.0.1:4010,[::1]:4010`. Local mode and tests only: ignored inside AWS Lambda.
 */
export const OUTBOUND_ALLOW_HOSTS_ENV = ENV.outboundAllowHosts;

/** Set by the Lambda runtime in every function; its presence means "deployed". */
const LAMBDA_MARKER_ENV = 'AWS_LAMBDA_FUNCTION_NAME';

export interface OutboundConfig {
  /** Lower-case `host:port` entries for parseCallbackUrl / deliverCallback. Always empty in Lambda. */
  readonly allowHosts: readonly string[];
  /**
   * Extra certificate authorities (PEM) trusted for outbound HTTPS, from OUTBOUND_EXTRA_CA_FILE: a
   * local test server with a self-signed certificate. Always empty in Lambda.
   */
  readonly extraCa: readonly string[];
}

const ENTRY = /^(\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?):(\d{1,5})$/;

/**
 * Reads OUTBOUND_ALLOW_HOSTS. Inside AWS Lambda the variable is ignored, so the exemption cannot be
 * switched on in a deployment however the environment is set.
 *
 * @throws Error on a malformed entry (fail fast at cold start rather than refuse callbacks later).
 */
export function outboundConfig(env: NodeJS.ProcessEnv = process.env): OutboundConfig {
  if (env[LAMBDA_MARKER_ENV]) return { allowHosts: [], extraCa: [] };
  const raw = env[OUTBOUND_ALLOW_HOSTS_ENV] ?? '';
  const allowHosts = raw
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry !== '');
  for (const entry of allowHosts) {
    const match = ENTRY.exec(entry);
    if (!match || Number(match[2]) < 1 || Number(match[2]) > 65535) {
      throw new Error(`${OUTBOUND_ALLOW_HOSTS_ENV}: "${entry}" is not host:port`);
    }
  }
  const caFile = env[ENV.outboundExtraCaFile];
  return { allowHosts, extraCa: caFile ? [readFileSync(caFile, 'utf8')] : [] };
}

/** True outside AWS Lambda (local mode, tests, scripts): where OUTBOUND_ALLOW_HOSTS takes effect. */
export function allowHostsApply(env: NodeJS.ProcessEnv = process.env): boolean {
  return !env[LAMBDA_MARKER_ENV];
}
