// openapi: the few OpenAPI 3.1 object shapes the builder writes (loose: JSON Schema stays `object`).
export type JsonSchema = Record<string, unknown>;

export interface MediaType {
  schema: JsonSchema;
  example?: unknown;
}

export interface ResponseObject {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: Record<string, MediaType>;
}

export interface ParameterObject {
  name: string;
  in: 'query' | 'header' | 'path';
  required?: boolean;
  description?: string;
  schema: JsonSchema;
  example?: unknown;
}

export interface OperationObject {
  operationId: string;
  summary: string;
  description: string;
  tags: string[];
  security: Record<string, string[]>[];
  parameters?: ParameterObject[];
  requestBody?: { required: boolean; description?: string; content: Record<string, MediaType> };
  responses: Record<string, ResponseObject | { $ref: string }>;
  [extension: `x-${string}`]: unknown;
}

export type PathItem = { servers?: { url: string; description: string }[] } & Partial<
  Record<'get' | 'post' | 'put' | 'patch' | 'delete' | 'options', OperationObject>
>;
