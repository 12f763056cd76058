// adapter: CallbackSender over HTTPS — serialise once, sign those exact bytes when a secret is
// configured (CALLBACK_SIGNING_SECRET, or its Secrets Manager ARN in AWS), deliver with the outbound URL rules (DNS checked, pinned, no redirects, short timeout).
import { signCallback } from '#core/outbound/signing';
import type { CallbackOutcome, CallbackSender } from '#core/ports';
import { outboundConfig } from './config.ts';
import { deliverCallback } from './deliver.ts';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';

const callbackSigningSecret = secretSource(ENV.callbackSigningSecret, ENV.callbackSigningSecretArn);

export class HttpCallbackSender implements CallbackSender {
  private readonly allowHosts = outboundConfig().allowHosts;

  async send(url: string, payload: Record<string, unknown>): Promise<CallbackOutcome> {
    const body = JSON.stringify(payload);
    const secret = await callbackSigningSecret();
    const headers = secret ? signCallback(secret, body) : {};
    const outcome = await deliverCallback({ url, body, headers: { ...headers }, allowHosts: this.allowHosts });
    return { delivered: outcome.delivered, statusCode: outcome.statusCode, error: outcome.error };
  }
}
