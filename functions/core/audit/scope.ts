// core: the audit scope of one change — what is being done and by whom, carried alongside the call
// (AsyncLocalStorage) from where it is declared (an operation's `audit`, the run accept path) to the
// table adapter, whose write of the change carries the entry in the same transaction (docs/audit.md).
// Neither the use cases nor the repositories pass it by hand: nothing between them can forget it.
import { AsyncLocalStorage } from 'node:async_hooks';
import { newId } from '../ids.ts';
import { AUDIT_ACTIONS, type AuditAction, type AuditActor, type AuditEntry, type AuditResource } from './model.ts';

/** The entry of the change under way, and whether a write has carried it yet. */
export interface AuditScope {
  readonly workspaceId: string;
  readonly action: AuditAction;
  readonly resourceKind: AuditResource;
  readonly actor: AuditActor;
  /** Fixed when the scope opens: every write that carries the entry writes the same item (a retry overwrites it). */
  readonly id: string;
  readonly at: string;
  /** The entry as first written (its resource comes from the first item that carried it); undefined until then. */
  written?: AuditEntry;
  /** Writes of the scope that did not carry the entry: a change that wrote only these needs the fallback. */
  otherWrites: number;
}

const storage = new AsyncLocalStorage<AuditScope>();
/** Who the request acts as, where no operation says it (a published server's route knows its credential). */
const actors = new AsyncLocalStorage<AuditActor>();

/** Runs `work` as `actor`: changes declared inside without an actor of their own name it. */
export function asActor<T>(actor: AuditActor, work: () => Promise<T>): Promise<T> {
  return actors.run(actor, work);
}

/** The actor a request declared with asActor, if any. */
export function requestActor(): AuditActor | undefined {
  return actors.getStore();
}

/** The scope of the change under way, if any. */
export function currentAudit(): AuditScope | undefined {
  return storage.getStore();
}

/**
 * Runs `change` in an audit scope. An enclosing scope wins (an operation that starts a run declares
 * its own action; the accept path only declares one for the callers without an operation).
 */
export function withAudit<T>(
  declaration: { workspaceId: string; action: AuditAction; actor: AuditActor; now?: Date },
  change: (scope: AuditScope) => Promise<T>,
): Promise<T> {
  const outer = storage.getStore();
  if (outer) return change(outer);
  const now = declaration.now ?? new Date();
  const scope: AuditScope = {
    workspaceId: declaration.workspaceId,
    action: declaration.action,
    resourceKind: AUDIT_ACTIONS[declaration.action],
    actor: declaration.actor,
    id: newId('aud', now.getTime()),
    at: now.toISOString(),
    otherWrites: 0,
  };
  return storage.run(scope, () => change(scope));
}

/** The entry a scope writes, naming the resource its write found. */
export function entryOf(
  scope: AuditScope,
  resource: { id: string; name?: string },
  written: AuditEntry['written'],
): AuditEntry {
  return {
    id: scope.id,
    workspaceId: scope.workspaceId,
    at: scope.at,
    action: scope.action,
    resource: { kind: scope.resourceKind, ...resource },
    actor: scope.actor,
    written,
  };
}
