// unit: which address the sign-in limiter counts (docs/studio.md "The client's address"). Behind
// CloudFront the stage's source address is an edge server's; the viewer's address header is believed
// only when the origin secret header proves the request came through CloudFront.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { DispatchFunc } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { clientAddressOf, ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '#http/client-address';
import { serveEvent } from '../../../functions/oauth/bridge.ts';
import { proxyEvent } from '../support/events.ts';

const SECRET = 'Zr7pQ2mK9vXw4bN8cT1yLh6sD3fG5jAe';
const EDGE = '64.252.70.11';
const VIEWER = '203.0.113.7';

const request = (headers: Record<string, string>): APIGatewayProxyEvent =>
  proxyEvent({
    httpMethod: 'POST',
    path: '/oauth/interaction/abc/login',
    headers,
    requestContext: { identity: { sourceIp: EDGE } } as unknown as APIGatewayProxyEvent['requestContext'],
  });

/**
 * What the sign-in limiter sees: oidc-provider trusts X-Forwarded-For (`proxy`), so Koa's ctx.ip is its
 * first entry, else the socket's address. Served as the OAuth route serves it (functions/routes/oauth/server.ts).
 */
async function limiterAddress(event: APIGatewayProxyEvent, originSecret: string | undefined) {
  let seen: { forwardedFor?: string; socket?: string; secretHeader?: string } = {};
  const app: DispatchFunc = (req, res) => {
    seen = {
      forwardedFor: req.headers['x-forwarded-for'] as string | undefined,
      socket: req.socket.remoteAddress,
      secretHeader: req.headers[ORIGIN_SECRET_HEADER] as string | undefined,
    };
    res.end();
  };
  await serveEvent(app, event, 'https://app.example.com', event.path, clientAddressOf(event, originSecret));
  return { ip: seen.forwardedFor?.split(',')[0]?.trim() ?? seen.socket, ...seen };
}

describe('clientAddressOf', () => {
  it('takes the viewer address when the origin secret header carries the secret', () => {
    // Prepare
    const event = request({ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: VIEWER });
    // Act / Assess
    expect(clientAddressOf(event, SECRET)).toBe(VIEWER);
  });

  it('reads both headers whatever their case', () => {
    const event = request({ 'X-Origin-Secret': SECRET, 'X-Viewer-Address': VIEWER });
    expect(clientAddressOf(event, SECRET)).toBe(VIEWER);
  });

  it('keeps the source address when the header is missing, wrong or a prefix of the secret, or none is set', () => {
    // Prepare
    const cases: Array<[Record<string, string>, string | undefined]> = [
      [{ [VIEWER_ADDRESS_HEADER]: VIEWER }, SECRET],
      [{ [ORIGIN_SECRET_HEADER]: 'guess', [VIEWER_ADDRESS_HEADER]: VIEWER }, SECRET],
      [{ [ORIGIN_SECRET_HEADER]: SECRET.slice(0, 16), [VIEWER_ADDRESS_HEADER]: VIEWER }, SECRET],
      [{ [ORIGIN_SECRET_HEADER]: '', [VIEWER_ADDRESS_HEADER]: VIEWER }, ''],
      [{ [ORIGIN_SECRET_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: VIEWER }, undefined],
    ];
    // Act / Assess
    for (const [headers, configured] of cases)
      expect(clientAddressOf(request(headers), configured), JSON.stringify(headers)).toBe(EDGE);
  });

  it('keeps the source address when the request came through CloudFront without a viewer address', () => {
    expect(clientAddressOf(request({ [ORIGIN_SECRET_HEADER]: SECRET }), SECRET)).toBe(EDGE);
  });
});

describe('the sign-in limiter address (OAuth bridge)', () => {
  it('counts the viewer, not the edge server, for a request that came through CloudFront', async () => {
    // Prepare
    const event = request({
      [ORIGIN_SECRET_HEADER]: SECRET,
      [VIEWER_ADDRESS_HEADER]: VIEWER,
      'x-forwarded-for': `198.51.100.99, ${VIEWER}`,
    });
    // Act
    const seen = await limiterAddress(event, SECRET);
    // Assess
    expect(seen.ip).toBe(VIEWER);
    expect(seen.forwardedFor).toBe(VIEWER);
    expect(seen.socket).toBe(VIEWER);
    // The secret stops at the bridge: the provider's app never holds it.
    expect(seen.secretHeader).toBeUndefined();
  });

  it('does not trust a spoofed X-Forwarded-For or viewer address without the origin secret', async () => {
    // Prepare: a direct call of the execute-api URL, choosing its own "client" addresses.
    const event = request({ [VIEWER_ADDRESS_HEADER]: '198.51.100.1', 'x-forwarded-for': '198.51.100.2' });
    // Act
    const seen = await limiterAddress(event, SECRET);
    // Assess
    expect(seen.ip).toBe(EDGE);
    expect(seen.forwardedFor).toBe(EDGE);
  });

  it('does not trust them with a wrong secret either', async () => {
    const event = request({
      [ORIGIN_SECRET_HEADER]: 'not-the-secret',
      [VIEWER_ADDRESS_HEADER]: '198.51.100.1',
      'x-forwarded-for': '198.51.100.2',
    });
    expect((await limiterAddress(event, SECRET)).ip).toBe(EDGE);
  });
});
