// operation: GET /api/mcp/audit/list → listAuditEntries → the audit log (docs/audit.md)
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { AUDIT_RESOURCES, AuditActionSchema, AuditQuery } from '#core/audit/model';
import { listAuditEntries } from '#core/audit/use-cases';
import { auditLog } from '#adapters/dynamodb/audit-repository';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { PageInput } from '#operations/paging';
import { pageOf } from '#operations/views';
import { AT, CANVAS, WORKSPACE, key } from '#operations/example-values';
import { readRoute } from '#operations/route-facts';

const text = (description: string) => z.string().check(z.describe(description));

export const AuditEntryView = z.looseObject({
  id: text('Entry id (aud_…)'),
  at: text('When the change was committed (ISO 8601, UTC, milliseconds)'),
  action: AuditActionSchema.check(z.describe('What was done: <resource>.<verb>, e.g. canvas.update')),
  resource: z
    .looseObject({
      kind: z.enum(AUDIT_RESOURCES),
      id: text('Its id (a workspace-wide setting: the workspace id; a webhook: canvasId/nodeId)'),
      name: z.optional(text('Its name, when the change carried one')),
    })
    .check(z.describe('What it was done to')),
  actor: z
    .discriminatedUnion('kind', [
      z.looseObject({ kind: z.literal('key'), keyId: z.string() }),
      z.looseObject({ kind: z.literal('user'), userId: z.string(), grantId: z.optional(z.string()) }),
      z.looseObject({
        kind: z.literal('published-server'),
        serverId: z.string(),
        credentialId: z.optional(z.nullable(z.string())),
      }),
      z.looseObject({ kind: z.literal('webhook'), canvasId: z.string(), nodeId: z.string() }),
      z.looseObject({ kind: z.literal('service') }),
    ])
    .check(
      z.describe(
        'Who: key (keyId), user (userId, grantId of the OAuth client consent), published-server (serverId), webhook (canvasId, nodeId), service',
      ),
    ),
  written: z
    .enum(['with-change', 'after-change'])
    .check(z.describe('with-change: in the change’s own transaction; after-change: see docs/audit.md')),
});

const example = {
  id: 'aud_01jd8x6e8g0j2l4n6q8s0u2w4y',
  workspaceId: WORKSPACE,
  at: AT,
  action: 'canvas.update',
  resource: { kind: 'canvas', id: CANVAS, name: 'Welcome' },
  actor: { kind: 'key', keyId: key.id },
  written: 'with-change',
};

export const operation = defineOperation({
  name: 'list_audit_entries',
  title: 'List audit entries',
  description:
    'The workspace’s audit log, newest first: who created, changed, ran, published, revoked or exported what, kept 90 days. Filter by a time range [from, to), an action or a resource kind. Never holds secrets.',
  example: { input: { limit: 50, resource: 'canvas' }, status: 200, output: { items: [example], nextCursor: null } },
  route: 'audit-list',
  http: readRoute('/api/mcp/audit/list', 'manage:integrations', 'workspace'),
  input: z.object({
    ...PageInput.shape,
    from: AuditQuery.shape.from.check(z.describe('Oldest time included (ISO 8601); default 90 days ago')),
    to: AuditQuery.shape.to.check(z.describe('Time excluded and after (ISO 8601); default now')),
    action: AuditQuery.shape.action.check(z.describe('Only this action, e.g. api-key.revoke')),
    resource: AuditQuery.shape.resource.check(z.describe('Only entries about this kind of resource')),
  }),
  output: pageOf(AuditEntryView, 'Entries, newest first'),
  annotations: READ_ONLY,
  run: ({ limit, cursor, ...query }, { principal }) =>
    listAuditEntries(principal, query, { limit, cursor }, { auditLog, clock: systemClock }),
});
