// http: a GitHub App webhook delivery (manifest auth 'public': no workspace credential; GitHub's protocol
// authenticates). X-Hub-Signature-256 (HMAC-SHA256 over the raw body), checked by @octokit/webhooks-methods:
// 401 when missing or wrong, 404 where the deployment has no GitHub App. The caller is the verified body.
import { verify } from '@octokit/webhooks-methods';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { NotFoundError, PayloadTooLargeError, UnauthorizedError } from '#core/errors';
import { githubWebhookSecret } from '#adapters/codehost/config';
import type { HandWrittenRoute } from '#route-table/hand-written-routes';
import { header, rawBody } from '../request.ts';
import type { Authenticator } from './authenticator.ts';

/** The body of a GitHub delivery whose signature matched the deployment's GitHub App webhook secret. */
export const githubSignature: Authenticator<Buffer> = {
  kind: 'public',
  async authenticate(event: APIGatewayProxyEvent, route: HandWrittenRoute) {
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
