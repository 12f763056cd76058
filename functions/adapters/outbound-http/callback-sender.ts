// adapter: CallbackSender over HTTPS — serialise once, sign those exact bytes, deliver with the outbound
// URL rules (DNS checked, pinned, no redirects, short timeout). Two signatures (docs/callbacks.md, "Signatures"):
//   Standard Webhooks headers  the workspace's secrets (core/outbound/callback-secrets.ts: drawn, or its
//                              derived default; current, plus the previous one during a rotation overlap)
//   X-Service-Signature*       as before: the workspace's drawn secrets, else the deployment's
//                              (CALLBACK_SIGNING_SECRET, or its Secrets Manager ARN in AWS), else none
import { systemClock, type Clock } from '#core/clock';
import { callbackSigningSecrets, type CallbackSecretRepository } from '#core/outbound/callback-secrets';
import {
  signCallback,
  signStandardWebhook,
  type CallbackSignatureHeaders,
  type StandardWebhookHeaders,
} from '#core/outbound/signing';
import type { CredentialCipher } from '#core/integrations/ports';
import type { CallbackOutcome, CallbackSender } from '#core/ports';
import { credentialCipher } from '../composition/credentials.ts';
import { callbackSecrets } from '../composition/stores.ts';
import { outboundConfig } from './config.ts';
import { deliverCallback } from './deliver.ts';
import { readServiceKey } from '../composition/service-key.ts';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';

const deploymentSecret = secretSource(ENV.callbackSigningSecret, ENV.callbackSigningSecretArn);

export interface CallbackSigningDeps {
  callbackSecrets: CallbackSecretRepository;
  cipher: CredentialCipher;
  clock: Clock;
  /** The service root key, which workspaces' default secrets derive from. @default SERVICE_ROOT_KEY / its ARN */
  serviceKey: () => Promise<string | undefined>;
  /** The deployment's secret. @default CALLBACK_SIGNING_SECRET / its Secrets Manager ARN */
  deploymentSecret: () => Promise<string | undefined>;
}

const defaultSigningDeps: CallbackSigningDeps = {
  callbackSecrets,
  cipher: credentialCipher,
  clock: systemClock,
  serviceKey: readServiceKey,
  deploymentSecret,
};

type SignatureHeaders = Partial<CallbackSignatureHeaders & StandardWebhookHeaders>;

/**
 * The signature headers of a callback body of `workspaceId`. The Standard Webhooks headers are signed
 * with the workspace's secrets only, so a receiver holding them accepts that workspace's callbacks only.
 * The X-Service-Signature headers keep the secret receivers verify today: the workspace's drawn secrets
 * — never the deployment's then — else the deployment's, else none.
 */
export async function callbackSignatureHeaders(
  workspaceId: string | undefined,
  body: string,
  deps: CallbackSigningDeps = defaultSigningDeps,
): Promise<SignatureHeaders> {
  const timestamp = deps.clock.now().getTime();
  const own =
    workspaceId === undefined ? { workspace: [], drawn: [] } : await callbackSigningSecrets(workspaceId, deps);
  const legacySecrets = own.drawn.length > 0 ? own.drawn : await deps.deploymentSecret();
  return {
    ...(legacySecrets ? signCallback(legacySecrets, body, { timestamp }) : {}),
    ...(own.workspace.length > 0 ? signStandardWebhook(own.workspace, body, { timestamp }) : {}),
  };
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
