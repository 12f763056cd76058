// test support (unit, canvas use cases): the caller and a caller from another workspace, and a canvas cnv_1
// of prompt p and text t stored in the in-memory repository.
import { emptyCanvas, node } from '../../support/canvases.ts';
import type { InMemoryCanvasRepository } from '../../support/in-memory-canvas-repository.ts';
import { principal } from '../../support/principals.ts';

export const me = principal({ workspaceId: 'ws_test' });
export const stranger = principal({ workspaceId: 'ws_other', keyId: 'key_other' });

export function seedPipeline(canvases: InMemoryCanvasRepository, overrides: Parameters<typeof emptyCanvas>[0] = {}) {
  canvases.seed(
    emptyCanvas({
      id: 'cnv_1',
      nodes: [node('p', 'prompt'), node('t', 'text')],
      ...overrides,
    }),
  );
}
