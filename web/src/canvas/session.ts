// Saving: the editor's edits go to patch_canvas with the canvas version they were made on. Edits are
// debounced into one patch, one patch is in flight at a time, and a 409 (someone else saved first)
// reloads the canvas and re-applies the edits that were not saved, telling the person so.
import { ToolError, type ToolClient, type ToolInput } from '../mcp/tools.ts';
import { applyOperations, type Doc } from './operations.ts';
import { describeOperation, rebase, reconcile } from './rebase.ts';
import type { Canvas, CanvasOperation } from './types.ts';

export type SaveState = 'loading' | 'saved' | 'pending' | 'saving' | 'offline' | 'failed';

export interface Notice {
  kind: 'info' | 'conflict' | 'error' | 'offline';
  text: string;
}

export interface SessionSnapshot {
  doc: Doc;
  canvas: Canvas | null;
  version: number;
  saveState: SaveState;
  notice: Notice | null;
  readOnly: boolean;
}

export interface SessionOptions {
  debounceMs?: number;
  /** Called after every save that reached the server (e.g. to refresh warnings). */
  afterSave?: (canvas: Canvas) => void;
}

/** patch_canvas's limit per call. */
export const MAX_OPERATIONS = 500;
/** Conflicts in a row before the editor stops retrying and asks the person. */
const MAX_CONFLICT_RETRIES = 5;
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

const isConflict = (error: unknown) => error instanceof ToolError && error.status === 409;
/** The server refused the edit itself (bad data, missing node): retrying the same edit cannot help. */
const isRefusal = (error: unknown) =>
  error instanceof ToolError &&
  error.status !== undefined &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;
