// The import graphs of functions/ and lib/ and of web/src, read once each (graph.ts) for their checks.
import { describe, expect, it } from 'vitest';
import { importGraph, webImportGraph } from './graph.ts';

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

/** Every import from a module under one of `from` to a module under one of `to`, as `file -> target`. */
async function crossings(from: readonly string[], to: readonly string[]): Promise<string[]> {
  const modules = (await importGraph()).obj();
  return Object.entries(modules)
    .filter(([file]) => from.some((dir) => file.startsWith(dir)))
    .flatMap(([file, targets]) =>
      targets.filter((target) => to.some((dir) => target.startsWith(dir))).map((target) => `${file} -> ${target}`),
    );
}

const modulesUnder = async (dirs: readonly string[]) =>
  Object.keys((await importGraph()).obj()).filter((file) => dirs.some((dir) => file.startsWith(dir)));

// The layers of functions/ from the top (docs/architecture.md draws them): a module imports from its own folder
// or the layers below, never from a layer above nor from a peer on its own row. An import running back up ties
// the lower layer to what is built on it: the request shell could no longer be read, tested or bundled without
// the handlers it serves.
const LAYERS: readonly (readonly string[])[] = [
  ['functions/routes/', 'functions/workers/', 'functions/workflow/'], // entry points: the module each Lambda runs
  ['functions/openapi/'], // the OpenAPI documents the meta routes serve
  ['functions/gateway/', 'functions/oauth/'], // the MCP gateway; the OAuth server
  ['functions/http/'], // the request shell: auth, scope, parsing, deadline, error → status
  ['functions/route-table/'], // what routes exist: data CDK, the local front and the shell read
  ['functions/operations/'], // one file per operation
  ['functions/adapters/'], // the only I/O, wired in adapters/composition
  ['functions/core/'], // the domain: no I/O, no HTTP
];

describe('import boundaries', { timeout: 180_000 }, () => {
  // The domain core and the operations know nothing of HTTP: an operation returns a transport-neutral result
  // that each surface (HTTP route, MCP gateway) renders; a core module reaching into the HTTP layer would make
  // every surface depend on it.
  const coreBoundary =
    'no module under functions/core or functions/operations imports from functions/routes or functions/http';
  it(coreBoundary, async () => {
    const inner = ['functions/core/', 'functions/operations/'];
    expect((await modulesUnder(inner)).length).toBeGreaterThan(100);
    expect(await crossings(inner, ['functions/routes/', 'functions/http/'])).toEqual([]);
  });

  // The route table the request shell and the gateway read lives below them (functions/route-table/);
  // functions/routes/ holds only handlers, which are built on the shell.
  it('no module under functions/http or functions/gateway imports from functions/routes', async () => {
    const shell = ['functions/http/', 'functions/gateway/'];
    expect((await modulesUnder(shell)).length).toBeGreaterThan(20);
    expect(await crossings(shell, ['functions/routes/'])).toEqual([]);
  });

  it('every import inside functions/ runs down the layers, none up or across a row', async () => {
    const layered = LAYERS.flat();
    const unplaced = (await modulesUnder(['functions/'])).filter(
      (file) => !layered.some((dir) => file.startsWith(dir)),
    );
    expect(unplaced).toEqual([]);
    const forbidden = (dir: string, rank: number) => [
      ...LAYERS.slice(0, rank).flat(),
      ...(LAYERS[rank] ?? []).filter((peer) => peer !== dir),
    ];
    const upward = LAYERS.flatMap((layer, rank) => layer.map((dir) => crossings([dir], forbidden(dir, rank))));
    expect((await Promise.all(upward)).flat()).toEqual([]);
  });
});

// The studio (web/src) has boundaries of its own. ui/ holds the plain building blocks every screen uses, so it
// imports no other folder of the studio: a block that reached into the router or the tool client would tie every
// screen to it. The console's sections (web/src/console/<section>/) do not import each other: a piece two
// sections share lives in console/shared/, so a section can be changed, or removed, without reading the others.
describe('import graph of web/src', { timeout: 180_000 }, () => {
  it('has no circles', async () => {
    const graph = await webImportGraph();
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(100);
    expect(graph.circular().map((circle) => circle.join(' > '))).toEqual([]);
  });

  it('ui/ is a leaf: it imports nothing from another folder of web/src', async () => {
    const modules = Object.entries((await webImportGraph()).obj());
    const ui = modules.filter(([file]) => file.startsWith('web/src/ui/'));
    expect(ui.length).toBeGreaterThan(2);
    const outward = ui.flatMap(([file, targets]) =>
      targets
        .filter((target) => target.startsWith('web/src/') && !target.startsWith('web/src/ui/'))
        .map((target) => `${file} -> ${target}`),
    );
    expect(outward).toEqual([]);
  });

  it('a console section imports no other section; shared pieces live in console/shared/', async () => {
    const sectionOf = (file: string) => /^web\/src\/console\/([^/]+)\//.exec(file)?.[1];
    const modules = Object.entries((await webImportGraph()).obj());
    const inSections = modules.filter(([file]) => sectionOf(file) !== undefined);
    expect(new Set(inSections.map(([file]) => sectionOf(file))).size).toBeGreaterThan(5);
    const across = inSections.flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          const section = sectionOf(target);
          return section !== undefined && section !== sectionOf(file) && section !== 'shared';
        })
        .map((target) => `${file} -> ${target}`),
    );
    expect(across).toEqual([]);
  });
});
