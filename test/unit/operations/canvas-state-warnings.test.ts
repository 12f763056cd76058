// unit: get_canvas answers the canvas's current warnings per node (the list validate_edge reports), so
// the studio shows them on the nodes without probing for an edge; the answer fits the tool's output schema.
import { describe, expect, it, vi } from 'vitest';
import { InMemoryCanvasRepository } from '../support/in-memory-canvas-repository.ts';
import { edge, emptyCanvas, node } from '../support/canvases.ts';
import { principal } from '../support/principals.ts';

const memory = vi.hoisted(() => ({ canvases: undefined as unknown }));
vi.mock('#adapters/dynamodb/repositories', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  get canvases() {
    return memory.canvases;
  },
}));

const { operation } = await import('#operations/canvases/get-canvas');
const { canvasWarnings } = await import('#core/canvas/warnings');

const me = principal({ workspaceId: 'ws_test' });
const context = { principal: me, surface: 'mcp' as const, remainingMs: () => 10_000 };

describe('get_canvas warnings', () => {
  it('lists source-empty and template warnings on the nodes they concern, and fits the output schema', async () => {
    const repository = new InMemoryCanvasRepository();
    memory.canvases = repository;
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
    memory.canvases = repository;
    repository.seed(emptyCanvas({ id: 'cnv_fine', nodes: [node('p', 'prompt')] }));
    const answer = (await operation.run({ canvasId: 'cnv_fine' }, context as never)) as { warnings: unknown[] };
    expect(answer.warnings).toEqual([]);
  });
});
