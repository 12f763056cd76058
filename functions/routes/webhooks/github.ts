// route: POST /api/webhooks/github → verify X-Hub-Signature-256 over the raw body → applyGithubDelivery (dedupe by X-GitHub-Delivery)
// Authenticated by GitHub's HMAC signature, not a workspace key, so it is assembled here rather than by
// defineRoute; errors still go through the one error mapper.
import middy from '@middy/core';
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { verify } from '@octokit/webhooks-methods';
import { systemClock } from '#core/clock';
import { applyGithubDelivery } from '#core/codehost/webhooks';
import {
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  UnauthorizedError,
  ValidationError,
} from '#core/errors';
import { githubWebhookSecret } from '#adapters/codehost/config';
import { codehostRecords } from '#adapters/dynamodb/codehost-repository';
import { observed } from '#adapters/observability/powertools';
import { errorResponse } from '#http/errors';
import { header, rawBody } from '#http/request';
import { jsonResponse } from '#http/responses';
import { routeById } from '#routes/manifest';

const route = routeById('webhooks-github');
const DELIVERY_ID = /^[0-9a-fA-F-]{8,64}$/;

const handle = middy<APIGatewayProxyEvent, APIGatewayProxyResult>()
  .onError((request) => {
    request.response = errorResponse(request.error, request.event.requestContext?.requestId);
  })
  .handler(async (event) => {
    if (event.httpMethod.toUpperCase() !== 'POST')
      throw new MethodNotAllowedError('Only POST is served here', ['POST']);
    const body = rawBody(event);
    if (body.length > (route.maxBodyBytes ?? 0)) throw new PayloadTooLargeError('Webhook body too large');
    const secret = await githubWebhookSecret();
    if (!secret) throw new NotFoundError('GitHub webhooks are not configured in this deployment');
    const signature = header(event, 'x-hub-signature-256');
    if (!signature) throw new UnauthorizedError('Missing X-Hub-Signature-256');
    // GitHub signs the exact bytes it sent; verify() takes them as a string (UTF-8, as GitHub sends JSON).
    if (!(await verify(secret, body.toString('utf8'), signature)))
      throw new UnauthorizedError('Bad X-Hub-Signature-256');
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
      { deliveryId, event: eventName, payload },
      { records: codehostRecords, clock: systemClock },
    );
    return jsonResponse(200, { ok: true, deliveryId, event: eventName, ...outcome });
  });

export const handler = observed(handle);
