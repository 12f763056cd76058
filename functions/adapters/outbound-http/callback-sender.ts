// adapter: CallbackSender over HTTPS — serialise once, sign those exact bytes, deliver with the outbound
// URL rules (DNS checked, pinned, no redirects, short timeout). The secret is the workspace's own when it
// has set one (core/outbound/callback-secrets.ts: current, plus the previous one during a rotation
// overlap), else the deployment's (CALLBACK_SIGNING_SECRET, or its Secrets Manager ARN in AWS), else the
// callback goes unsigned.
import { systemClock, type Clock } from '#core/clock';
import { callbackSigningSecrets, type CallbackSecretRepository } from '#core/outbound/callback-secrets';
import { signCallback, type CallbackSignatureHeaders } from '#core/outbound/signing';
import type { CredentialCipher } from '#core/integrations/ports';
import type { CallbackOutcome, CallbackSender } from '#core/ports';
import { credentialCipher } from '../credentials/cipher.ts';
import { callbackSecrets } from '../dynamodb/callback-secret-repository.ts';
import { outboundConfig } from './config.ts';
import { deliverCallback } from './deliver.ts';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';

const deploymentSecret = secretSource(ENV.callbackSigningSecret, ENV.callbackSigningSecretArn);

export interface CallbackSigningDeps {
  callbackSecrets: CallbackSecretRepository;
  cipher: CredentialCipher;
  clock: Clock;
  /** The deployment's secret. @default CALLBACK_SIGNING_SECRET / its Secrets Manager ARN */
  deploymentSecret: () => Promise<string | undefined>;
}

const defaultSigningDeps: CallbackSigningDeps = {
  callbackSecrets,
  cipher: credentialCipher,
  clock: systemClock,
  deploymentSecret,
};

/**
 * The signature headers of a callback body of `workspaceId`: signed with the workspace's secrets when
 * it has any — never with the deployment's then, so a receiver holding the workspace's secret accepts
 * that workspace's callbacks only — else with the deployment's, else none.
 */
export async function callbackSignatureHeaders(
  workspaceId: string | undefined,
  body: string,
  deps: CallbackSigningDeps = defaultSigningDeps,
): Promise<CallbackSignatureHeaders | Record<string, never>> {
  const own = workspaceId === undefined ? [] : await callbackSigningSecrets(workspaceId, deps);
  if (own.length > 0) return signCallback(own, body, { timestamp: deps.clock.now().getTime() });
  const shared = await deps.deploymentSecret();
  return shared ? signCallback(shared, body, { timestamp: deps.clock.now().getTime() }) : {};
}

export class HttpCallbackSender implements CallbackSender {
  private readonly allowHosts: readonly string[];
  private readonly signing: CallbackSigningDeps;

  constructor(options: { signing?: Partial<CallbackSigningDeps>; allowHosts?: readonly string[] } = {}) {
    this.signing = { ...defaultSigningDeps, ...options.signing };
    this.allowHosts = options.allowHosts ?? outboundConfig().allowHosts;
  }

  async send(url: string, payload: Record<string, unknown>): Promise<CallbackOutcome> {
    const body = JSON.stringify(payload);
    // The workspace the body names is the one whose secret signs it: what the receiver checks.
    const workspaceId = typeof payload.workspaceId === 'string' ? payload.workspaceId : undefined;
    const headers = await callbackSignatureHeaders(workspaceId, body, this.signing);
    const outcome = await deliverCallback({ url, body, headers: { ...headers }, allowHosts: this.allowHosts });
    return { delivered: outcome.delivered, statusCode: outcome.statusCode, error: outcome.error };
  }
}
