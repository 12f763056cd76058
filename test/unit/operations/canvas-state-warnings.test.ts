// unit: get_canvas answers the canvas's current warnings per node (the list validate_edge reports), so
// the studio shows them on the nodes without probing for an edge; the answer fits the tool's output schema.
import { afterEach, describe, expect, it } from 'vitest';
import { overrideDeps } from '#adapters/composition/root';
import { operation } from '#operations/canvases/get-canvas';
import { canvasWarnings } from '#core/canvas/warnings';
import { InMemoryCanvasRepository } from '../support/in-memory-canvas-repository.ts';
import { edge, emptyCanvas, node } from '../support/canvases.ts';
import { principal } from '../support/principals.ts';

/** The canvas store is swapped for an in-memory one through the composition root (docs/architecture.md). */
let restore = () => {};
function withCanvases(repository: InMemoryCanvasRepository) {
  restore = overrideDeps({ canvases: repository });
}
afterEach(() => restore());

const me = principal({ workspaceId: 'ws_test' });
const context = { principal: me, surface: 'mcp' as const, remainingMs: () => 10_000 };

describe('get_canvas warnings', () => {
  it('lists source-empty and template warnings on the nodes they concern, and fits the output schema', async () => {
    const repository = new InMemoryCanvasRepository();
    withCanvases(repository);
    const canvas = emptyCanvas({
      id: 'cnv_warn',
      nodes: [
        node('img', 'image-asset'),
        node('tpl', 'text', { data: { template: 'Hello {{ name }}' } }),
        node('p', 'prompt'),
      ],
      edges: [edge('e1', 'p', 'prompt-out', 'tpl', 'text-in')],
    });
    repository.seed(canvas);

    const answer = (await operation.run({ canvasId: 'cnv_warn' }, context as never)) as {
      warnings: { nodeId: string; code: string; message: string }[];
    };
    expect(answer.warnings.map(({ nodeId, code }) => ({ nodeId, code }))).toEqual([
      { nodeId: 'img', code: 'source-empty' },
      { nodeId: 'tpl', code: 'template-variable' },
    ]);
    expect(answer.warnings).toEqual(canvasWarnings(canvas));
    expect(operation.output.safeParse(answer).success).toBe(true);
  });

  it('answers an empty list for a canvas with nothing to warn about', async () => {
    const repository = new InMemoryCanvasRepository();
    withCanvases(repository);
    repository.seed(emptyCanvas({ id: 'cnv_fine', nodes: [node('p', 'prompt')] }));
    const answer = (await operation.run({ canvasId: 'cnv_fine' }, context as never)) as { warnings: unknown[] };
    expect(answer.warnings).toEqual([]);
  });
});
