// route: GET /api/verify-key → the authenticated principal (one GetItem, nothing more)
import { defineRoute } from '#http/route';

export const handler = defineRoute('verify-key', {}, async ({ principal }) => ({
  workspaceId: principal.workspaceId,
  scopes: principal.scopes,
  keyId: principal.keyId,
}));
