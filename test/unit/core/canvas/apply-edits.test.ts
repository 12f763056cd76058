// unit: applyEdits — edits under optimistic concurrency and workspace isolation — against an in-memory
// repository that enforces the same version condition as the DynamoDB adapter.
import { beforeEach, describe, expect, it } from 'vitest';
import { ConflictError, NotFoundError, PayloadTooLargeError, ValidationError } from '#core/errors';
import { applyEdits } from '#core/canvas/use-cases';
import { FakeClock } from '../../support/fake-clock.ts';
import { InMemoryCanvasRepository } from '../../support/in-memory-canvas-repository.ts';
import { op } from '../../support/canvases.ts';
import { me, seedPipeline, stranger } from './seed.ts';

let canvases: InMemoryCanvasRepository;
let clock: FakeClock;

beforeEach(() => {
  canvases = new InMemoryCanvasRepository();
  clock = new FakeClock('2025-01-15T10:00:00.000Z');
});

describe('applyEdits', () => {
  it('applies the operations, bumps the version and stores the result', async () => {
    // Prepare
    seedPipeline(canvases);
    clock.advance(60_000);

    // Act
    const { canvas, result } = await applyEdits(
      me,
      { canvasId: 'cnv_1' },
      [op({ op: 'edge/add', id: 'e1', source: 'p', sourceHandle: 'prompt-out', target: 't', targetHandle: 'text-in' })],
      { canvases, clock },
    );

    // Assess
    expect(result).toEqual([
      { kind: 'edge', edge: expect.objectContaining({ id: 'e1', createdAt: '2025-01-15T10:01:00.000Z' }) },
    ]);
    expect(canvas.version).toBe(2);
    expect(canvas.updatedAt).toBe('2025-01-15T10:01:00.000Z');
    expect(canvases.stored('ws_test', 'cnv_1')).toEqual(canvas);
  });

  it('writes when expectedVersion matches the stored version', async () => {
    // Prepare
    seedPipeline(canvases, { version: 7 });

    // Act
    const { canvas } = await applyEdits(
      me,
      { canvasId: 'cnv_1', expectedVersion: 7 },
      [op({ op: 'rename', name: 'Renamed' })],
      {
        canvases,
        clock,
      },
    );

    // Assess
    expect(canvas.version).toBe(8);
    expect(canvases.stored('ws_test', 'cnv_1')?.name).toBe('Renamed');
  });

  it('returns 409 when expectedVersion is stale, and writes nothing', async () => {
    // Prepare
    seedPipeline(canvases, { version: 3 });

    // Act
    const result = applyEdits(me, { canvasId: 'cnv_1', expectedVersion: 2 }, [op({ op: 'rename', name: 'Stale' })], {
      canvases,
      clock,
    });

    // Assess
    await expect(result).rejects.toBeInstanceOf(ConflictError);
    await expect(result).rejects.toThrow('Canvas is at version 3, not the expected 2; reload and retry');
    expect(canvases.stored('ws_test', 'cnv_1')).toMatchObject({ version: 3, name: 'Test canvas' });
    expect(canvases.replaceCalls).toEqual([]);
  });

  it('returns 409 without retrying when expectedVersion is given and another write wins the race', async () => {
    // Prepare: the version matches at read time, then another writer bumps it before our write
    seedPipeline(canvases, { version: 1 });
    canvases.beforeReplace = async (attempt) => {
      if (attempt === 1) canvases.seed({ ...canvases.stored('ws_test', 'cnv_1')!, version: 2, name: 'Theirs' });
    };

    // Act
    const result = applyEdits(me, { canvasId: 'cnv_1', expectedVersion: 1 }, [op({ op: 'rename', name: 'Mine' })], {
      canvases,
      clock,
    });

    // Assess
    await expect(result).rejects.toBeInstanceOf(ConflictError);
    expect(canvases.replaceCalls).toHaveLength(1);
    expect(canvases.stored('ws_test', 'cnv_1')?.name).toBe('Theirs');
  });

  it('retries a concurrent edit without expectedVersion so that both edits survive', async () => {
    // Prepare: between our read and our write, another client adds node "theirs" (version 1 → 2)
    seedPipeline(canvases, { version: 1 });
    canvases.beforeReplace = async (attempt) => {
      if (attempt !== 1) return;
      canvases.beforeReplace = undefined;
      await applyEdits(me, { canvasId: 'cnv_1' }, [op({ op: 'node/add', id: 'theirs', type: 'output' })], {
        canvases,
        clock,
      });
    };

    // Act
    const { canvas } = await applyEdits(me, { canvasId: 'cnv_1' }, [op({ op: 'node/add', id: 'mine', type: 'text' })], {
      canvases,
      clock,
    });

    // Assess
    const stored = canvases.stored('ws_test', 'cnv_1')!;
    expect(stored.nodes.map((n) => n.id).sort()).toEqual(['mine', 'p', 't', 'theirs']);
    expect(stored.version).toBe(3);
    expect(canvas).toEqual(stored);
    expect(canvases.replaceCalls.map((call) => [call.expectedVersion, call.written])).toEqual([
      [1, true], // theirs, written from inside our first attempt
      [1, false], // ours, lost the race
      [2, true], // ours, re-applied on a fresh read
    ]);
  });

  it('returns 409 after five lost races in a row', async () => {
    // Prepare: a writer that always gets in first
    seedPipeline(canvases, { version: 1 });
    canvases.beforeReplace = async () => {
      const current = canvases.stored('ws_test', 'cnv_1')!;
      canvases.seed({ ...current, version: current.version + 1 });
    };

    // Act
    const result = applyEdits(me, { canvasId: 'cnv_1' }, [op({ op: 'rename', name: 'Never' })], {
      canvases,
      clock,
    });

    // Assess
    await expect(result).rejects.toBeInstanceOf(ConflictError);
    expect(canvases.replaceCalls).toHaveLength(5);
    expect(canvases.replaceCalls.every((call) => !call.written)).toBe(true);
  });

  it('does not retry a 409 raised by the edit itself (duplicate node id)', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = applyEdits(me, { canvasId: 'cnv_1' }, [op({ op: 'node/add', id: 'p', type: 'text' })], {
      canvases,
      clock,
    });

    // Assess
    await expect(result).rejects.toThrow('Node p already exists on this canvas');
    expect(canvases.replaceCalls).toEqual([]);
  });

  it('returns 409 when the canvas is archived', async () => {
    // Prepare
    seedPipeline(canvases, { archived: true, archivedAt: '2025-01-10T00:00:00.000Z' });

    // Act
    const result = applyEdits(me, { canvasId: 'cnv_1' }, [op({ op: 'node/add', type: 'text' })], {
      canvases,
      clock,
    });

    // Assess
    await expect(result).rejects.toBeInstanceOf(ConflictError);
    await expect(result).rejects.toThrow('Canvas cnv_1 is archived; restore it before editing');
    expect(canvases.stored('ws_test', 'cnv_1')?.nodes).toHaveLength(2);
  });

  it('applies a patch all-or-nothing: a failing third operation leaves the stored canvas unchanged', async () => {
    // Prepare
    seedPipeline(canvases, { version: 4 });
    const before = canvases.stored('ws_test', 'cnv_1');

    // Act
    const result = applyEdits(
      me,
      { canvasId: 'cnv_1' },
      [
        op({ op: 'node/add', id: 'o', type: 'output' }),
        op({ op: 'edge/add', id: 'e1', source: 't', sourceHandle: 'text-out', target: 'o', targetHandle: 'value-in' }),
        op({ op: 'edge/add', source: 'o', sourceHandle: 'value-out', target: 't', targetHandle: 'text-in' }),
      ],
      { canvases, clock },
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(ValidationError);
    expect(canvases.stored('ws_test', 'cnv_1')).toEqual(before);
    expect(canvases.replaceCalls).toEqual([]);
  });

  it('returns the result of every operation of a patch, in order', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const { result, canvas } = await applyEdits(
      me,
      { canvasId: 'cnv_1' },
      [
        op({ op: 'node/add', id: 'o', type: 'output' }),
        op({ op: 'edge/add', id: 'e1', source: 't', sourceHandle: 'text-out', target: 'o', targetHandle: 'value-in' }),
        op({ op: 'node/delete', nodeId: 'o' }),
        op({ op: 'rename', name: 'After' }),
      ],
      { canvases, clock },
    );

    // Assess
    expect(result.map((r) => r.kind)).toEqual(['node', 'edge', 'deleted', 'canvas']);
    expect(result[2]).toEqual({ kind: 'deleted', id: 'o', removedEdgeIds: ['e1'] });
    expect(canvas.version).toBe(2);
    expect(canvas.edges).toEqual([]);
  });

  it('returns 404 for a canvas of another workspace and changes nothing', async () => {
    // Prepare
    seedPipeline(canvases);

    // Act
    const result = applyEdits(stranger, { canvasId: 'cnv_1' }, [op({ op: 'rename', name: 'Hijacked' })], {
      canvases,
      clock,
    });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
    expect(canvases.stored('ws_test', 'cnv_1')?.name).toBe('Test canvas');
  });

  it('returns 413 when the edit would make the canvas too large, and writes nothing', async () => {
    // Prepare
    seedPipeline(canvases);
    const big = 'x'.repeat(199_000);

    // Act
    const result = applyEdits(
      me,
      { canvasId: 'cnv_1' },
      [
        op({ op: 'node/document-write', nodeId: 'p', content: big }),
        op({ op: 'node/document-write', nodeId: 't', content: big }),
      ],
      { canvases, clock },
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(PayloadTooLargeError);
    expect(canvases.replaceCalls).toEqual([]);
  });
});
