// The domain core and the operations know nothing of HTTP: no module under functions/core or
// functions/operations imports (directly) from functions/routes or functions/http. An operation returns a
// transport-neutral result that each surface (HTTP route, MCP gateway) renders; a core module reaching
// into the HTTP layer would make every surface depend on it.
import { describe, expect, it } from 'vitest';
import { importGraph } from './graph.ts';

const inner = ['functions/core/', 'functions/operations/'];
const outer = ['functions/routes/', 'functions/http/'];

// madge parses every module of functions/ and lib/: tens of seconds on a loaded 2-core machine.
describe('import boundaries', { timeout: 180_000 }, () => {
  it(
    'no module under ' +
      'functions/core or ' +
      'functions/operations ' +
      'imports from functions/routes or ' +
      'functions/http',
    async () => {
      const modules = (await importGraph()).obj();
      const coreModules = Object.keys(modules).filter((file) => inner.some((dir) => file.startsWith(dir)));
      expect(coreModules.length).toBeGreaterThan(100);
      const crossings = coreModules.flatMap((file) =>
        (modules[file] ?? []).filter((to) => outer.some((dir) => to.startsWith(dir))).map((to) => `${file} -> ${to}`),
      );
      expect(crossings).toEqual([]);
    },
  );
});
