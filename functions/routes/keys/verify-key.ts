// route: GET /api/verify-key → the authenticated principal (one GetItem, nothing more)
import * as z from '#core/schema';
import { operationRoute } from '#http/operation-route';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { IdentityView } from '#operations/views';

export const operation = defineOperation({
  name: 'verify_key',
  title: 'Who am I',
  description: 'Tells which workspace the calling credential belongs to and which scopes it holds right now.',
  route: 'verify-key',
  input: z.object({}),
  output: IdentityView,
  annotations: READ_ONLY,
  run: async (_input, { principal }) => ({
    workspaceId: principal.workspaceId,
    scopes: principal.scopes,
    keyId: principal.keyId,
  }),
});

export const handler = operationRoute(operation);
