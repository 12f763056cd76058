// unit: canvas use cases — lifecycle and workspace isolation — against an in-memory repository that
// enforces the same version condition as the DynamoDB adapter. Edits: apply-edits.test.ts.
import { beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, ValidationError } from '#core/errors';
import {
  applyEdits,
  createCanvas,
  deleteCanvas,
  getCanvas,
  listCanvases,
  setArchived,
  validateEdge,
} from '#core/canvas/use-cases';
import { FakeClock } from '../../support/fake-clock.ts';
import { InMemoryCanvasRepository } from '../../support/in-memory-canvas-repository.ts';
import { emptyCanvas, op } from '../../support/canvases.ts';
import { me, seedPipeline, stranger } from './seed.ts';

let canvases: InMemoryCanvasRepository;
let clock: FakeClock;

beforeEach(() => {
  canvases = new InMemoryCanvasRepository();
  clock = new FakeClock('2025-01-15T10:00:00.000Z');
});

describe('createCanvas', () => {
  it('stores an empty canvas at version 1 in the principal’s workspace', async () => {
    // Act
    const canvas = await createCanvas(me, { name: 'Launch' }, { canvases, clock });

    // Assess
    expect(canvas).toMatchObject({
      workspaceId: 'ws_test',
      name: 'Launch',
      version: 1,
      archived: false,
      archivedAt: null,
      createdAt: '2025-01-15T10:00:00.000Z',
      updatedAt: '2025-01-15T10:00:00.000Z',
      viewport: { x: 0, y: 0, zoom: 1 },
      nodes: [],
      edges: [],
    });
    expect(canvas.id).toMatch(/^cnv_[0-9a-z]{26}$/);
    expect(canvases.stored('ws_test', canvas.id)).toEqual(canvas);
  });

  it('uses a client-chosen id', async () => {
    // Act
    const canvas = await createCanvas(me, { name: 'Mine', id: 'my-canvas' }, { canvases, clock });

    // Assess
    expect(canvas.id).toBe('my-canvas');
  });

  it('returns 409 when the id is already taken', async () => {
    // Prepare
    await createCanvas(me, { name: 'First', id: 'dup' }, { canvases, clock });

    // Act
    const result = createCanvas(me, { name: 'Second', id: 'dup' }, { canvases, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(ConflictError);
    expect(canvases.stored('ws_test', 'dup')?.name).toBe('First');
  });
});

describe('getCanvas', () => {
  it('returns 404 for a canvas of another workspace', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = getCanvas(stranger, 'cnv_1', { canvases });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
  });

  it('returns the canvas of the principal’s workspace', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const canvas = await getCanvas(me, 'cnv_1', { canvases });

    // Assess
    expect(canvas.nodes.map((n) => n.id)).toEqual(['p', 't']);
  });
});

describe('listCanvases', () => {
  it('lists only the principal’s workspace and hides archived canvases unless asked', async () => {
    // Prepare
    canvases.seed(emptyCanvas({ id: 'a' }));
    canvases.seed(emptyCanvas({ id: 'b', archived: true, archivedAt: '2025-01-01T00:00:00.000Z' }));
    canvases.seed(emptyCanvas({ id: 'c', workspaceId: 'ws_other' }));

    // Act
    const visible = await listCanvases(me, { limit: 50, includeArchived: false }, { canvases });
    const all = await listCanvases(me, { limit: 50, includeArchived: true }, { canvases });

    // Assess
    expect(visible.items.map((item) => item.id)).toEqual(['a']);
    expect(all.items.map((item) => item.id)).toEqual(['a', 'b']);
  });
});

describe('setArchived', () => {
  it('archives a canvas and records when', async () => {
    // Prepare
    seedPipeline(canvases);
    clock.advance(3_600_000);

    // Act
    const summary = await setArchived(me, { canvasId: 'cnv_1' }, true, { canvases, clock });

    // Assess
    expect(summary).toEqual({
      id: 'cnv_1',
      name: 'Test canvas',
      workspaceId: 'ws_test',
      createdAt: '2025-01-15T10:00:00.000Z',
      updatedAt: '2025-01-15T11:00:00.000Z',
      archived: true,
      version: 2,
    });
    expect(canvases.stored('ws_test', 'cnv_1')?.archivedAt).toBe('2025-01-15T11:00:00.000Z');
  });

  it('restores an archived canvas so that it can be edited again', async () => {
    // Prepare
    seedPipeline(canvases, { archived: true, archivedAt: '2025-01-10T00:00:00.000Z' });

    // Act
    const summary = await setArchived(me, { canvasId: 'cnv_1' }, false, { canvases, clock });
    const edited = await applyEdits(me, { canvasId: 'cnv_1' }, [op({ op: 'rename', name: 'Back' })], {
      canvases,
      clock,
    });

    // Assess
    expect(summary.archived).toBe(false);
    expect(canvases.stored('ws_test', 'cnv_1')?.archivedAt).toBeNull();
    expect(edited.canvas).toMatchObject({ name: 'Back', version: 3 });
  });

  it('returns 409 when expectedVersion is stale', async () => {
    // Prepare
    seedPipeline(canvases, { version: 5 });

    // Act
    const result = setArchived(me, { canvasId: 'cnv_1', expectedVersion: 4 }, true, { canvases, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(ConflictError);
    expect(canvases.stored('ws_test', 'cnv_1')?.archived).toBe(false);
  });

  it('returns 404 for a canvas of another workspace', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = setArchived(stranger, { canvasId: 'cnv_1' }, true, { canvases, clock });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('deleteCanvas', () => {
  it('deletes the canvas', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    await deleteCanvas(me, 'cnv_1', { canvases });

    // Assess
    expect(canvases.stored('ws_test', 'cnv_1')).toBeUndefined();
  });

  it('returns 404 for a canvas of another workspace and keeps it', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = deleteCanvas(stranger, 'cnv_1', { canvases });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
    expect(canvases.stored('ws_test', 'cnv_1')).toBeDefined();
  });
});

describe('validateEdge', () => {
  it('returns valid for an edge that fits, without changing the canvas', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = await validateEdge(
      me,
      'cnv_1',
      { source: 'p', sourceHandle: 'prompt-out', target: 't', targetHandle: 'text-in' },
      { canvases },
    );

    // Assess
    expect(result).toEqual({ valid: true, warnings: [] });
    expect(canvases.stored('ws_test', 'cnv_1')?.edges).toEqual([]);
  });

  it('returns 400 for an edge into a trigger', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = validateEdge(
      me,
      'cnv_1',
      { source: 't', sourceHandle: 'text-out', target: 'p', targetHandle: 'text-in' },
      { canvases },
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(ValidationError);
  });

  it('returns 404 for a canvas of another workspace', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = validateEdge(
      stranger,
      'cnv_1',
      { source: 'p', sourceHandle: 'prompt-out', target: 't', targetHandle: 'text-in' },
      { canvases },
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
  });
});
