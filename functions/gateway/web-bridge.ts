// gateway: the API Gateway proxy event as a web Request and a web Response back, so the MCP SDK's
// web-standard transport runs unchanged in Lambda and behind the local front.
import type { APIGatewayProxyEvent, APIGatewayProxyResult } from 'aws-lambda';
import { rawBody } from '#http/request';

export function toWebRequest(event: APIGatewayProxyEvent, origin: string): Request {
  const url = new URL(event.path, origin);
  for (const [name, value] of Object.entries(event.queryStringParameters ?? {}))
    if (value !== undefined) url.searchParams.set(name, value);
  const headers = new Headers();
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers.set(name, value);
  const method = event.httpMethod.toUpperCase();
  const body = method === 'GET' || method === 'HEAD' ? undefined : new Uint8Array(rawBody(event));
  return new Request(url, { method, headers, body });
}

export async function fromWebResponse(
  response: Response,
  extraHeaders: Record<string, string>,
): Promise<APIGatewayProxyResult> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return { statusCode: response.status, headers: { ...headers, ...extraHeaders }, body: await response.text() };
}
