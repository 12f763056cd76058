// infra tests: no CloudFormation template (parent or nested) approaches the 500-resource limit, today
// and with the ~100 routes the service grows to.
import { readFileSync } from 'node:fs';
import { NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteArea, type RouteDefinition } from '#route-table/manifest';
import { buildApp, cdkJsonContext } from '../../bin/app.ts';
import { MAX_ROUTES_PER_AREA_STACK } from '../../lib/constructs/route-area-stack.ts';
import { tempFolders } from '../support/temp-folders.ts';

const FAST = { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] };
/** Apps synthesize into folders removed after this file (CDK's default: a new temp folder per app, never removed). */
const outdir = tempFolders('cdk.out-resource-limits');
const CLOUDFORMATION_LIMIT = 500;

/** Every stack of the app, nested ones included. */
function allStacks(root: IConstruct): Stack[] {
  return root.node.findAll().filter((c): c is Stack => Stack.isStack(c));
}

function resourceCounts(root: IConstruct): Map<string, number> {
  return new Map(
    allStacks(root).map((stack) => [
      stack.node.path,
      Object.keys(Template.fromStack(stack).toJSON().Resources ?? {}).length,
    ]),
  );
}

/** ~100 routes: the manifest plus synthetic routes (reusing an existing handler file) in every area. */
function grownManifest(total: number): RouteDefinition[] {
  const areas: RouteArea[] = ['keys', 'canvas', 'workspace'];
  const template = ROUTES[0]!;
  const extra = Array.from(
    { length: total - ROUTES.length },
    (_, i): RouteDefinition => ({
      ...template,
      id: `synthetic-${i}`,
      method: i % 2 ? 'POST' : 'GET',
      path: `/api/synthetic/${areas[i % 3]}/route-${i}`,
      host: i % 4 === 0 ? 'app' : 'base',
      access: { table: i % 2 ? 'readWrite' : 'read', ...(i % 5 === 0 ? { bucket: 'readWrite' as const } : {}) },
      area: areas[i % 3]!,
    }),
  );
  return [...ROUTES, ...extra];
}

/**
 * The counts docs/infrastructure.md states, by stack path: the paragraph that opens with "Today (" names
 * each template as `<Stack> <count>` (`CanvasRoutes 105` is the nested stack StatelessStack/CanvasRoutes)
 * and the number of routes as `(<n> routes`.
 */
function documentedCounts(): { routes: number; counts: Map<string, number> } {
  const page = readFileSync(new URL('../../docs/infrastructure.md', import.meta.url), 'utf8');
  const paragraph = /^Today \(.*?(?=\n\n)/ms.exec(page)?.[0] ?? '';
  const counts = new Map(
    [...paragraph.matchAll(/\b([A-Z][A-Za-z]*(?:Stack|Routes|Workflow)) (\d+)\b/g)].map(([, name, count]) => [
      name!.endsWith('Stack') ? name! : `StatelessStack/${name}`,
      Number(count),
    ]),
  );
  return { routes: Number(/\((\d+) routes/.exec(paragraph)?.[1]), counts };
}

describe('stack resource counts', { timeout: 180_000 }, () => {
  it('keeps every stack, nested ones included, under 500 resources with the current manifest', () => {
    // Prepare
    const { app } = buildApp({ outdir: outdir(), context: FAST, nag: false });
    // Act
    const counts = resourceCounts(app);
    // Assess
    expect([...counts.keys()].filter((path) => path.includes('Routes')).length).toBe(
      new Set(ROUTES.map((r) => r.area)).size,
    );
    expect(counts.get('StatelessStack/RunWorkflow')).toBeGreaterThan(0);
    for (const [path, count] of counts) expect(count, path).toBeLessThan(CLOUDFORMATION_LIMIT);
    // docs/infrastructure.md ("Staying under 500 resources per stack") says today's counts: these.
    expect(documentedCounts()).toEqual({ routes: ROUTES.length, counts });
  });

  it('keeps every stack under 400 resources (headroom) when the manifest grows to 110 routes', () => {
    // Prepare
    const routes = grownManifest(110);
    const { app } = buildApp({ outdir: outdir(), context: FAST, nag: false, routes });
    // Act
    const counts = resourceCounts(app);
    // Assess
    // One nested stack per route area, plus the run workflow's.
    expect(allStacks(app).filter((s) => NestedStack.isNestedStack(s))).toHaveLength(
      new Set(routes.map((r) => r.area)).size + 1,
    );
    for (const [path, count] of counts) expect(count, `${path}: ${count}`).toBeLessThan(400);
  });

  it('refuses an area too large for one nested stack, with a message that says what to do', () => {
    // Prepare
    const template = ROUTES[0]!;
    const routes = Array.from(
      { length: MAX_ROUTES_PER_AREA_STACK + 1 },
      (_, i): RouteDefinition => ({
        ...template,
        id: `big-${i}`,
        path: `/api/big/${i}`,
        area: 'canvas',
      }),
    );
    // Act / Assess
    expect(() => buildApp({ outdir: outdir(), context: FAST, nag: false, routes })).toThrow(/split it into two areas/);
  });
});
