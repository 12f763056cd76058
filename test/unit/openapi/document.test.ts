// The OpenAPI document: built from the manifest and the catalogue, committed as docs/openapi.json, lint-
// clean under Redocly's recommended rules, and with one example per route that its own schema accepts.
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { acceptedScopes } from '#core/scopes';
import { OPERATIONS } from '#operations/catalogue';
import { ROUTES, routeById } from '#route-table/manifest';
import { buildOpenApiDocument } from '../../../functions/openapi/document.ts';
import { serializeOpenApi } from '../../../functions/openapi/serialize.ts';
import type { MediaType, OperationObject } from '../../../functions/openapi/types.ts';

const document = buildOpenApiDocument();
const METHODS = ['get', 'post', 'put', 'patch', 'delete', 'options'] as const;
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  METHODS.flatMap((method) => (item[method] ? [{ path, method, operation: item[method] as OperationObject }] : [])),
);

/** Resolves `#/components/…` references of the document (the only kind it uses). */
function resolve<T>(value: T | { $ref: string }): T {
  if (value && typeof value === 'object' && '$ref' in value) {
    return value.$ref
      .slice(2)
      .split('/')
      .reduce<any>((node, key) => node[key], document) as T;
  }
  return value as T;
}

describe('OpenAPI document', () => {
  it('is what docs/openapi.json holds (run `npm run openapi` after changing a route, a schema or an example)', () => {
    // Prepare
    const committed = readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8');
    // Assess
    expect(committed).toBe(serializeOpenApi(document));
  });

  it('passes the Redocly linter (recommended rules) with no error and no warning', async () => {
    // Prepare: rules turned off, each for a reason that holds for this service.
    const config = await createConfig({
      extends: ['recommended'],
      rules: {
        // The service is private and ships no licence; naming one would be false.
        'info-license': 'off',
        // Public documents (index, health, this document, OAuth discovery) have no client error to describe;
        // every workspace-key and webhook operation lists its 4xx (checked below).
        'operation-4xx-response': 'off',
        // The OAuth authorization endpoint answers with redirects (303), by its protocol.
        'operation-2xx-response': 'off',
      },
    });
    // Act
    const problems = await lintFromString({
      source: serializeOpenApi(document),
      absoluteRef: 'docs/openapi.json',
      config,
    });
    // Assess
    expect(
      problems.map(
        (problem) => `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer}`,
      ),
    ).toEqual([]);
  });

  it('describes every route of the manifest, each operation under its tool name', () => {
    // Tool-only operations (no route) are not HTTP operations and have no entry.
    for (const operation of OPERATIONS.filter((candidate) => candidate.route !== null)) {
      const route = routeById(operation.route!);
      const described = document.paths[route.path]?.[route.method.toLowerCase() as 'get'];
      expect(described?.operationId, `${route.method} ${route.path}`).toBe(operation.name);
      expect(described?.summary).toBe(operation.title);
      const accepted = acceptedScopes(route.scope);
      expect(described?.security).toEqual(
        accepted.length > 0 ? accepted.map((scope) => ({ workspaceKey: [scope] })) : [{ workspaceKey: [] }],
      );
      expect(Object.keys(described!.responses)).toEqual(expect.arrayContaining(['400', '401', '500']));
    }
    for (const route of ROUTES.filter((candidate) => !candidate.path.includes('{'))) {
      expect(document.paths[route.path], `${route.method} ${route.path}`).toBeDefined();
    }
    // Greedy routes (/oauth/{proxy+}, /.well-known/{proxy+}) are described by the concrete paths they serve.
    for (const route of ROUTES.filter((candidate) => candidate.path.includes('{proxy+}'))) {
      const prefix = route.path.replace('{proxy+}', '');
      expect(
        Object.keys(document.paths).some((path) => path.startsWith(prefix)),
        route.path,
      ).toBe(true);
    }
  });

  it('has one example per operation, each accepted by the operation’s own zod schemas', () => {
    for (const operation of OPERATIONS) {
      expect(operation.example, `${operation.name} has no example`).toBeDefined();
      const example = operation.example!;
      const input = operation.input.safeParse(example.input);
      expect(input.success, `${operation.name} input: ${input.error?.message}`).toBe(true);
      for (const answer of [example.output, example.also?.output].filter((value) => value !== undefined)) {
        const output = operation.output.safeParse(answer);
        expect(output.success, `${operation.name} output: ${output.error?.message}`).toBe(true);
      }
    }
  });

  it('gives every route an example for each request body, query parameter set and success body, valid against the published schema', () => {
    // Prepare
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = (schema: unknown, value: unknown, where: string) => {
      const check = ajv.compile(resolve(schema as object));
      expect(check(value), `${where}: ${ajv.errorsText(check.errors)}`).toBe(true);
    };
    const media = (content: Record<string, MediaType>, where: string) => {
      for (const [type, { schema, example }] of Object.entries(content)) {
        expect(example, `${where} ${type} has no example`).toBeDefined();
        validate(schema, example, `${where} ${type}`);
      }
    };
    expect(operations.length).toBeGreaterThan(OPERATIONS.length);
    for (const { path, method, operation } of operations) {
      const where = `${method.toUpperCase()} ${path}`;
      let examples = 0;
      if (operation.requestBody) {
        media(operation.requestBody.content, `${where} request`);
        examples++;
      }
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required) expect(parameter.example, `${where} ?${parameter.name}`).toBeDefined();
        if (parameter.example !== undefined)
          validate(parameter.schema, parameter.example, `${where} ?${parameter.name}`);
      }
      for (const [status, response] of Object.entries(operation.responses)) {
        const content = resolve(response).content;
        if (!content) continue;
        media(content, `${where} ${status}`);
        if (status.startsWith('2')) examples++;
      }
      // Every route shows one call and what it gets back (a redirect-only OAuth endpoint: its request).
      expect(examples + (operation.parameters?.length ? 1 : 0), `${where} has no example`).toBeGreaterThan(0);
    }
  });

  it('puts the app-host paths on the app server and the shared meta paths on both', () => {
    expect(document.servers.map((server) => server.url)).toEqual(['http://127.0.0.1:3001']);
    expect(document.paths['/api/mcp']!.servers?.map((server) => server.url)).toEqual(['http://127.0.0.1:3000']);
    expect(document.paths['/health']!.servers?.map((server) => server.url)).toEqual([
      'http://127.0.0.1:3001',
      'http://127.0.0.1:3000',
    ]);
    expect(document.paths['/api/run']!.servers).toBeUndefined();
  });
});
