// adapter: CallbackSender over HTTPS — serialise once, sign those exact bytes when a secret is
// configured (signing-secret.ts), deliver with the outbound URL rules (DNS checked, pinned, no redirects, short timeout).
import { signCallback } from '#core/outbound/signing';
import type { CallbackOutcome, CallbackSender } from '#core/ports';
import { outboundConfig } from './config.ts';
import { deliverCallback } from './deliver.ts';
import { callbackSigningSecret } from './signing-secret.ts';

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
