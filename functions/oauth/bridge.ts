// oauth: API Gateway proxy event ⇄ Node req/res, for a Node HTTP app (oidc-provider is a Koa app).
// light-my-request (Fastify's injector) builds real IncomingMessage/ServerResponse objects in memory:
// no socket, no port, the app cannot tell it from a request off the wire.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { inject, type DispatchFunc } from 'light-my-request';
import { ORIGIN_SECRET_HEADER } from '#http/client-address';

const TEXT = /^(text\/|application\/(json|x-www-form-urlencoded|javascript|jwk-set\+json|[a-z.+-]*\+json))/i;

/**
 * Serves `event` with `app`. The Host and protocol the app sees are those of `publicOrigin`, so every
 * URL it builds names the configured public origin; `mountPath` (a stage prefix, '' behind a custom
 * domain) is passed as the request's originalUrl prefix, the way Express/Koa mounting does.
 * `clientAddress` (#http/client-address clientAddressOf) is the only address the app sees, as the
 * socket's and as the whole X-Forwarded-For: the app trusts that header (oidc-provider's `proxy`), and
 * what the client wrote in it must not reach the sign-in limiter's per-address count.
 */
export async function serveEvent(
  app: DispatchFunc,
  event: APIGatewayProxyEvent,
  publicOrigin: string,
  path = event.path,
  clientAddress = event.requestContext?.identity?.sourceIp,
): Promise<APIGatewayProxyResult> {
  const origin = new URL(publicOrigin);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {}))
    if (value !== undefined) headers[name.toLowerCase()] = value;
  for (const [name, values] of Object.entries(event.multiValueHeaders ?? {})) {
    if (values && values.length > 1)
      headers[name.toLowerCase()] = name.toLowerCase() === 'cookie' ? values.join('; ') : values.join(', ');
  }
  // The injector sets the length of the body it is given (which may have been rewritten).
  delete headers['content-length'];
  delete headers['transfer-encoding'];
  // The app has no use for the origin secret, and nothing it logs should hold it.
  delete headers[ORIGIN_SECRET_HEADER];
  headers.host = origin.host;
  headers['x-forwarded-proto'] = origin.protocol.slice(0, -1);
  headers['x-forwarded-host'] = origin.host;
  if (clientAddress) headers['x-forwarded-for'] = clientAddress;
  else delete headers['x-forwarded-for'];

  const query = new URLSearchParams();
  for (const [name, values] of Object.entries(event.multiValueQueryStringParameters ?? {}))
    for (const value of values ?? []) query.append(name, value);
  if (!event.multiValueQueryStringParameters)
    for (const [name, value] of Object.entries(event.queryStringParameters ?? {}))
      if (value !== undefined) query.append(name, value);
  const search = query.size > 0 ? `?${query.toString()}` : '';
  const mountPath = origin.pathname.replace(/\/+$/, '');

  const body = event.body === null ? undefined : event.isBase64Encoded ? Buffer.from(event.body, 'base64') : event.body;
  const dispatch: DispatchFunc = (req, res) => {
    if (mountPath) (req as { originalUrl?: string }).originalUrl = mountPath + req.url;
    app(req, res);
  };
  const response = await inject(dispatch, {
    method: event.httpMethod as 'GET',
    url: path + search,
    headers,
    ...(body !== undefined ? { payload: body } : {}),
    remoteAddress: clientAddress ?? '127.0.0.1',
  });

  const single: Record<string, string> = {};
  const multi: Record<string, string[]> = {};
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined || name === 'transfer-encoding' || name === 'connection') continue;
    if (Array.isArray(value)) multi[name] = value.map(String);
    else single[name] = String(value);
  }
  const contentType = single['content-type'] ?? '';
  const text = response.rawPayload.length === 0 || TEXT.test(contentType);
  return {
    statusCode: response.statusCode,
    headers: single,
    ...(Object.keys(multi).length > 0 ? { multiValueHeaders: multi } : {}),
    body: text ? response.rawPayload.toString('utf8') : response.rawPayload.toString('base64'),
    isBase64Encoded: !text,
  };
}
