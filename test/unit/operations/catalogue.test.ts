// The operation catalogue against the route manifest: one definition per operation, a tool for every
// tool-backing route, and a schema an agent can read for every tool.
import { describe, expect, it } from 'vitest';
import * as z from '#core/schema';
import { OPERATIONS } from '#operations/catalogue';
import { authOf, ROUTES, routeById } from '#route-table/manifest';

/** Routes an agent can call with a workspace credential: every workspace-key route. */
const toolBackingRoutes = ROUTES.filter((route) => authOf(route) === 'workspace-key');
/** Routes that are deliberately not tools, and why. */
const NOT_TOOLS: Record<string, string> = {
  'webhook-trigger':
    'authenticated by a per-trigger secret: it is how other systems start runs, not an agent operation',
};

describe('operation catalogue', () => {
  it('has an operation for every tool-backing route, served from that operation module', async () => {
    // Prepare
    const byRoute = new Map(OPERATIONS.map((operation) => [operation.route, operation]));
    for (const route of toolBackingRoutes.filter((candidate) => !NOT_TOOLS[candidate.id])) {
      // Act
      const operation = byRoute.get(route.id);
      const file = `functions/operations/${route.operation}.ts`;
      const module = (await import(/* @vite-ignore */ new URL(`../../../${file}`, import.meta.url).href)) as {
        operation?: unknown;
      };
      // Assess
      expect(operation, `route ${route.id} has no operation in the catalogue`).toBeDefined();
      expect(route.entry, `route ${route.id} is an operation's: the generic entry serves it`).toBeUndefined();
      expect(module.operation, `${file} does not export the catalogued operation`).toBe(operation);
    }
  });

  it('gives every operation a manifest route, or a scope and a documented reason', () => {
    for (const operation of OPERATIONS) {
      if (operation.route === null) {
        expect(
          operation.withoutRoute?.length ?? 0,
          `${operation.name} has neither a route nor a reason`,
        ).toBeGreaterThan(30);
        expect(operation.scope, `${operation.name} has no route, so it must name its scope`).not.toBeUndefined();
      } else {
        expect(() => routeById(operation.route!)).not.toThrow();
        expect(NOT_TOOLS[operation.route]).toBeUndefined();
      }
    }
    for (const id of Object.keys(NOT_TOOLS)) expect(() => routeById(id)).not.toThrow();
  });

  it('names each tool once, in snake_case verb_noun form', () => {
    const names = OPERATIONS.map((operation) => operation.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(_[a-z]+)+$/);
    const routes = OPERATIONS.map((operation) => operation.route).filter((route) => route !== null);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('sets a title, a description and all four annotation hints on every operation', () => {
    for (const operation of OPERATIONS) {
      expect(operation.title.length, operation.name).toBeGreaterThan(3);
      expect(operation.description.length, operation.name).toBeGreaterThan(30);
      const hints = operation.annotations;
      for (const hint of ['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const) {
        expect(typeof hints[hint], `${operation.name}.${hint}`).toBe('boolean');
      }
      // A read-only tool is neither destructive nor anything but idempotent; a GET route is read-only.
      if (hints.readOnlyHint) expect(hints.destructiveHint, operation.name).toBe(false);
      if (operation.route && routeById(operation.route).method === 'GET')
        expect(hints.readOnlyHint, operation.name).toBe(true);
    }
  });

  it('describes every input field of every tool', () => {
    for (const operation of OPERATIONS) {
      const schema = z.toJSONSchema(operation.input, { io: 'input' }) as JsonSchema;
      expect(schema.type, operation.name).toBe('object');
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        expect(property.description, `${operation.name}: input field ${field} has no description`).toMatch(/\w/);
      }
    }
  });

  it('has object output schemas whose top-level fields are all described', () => {
    for (const operation of OPERATIONS) {
      const schema = z.toJSONSchema(operation.output, { io: 'output' }) as JsonSchema;
      expect(schema.type, operation.name).toBe('object');
      for (const [field, property] of Object.entries(schema.properties ?? {})) {
        expect(
          property.description ?? property.properties,
          `${operation.name}: output field ${field} has no description`,
        ).toBeDefined();
      }
    }
  });
});

interface JsonSchema {
  type?: string;
  description?: string;
  properties?: Record<string, JsonSchema>;
}

describe('docs/gateway.md', () => {
  it('lists every tool of the catalogue, with its route, scope and hints, and no tool that does not exist', async () => {
    // Prepare
    const { readFileSync } = await import('node:fs');
    const { scopeOf } = await import('#gateway/tool-index-source');
    const { describeRequirement } = await import('#core/scopes');
    const page = readFileSync(new URL('../../../docs/gateway.md', import.meta.url), 'utf8');
    // | `tool` | `METHOD /path` or – (tool only) | scope | hints |
    const rows = [...page.matchAll(/^\| `([a-z_]+)` \| (?:`(\w+) ([^`]+)`|– \(tool only\)) \| ([^|]+) \|([^|]*)\|/gm)];
    const hintsOf = ({ annotations: a }: (typeof OPERATIONS)[number]) =>
      [
        a.readOnlyHint && 'read-only',
        a.destructiveHint && !a.readOnlyHint && 'destructive',
        a.idempotentHint && !a.readOnlyHint && 'idempotent',
        a.openWorldHint && 'open world',
      ]
        .filter(Boolean)
        .join(', ');
    // Assess
    expect(rows.map((row) => row[1])).toEqual(OPERATIONS.map((operation) => operation.name));
    for (const [, name, method, path, scope, hints] of rows) {
      const operation = OPERATIONS.find((candidate) => candidate.name === name)!;
      if (operation.route) {
        const route = routeById(operation.route);
        expect(`${method} ${path}`, name).toBe(`${route.method} ${route.path}`);
      } else {
        expect(method, `${name} has no route, so its row says – (tool only)`).toBeUndefined();
      }
      expect(scope!.trim(), name).toBe(describeRequirement(scopeOf(operation) ?? null) ?? 'any credential');
      expect(hints!.trim(), name).toBe(hintsOf(operation));
    }
  });
});
