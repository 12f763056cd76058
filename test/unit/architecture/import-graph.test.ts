// The import graph of functions/ and lib/, read once (graph.ts) for both of its checks.
import { describe, expect, it } from 'vitest';
import { importGraph } from './graph.ts';

// No import circles in functions/ or lib/: a circle makes module initialisation order matter (a value read
// before its module finished loading is undefined) and means two files cannot be understood apart.
// madge parses every module of functions/ and lib/: tens of seconds on a loaded 2-core machine.
describe('import graph of functions/ and lib/', { timeout: 180_000 }, () => {
  it('has no circles', async () => {
    const graph = await importGraph();
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular().map((circle) => circle.join(' > '))).toEqual([]);
  });
});

// The domain core and the operations know nothing of HTTP: no module under functions/core or
// functions/operations imports (directly) from functions/routes or functions/http. An operation returns a
// transport-neutral result that each surface (HTTP route, MCP gateway) renders; a core module reaching
// into the HTTP layer would make every surface depend on it.
const inner = ['functions/core/', 'functions/operations/'];
const outer = ['functions/routes/', 'functions/http/'];
const boundary =
  'no module under functions/core or functions/operations imports from functions/routes or functions/http';

describe('import boundaries', { timeout: 180_000 }, () => {
  it(boundary, async () => {
    const modules = (await importGraph()).obj();
    const coreModules = Object.keys(modules).filter((file) => inner.some((dir) => file.startsWith(dir)));
    expect(coreModules.length).toBeGreaterThan(100);
    const crossings = coreModules.flatMap((file) =>
      (modules[file] ?? []).filter((to) => outer.some((dir) => to.startsWith(dir))).map((to) => `${file} -> ${to}`),
    );
    expect(crossings).toEqual([]);
  });
});
