// No import circles in functions/ or lib/: a circle makes module initialisation order matter (a value read
// before its module finished loading is undefined) and means two files cannot be understood apart.
import { describe, expect, it } from 'vitest';
import { importGraph } from './graph.ts';

// madge parses every module of functions/ and lib/: tens of seconds on a loaded 2-core machine.
describe('import graph of functions/ and lib/', { timeout: 180_000 }, () => {
  it('has no circles', async () => {
    const graph = await importGraph();
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular().map((circle) => circle.join(' > '))).toEqual([]);
  });
});
