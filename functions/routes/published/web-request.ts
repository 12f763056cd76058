// route helper: the proxy event as the web Request the SDK's web-standard transport takes, and its web
// Response back. The gateway has its own (functions/gateway/web-bridge.ts, tuned for its hot path); this
// one stays plain so the two can change apart.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { rawBody } from '#http/request';

export function webRequestOf(event: APIGatewayProxyEvent, origin: string): Request {
  const url = new URL(event.path, origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  return new Request(url, { method: 'POST', headers, body: new Uint8Array(rawBody(event)) });
}

export async function proxyResultOf(response: Response): Promise<APIGatewayProxyResult> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers, body: await response.text() };
}