const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class CanvasSession {
  private confirmed: Doc = { nodes: [], edges: [] };
  private pending: CanvasOperation[] = [];
  private inFlight: CanvasOperation[] = [];
  /** How many of the next pending edits go one per call, to find the one the server refuses. */
  private singly = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private conflictsInARow = 0;
  private failuresInARow = 0;
  private disposed = false;
  private snapshot: SessionSnapshot = {
    doc: { nodes: [], edges: [] },
    canvas: null,
    version: 0,
    saveState: 'loading',
    notice: null,
    readOnly: false,
  };
  private readonly listeners = new Set<(snapshot: SessionSnapshot) => void>();

  constructor(
    readonly canvasId: string,
    private readonly tools: ToolClient,
    private readonly options: SessionOptions = {},
  ) {}

  get state(): SessionSnapshot {
    return this.snapshot;
  }

  subscribe(listener: (snapshot: SessionSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async load(): Promise<void> {
    const canvas = await this.tools.call('get_canvas', { canvasId: this.canvasId });
    this.confirmed = { nodes: canvas.nodes, edges: canvas.edges };
    this.update({
      canvas,
      version: canvas.version,
      doc: this.confirmed,
      saveState: 'saved',
      readOnly: canvas.archived,
      notice: canvas.archived ? { kind: 'info', text: 'This canvas is archived; restore it to edit.' } : null,
    });
  }

  /** Shows `ops` at once and queues them for saving; throws OperationRefused if they do not fit the document. */
  edit(ops: readonly CanvasOperation[]): Doc {
    if (this.snapshot.readOnly) throw new Error('This canvas is archived; restore it to edit.');
    const doc = applyOperations(this.snapshot.doc, ops);
    this.pending.push(...ops);
    this.update({ doc, saveState: this.inFlight.length > 0 ? 'saving' : 'pending' });
    this.schedule(this.options.debounceMs ?? 400);
    return doc;
  }

  setNotice(notice: Notice | null): void {
    this.update({ notice });
  }

  /** Sends what is pending now (e.g. before leaving the page); resolves when nothing is in flight. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.inFlight.length > 0 || this.pending.length === 0 || this.disposed) return;
    const count = this.singly > 0 ? 1 : Math.min(MAX_OPERATIONS, this.pending.length);
    this.inFlight = this.pending.splice(0, count);
    this.update({ saveState: 'saving' });
    try {
      const result = await this.tools.call('patch_canvas', {
        canvasId: this.canvasId,
        expectedVersion: this.snapshot.version,
        // The editor's CanvasOperation (canvas/types.ts) names node types as strings from the port manifest;
        // the tool takes the service's enum and refuses others. Not yet generated (issue 32).
        operations: this.inFlight as unknown as ToolInput<'patch_canvas'>['operations'],
      });
      if (this.singly > 0) this.singly--;
      this.conflictsInARow = 0;
      this.failuresInARow = 0;
      this.inFlight = [];
      this.adopt(result.canvas, result.canvasVersion);
      // The "not saved yet" notice is stale once a save got through; refusals and conflicts stay until dismissed.
      if (this.snapshot.notice?.kind === 'offline') this.update({ notice: null });
      this.options.afterSave?.(result.canvas);
    } catch (error) {
      await this.recover(error);
    }
    if (
      this.pending.length > 0 &&
      this.timer === undefined &&
      this.snapshot.saveState !== 'offline' &&
      this.snapshot.saveState !== 'failed'
    )
      this.schedule(0);
  }

  /** Retry after the editor gave up (too many conflicts in a row); pending edits are still held. */
  retry(): void {
    this.conflictsInARow = 0;
    this.failuresInARow = 0;
    this.update({ saveState: this.pending.length > 0 ? 'pending' : 'saved' });
    this.schedule(0);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.listeners.clear();
  }

  get hasUnsavedEdits(): boolean {
    return this.pending.length > 0 || this.inFlight.length > 0;
  }

  private async recover(error: unknown): Promise<void> {
    const unsaved = [...this.inFlight, ...this.pending];
    const sent = this.inFlight;
    this.inFlight = [];
    if (isConflict(error)) {
      this.conflictsInARow++;
      let fresh: Canvas;
      try {
        fresh = await this.tools.call('get_canvas', { canvasId: this.canvasId });
      } catch (reloadError) {
        this.pending = unsaved;
        this.offline(reloadError);
        return;
      }
      const rebased = rebase({ nodes: fresh.nodes, edges: fresh.edges }, unsaved);
      this.pending = rebased.kept;
      this.confirmed = { nodes: fresh.nodes, edges: fresh.edges };
      const parts = [`This canvas was changed elsewhere (now version ${fresh.version}); it was reloaded.`];
      if (rebased.kept.length > 0)
        parts.push(
          `Your ${rebased.kept.length} unsaved edit${rebased.kept.length === 1 ? ' was' : 's were'} re-applied on top.`,
        );
      if (rebased.dropped.length > 0)
        parts.push(
          `Could not re-apply: ` +
            `${rebased.dropped.map((entry) => `${describeOperation(entry.op)} (${entry.reason})`).join('; ')}.`,
        );
      const stuck = this.conflictsInARow >= MAX_CONFLICT_RETRIES;
      if (stuck) parts.push('Saving paused after repeated conflicts; choose Retry to save again.');
      if (fresh.archived) parts.push('The canvas is now archived; restore it to edit.');
      this.update({
        canvas: fresh,
        version: fresh.version,
        doc: reconcile(this.snapshot.doc, rebased.doc),
        readOnly: fresh.archived,
        saveState: stuck || fresh.archived ? 'failed' : this.pending.length > 0 ? 'pending' : 'saved',
        notice: { kind: 'conflict', text: parts.join(' ') },
      });
      return;
    }
    if (isRefusal(error)) {
      if (sent.length > 1) {
        // One of them is refused; send them one by one so only that one is set aside.
        this.pending = unsaved;
        this.singly = sent.length;
        this.update({ saveState: 'pending' });
        return;
      }
      if (this.singly > 0) this.singly--;
      this.pending = unsaved.slice(sent.length);
      const rebased = rebase(this.confirmed, this.pending);
      this.pending = rebased.kept;
      this.update({
        doc: reconcile(this.snapshot.doc, rebased.doc),
        saveState: this.pending.length > 0 ? 'pending' : 'saved',
        notice: {
          kind: 'error',
          text: `Not saved: ${sent.map(describeOperation).join(', ')}: ${messageOf(error)}. The canvas shows what was saved.`,
        },
      });
      return;
    }
    this.pending = unsaved;
    this.offline(error);
  }

  private offline(error: unknown): void {
    const delay = RETRY_DELAYS_MS[Math.min(this.failuresInARow, RETRY_DELAYS_MS.length - 1)]!;
    this.failuresInARow++;
    this.update({
      saveState: 'offline',
      notice: {
        kind: 'offline',
        text: `Not saved yet (${messageOf(error)}); your edits are kept and saving retries in ${Math.round(delay / 1000)} s.`,
      },
    });
    this.schedule(delay);
  }

  private adopt(canvas: Canvas, version: number): void {
    this.confirmed = { nodes: canvas.nodes, edges: canvas.edges };
    const rebased = rebase(this.confirmed, this.pending);
    this.pending = rebased.kept;
    this.update({
      canvas,
      version,
      doc: reconcile(this.snapshot.doc, rebased.doc),
      saveState: this.pending.length > 0 ? 'pending' : 'saved',
    });
  }

  private schedule(delayMs: number): void {
    if (this.disposed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
  }

  private update(patch: Partial<SessionSnapshot>): void {
    this.snapshot = { ...this.snapshot, ...patch };
    for (const listener of this.listeners) listener(this.snapshot);
  }
}

/** The document the editor would show for a canvas plus edits; exported for tests. */
export function docOf(canvas: Pick<Canvas, 'nodes' | 'edges'>, ops: readonly CanvasOperation[] = []): Doc {
  return applyOperations({ nodes: canvas.nodes, edges: canvas.edges }, ops);
}
