// route: POST /api/webhooks/github → verify X-Hub-Signature-256 over the raw body → applyGithubDelivery (dedupe by
// the signed body)
// Authenticated by GitHub's HMAC signature (functions/http/auth/github-signature.ts), not a workspace key.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { systemClock } from '#core/clock';
import { applyGithubDelivery } from '#core/codehost/webhooks';
import { MethodNotAllowedError, ValidationError } from '#core/errors';
import { codehostRecords } from '#adapters/composition/stores';
import { githubSignature } from '#http/auth/github-signature';
import { defineHandler } from '#http/handler';
import { header } from '#http/request';

const DELIVERY_ID = /^[0-9a-fA-F-]{8,64}$/;

function onlyPost(event: APIGatewayProxyEvent): undefined {
  if (event.httpMethod.toUpperCase() !== 'POST') throw new MethodNotAllowedError('Only POST is served here', ['POST']);
  return undefined;
}

export const handler = defineHandler(
  { route: 'webhooks-github', auth: githubSignature, before: onlyPost },
  async ({ caller: body, event }) => {
    const deliveryId = header(event, 'x-github-delivery');
    const eventName = header(event, 'x-github-event');
    if (!deliveryId || !DELIVERY_ID.test(deliveryId))
      throw new ValidationError('Missing or malformed X-GitHub-Delivery');
    if (!eventName) throw new ValidationError('Missing X-GitHub-Event');
    let payload: Record<string, unknown>;
    try {
      payload = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
    } catch {
      throw new ValidationError('Body is not JSON (set the webhook content type to application/json)');
    }
    if (payload === null || typeof payload !== 'object') throw new ValidationError('Body must be a JSON object');
    const outcome = await applyGithubDelivery(
      { deliveryId, event: eventName, payload, body },
      { records: codehostRecords, clock: systemClock },
    );
    return { ok: true, deliveryId, event: eventName, ...outcome };
  },
);
