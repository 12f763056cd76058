// test support (unit): CanvasRepository in memory with the same version condition as the adapter:
//
//   replace(canvas, expectedVersion) ── stored.version === expectedVersion ──▶ write
//                                    └─ otherwise (or missing) ─────────────▶ ConflictError
//
// `beforeReplace` lets a test slip another writer in between a use case's read and its write.
import { ConflictError } from '#core/errors';
import type { Canvas, CanvasSummary } from '#core/canvas/model';
import { summarize } from '#core/canvas/model';
import type { Page, PageQuery } from '#core/pagination';
import type { CanvasRepository } from '#core/ports';

export class InMemoryCanvasRepository implements CanvasRepository {
  private readonly items = new Map<string, Canvas>();
  /** Every replace call, in order, with the version it was conditioned on and whether it was written. */
  readonly replaceCalls: { id: string; expectedVersion: number; written: boolean }[] = [];
  /** Runs before each replace is checked; may write to the repository itself (a concurrent writer). */
  beforeReplace: ((attempt: number) => Promise<void>) | undefined;

  private key(workspaceId: string, canvasId: string): string {
    return `${workspaceId}/${canvasId}`;
  }

  async get(workspaceId: string, canvasId: string): Promise<Canvas | undefined> {
    const canvas = this.items.get(this.key(workspaceId, canvasId));
    return canvas && structuredClone(canvas);
  }

  async create(canvas: Canvas): Promise<void> {
    const key = this.key(canvas.workspaceId, canvas.id);
    if (this.items.has(key)) throw new ConflictError(`Canvas ${canvas.id} already exists`);
    this.items.set(key, structuredClone(canvas));
  }

  async replace(canvas: Canvas, expectedVersion: number): Promise<void> {
    const hook = this.beforeReplace;
    if (hook) await hook(this.replaceCalls.length + 1);
    const key = this.key(canvas.workspaceId, canvas.id);
    const stored = this.items.get(key);
    const written = stored !== undefined && stored.version === expectedVersion;
    this.replaceCalls.push({ id: canvas.id, expectedVersion, written });
    if (!written) throw new ConflictError('Canvas changed since it was read');
    this.items.set(key, structuredClone(canvas));
  }

  async delete(workspaceId: string, canvasId: string): Promise<boolean> {
    return this.items.delete(this.key(workspaceId, canvasId));
  }

  async list(workspaceId: string, page: PageQuery & { includeArchived: boolean }): Promise<Page<CanvasSummary>> {
    const items = [...this.items.values()]
      .filter((canvas) => canvas.workspaceId === workspaceId && (page.includeArchived || !canvas.archived))
      .sort((a, b) => a.id.localeCompare(b.id))
      .slice(0, page.limit)
      .map(summarize);
    return { items, nextCursor: null };
  }

  /** Direct write for test setup: stores `canvas` as is, bypassing the version condition. */
  seed(canvas: Canvas): void {
    this.items.set(this.key(canvas.workspaceId, canvas.id), structuredClone(canvas));
  }

  /** Direct read for assertions: what is stored, without going through a use case. */
  stored(workspaceId: string, canvasId: string): Canvas | undefined {
    const canvas = this.items.get(this.key(workspaceId, canvasId));
    return canvas && structuredClone(canvas);
  }
}
