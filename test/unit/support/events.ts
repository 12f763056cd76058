// test support (unit): API Gateway proxy events built in memory (only the fields the http layer reads).
import type { APIGatewayProxyEvent } from 'aws-lambda';

export function proxyEvent(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  return {
    body: null,
    headers: {},
    multiValueHeaders: {},
    httpMethod: 'POST',
    isBase64Encoded: false,
    path: '/api/mcp/canvas/node/add',
    pathParameters: null,
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    stageVariables: null,
    requestContext: {} as APIGatewayProxyEvent['requestContext'],
    resource: '/api/mcp/canvas/node/add',
    ...overrides,
  };
}
