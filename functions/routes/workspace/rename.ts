// route: POST /api/mcp/workspace/rename → renameWorkspace → WorkspaceRepository
import * as z from '#core/schema';
import { systemClock } from '#core/clock';
import { renameWorkspace } from '#core/workspaces/use-cases';
import { workspaces } from '#adapters/dynamodb/repositories';
import { defineRoute } from '#http/route';

const Body = z.strictObject({ name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)) });

export const handler = defineRoute('workspace-rename', { body: Body }, ({ body, principal }) =>
  renameWorkspace(principal, body.name, { workspaces, clock: systemClock }),
);
