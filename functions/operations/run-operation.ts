// operations: how every surface runs an operation (its HTTP route, its MCP tool): inside the audit scope
// its `audit` declares, so the change's write carries the entry (adapters/dynamodb/audit-join.ts).
import { actorOf } from '#core/audit/model';
import { entryOf, withAudit, type AuditScope } from '#core/audit/scope';
import { telemetry } from '#core/telemetry';
import { recordAuditEntry } from '#adapters/dynamodb/audit-repository';
import type { Operation, OperationContext } from './operation.ts';
import { Outcome, answeredValue } from './outcome.ts';

export function runOperation(operation: Operation, input: unknown, context: OperationContext): Promise<unknown> {
  const action = operation.audit;
  if (action === undefined || typeof action !== 'string') return operation.run(input, context);
  const { principal } = context;
  return withAudit({ workspaceId: principal.workspaceId, action, actor: actorOf(principal) }, async (scope) => {
    const answer = await operation.run(input, context);
    // Nothing written at all (a repeated revoke, a registration that already existed): nothing changed.
    const changedUnrecorded = !scope.written && scope.otherWrites > 0;
    if (changedUnrecorded && !(answer instanceof Outcome && answer.replayed)) await recordAfter(scope, input, answer);
    return answer;
  });
}

/**
 * The fallback: a change that succeeded and wrote, but no write could carry its entry (it could not
 * join a transaction, or it wrote no item of the kind the action names). Recorded before the answer,
 * and logged, since a declared action that never joins its write is a gap to close (docs/audit.md, Limits).
 */
async function recordAfter(scope: AuditScope, input: unknown, answer: unknown): Promise<void> {
  const named = [answeredValue(answer), input].map((value) => (value as { id?: unknown } | null)?.id);
  const id = named.find((value): value is string => typeof value === 'string') ?? scope.workspaceId;
  telemetry.warn('Audit entry written after the change', { action: scope.action });
  await recordAuditEntry(entryOf(scope, { id }, 'after-change'));
}
