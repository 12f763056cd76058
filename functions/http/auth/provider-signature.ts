// http: deliveries signed by a provider over the raw body (manifest auth 'public': no workspace credential;
// the provider's protocol authenticates). The caller is the verified delivery.
//   payment provider: Stripe-Signature (t=…,v1=…), checked by the provider's own package (400 when wrong);
//   GitHub: X-Hub-Signature-256 (HMAC-SHA256), checked by @octokit/webhooks-methods (401 when wrong).
import { verify } from '@octokit/webhooks-methods';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { NotFoundError, PayloadTooLargeError, UnauthorizedError } from '#core/errors';
import { githubWebhookSecret } from '#adapters/codehost/config';
import { verifyPaymentWebhook } from '#adapters/payments/stripe-signature';
import type { RouteDefinition } from '#routes/manifest';
import { DEFAULT_MAX_BODY_BYTES } from '../parse.ts';
import { header, rawBody } from '../request.ts';
import type { Authenticator } from './authenticator.ts';

/** The payment provider's event, parsed from the body its signature covers. */
export const paymentProviderSignature: Authenticator<unknown> = {
  kind: 'public',
  async authenticate(event: APIGatewayProxyEvent, route: RouteDefinition) {
    const body = rawBody(event);
    const maxBodyBytes = route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
    if (body.length > maxBodyBytes) throw new PayloadTooLargeError(`Body is larger than ${maxBodyBytes} bytes`);
    return verifyPaymentWebhook(body, header(event, 'stripe-signature'));
  },
  principalOf: () => undefined,
};

/** The body of a GitHub delivery whose signature matched the deployment's GitHub App webhook secret. */
export const githubSignature: Authenticator<Buffer> = {
  kind: 'public',
  async authenticate(event: APIGatewayProxyEvent, route: RouteDefinition) {
    const body = rawBody(event);
    if (body.length > (route.maxBodyBytes ?? 0)) throw new PayloadTooLargeError('Webhook body too large');
    const secret = await githubWebhookSecret();
    if (!secret) throw new NotFoundError('GitHub webhooks are not configured in this deployment');
    const signature = header(event, 'x-hub-signature-256');
    if (!signature) throw new UnauthorizedError('Missing X-Hub-Signature-256');
    // GitHub signs the exact bytes it sent; verify() takes them as a string (UTF-8, as GitHub sends JSON).
    if (!(await verify(secret, body.toString('utf8'), signature)))
      throw new UnauthorizedError('Bad X-Hub-Signature-256');
    return body;
  },
  principalOf: () => undefined,
};
