// adapter: which shared provider credentials this deployment has — the value in the environment
// (local mode) or a Secrets Manager ARN under the same name + `_ARN` (AWS). Only presence is reported
// here; the values are read by the provider adapters that use them.
import type { ProviderId } from '#core/integrations/providers';
import type { SharedCredentialPresence } from '#core/integrations/service-status';
import { ENV } from '../env.ts';

/** The environment names whose presence means "the deployment's own credential is configured". */
const REQUIRED: Readonly<Record<ProviderId, readonly string[] | null>> = {
  'provider-one': [ENV.providerOneApiKey],
  'provider-two': [ENV.providerTwoApiKey],
  speech: [ENV.speechApiKey],
  // A GitHub App needs its id and its private key.
  codehost: [ENV.codehostAppId, ENV.codehostPrivateKey],
  'workspace-suite': [ENV.workspaceSuiteClientId],
  // The workspace's own secrets only: a deployment has no shared credential for "any HTTP API".
  http: null,
};

const isSet = (env: NodeJS.ProcessEnv, name: string) => Boolean(env[name] || env[`${name}_ARN`]);

export function sharedCredentialPresence(env: NodeJS.ProcessEnv = process.env): SharedCredentialPresence {
  return Object.fromEntries(
    Object.entries(REQUIRED).map(([id, names]) => [id, names?.every((name) => isSet(env, name)) ?? false]),
  ) as unknown as SharedCredentialPresence;
}
