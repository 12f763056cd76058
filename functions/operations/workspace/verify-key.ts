// operation: GET /api/verify-key → the authenticated principal (one GetItem, nothing more)
import * as z from '#core/schema';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { IdentityView } from '#operations/views';
import { WORKSPACE, key } from '#operations/example-values';

export const operation = defineOperation({
  name: 'verify_key',
  title: 'Who am I',
  description: 'Tells which workspace the calling credential belongs to and which scopes it holds right now.',
  example: {
    input: {},
    status: 200,
    output: { workspaceId: WORKSPACE, scopes: ['read:canvases', 'run:workflows'], keyId: key.id },
  },
  route: 'verify-key',
  http: { method: 'GET', path: '/api/verify-key', scope: null, access: { table: 'read' }, area: 'keys' },
  input: z.object({}),
  output: IdentityView,
  annotations: READ_ONLY,
  run: async (_input, { principal }) => ({
    workspaceId: principal.workspaceId,
    scopes: principal.scopes,
    keyId: principal.keyId,
  }),
});
