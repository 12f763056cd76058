// test support: an operation written the way a new one is: this one file (and one entry in a toolset
// list, made by test/integration/one-file-operation.test.ts). Nothing else names it anywhere.
import * as z from '#core/schema';
import { CREATES, defineOperation } from '#operations/operation';
import { created } from '#operations/outcome';

export const operation = defineOperation({
  name: 'leave_fixture_note',
  title: 'Leave fixture note',
  description: 'Answers the note it was given with the caller workspace id; a fixture of the test suite.',
  example: {
    input: { note: 'hello' },
    status: 201,
    output: { workspaceId: 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a', note: 'hello' },
  },
  route: 'fixture-note',
  http: {
    method: 'POST',
    path: '/api/mcp/fixture/note',
    scope: 'read:canvases',
    access: { table: 'read' },
    area: 'workspace',
  },
  input: z.strictObject({ note: z.string().check(z.describe('Any text')) }),
  output: z.looseObject({
    workspaceId: z.string().check(z.describe('The caller workspace')),
    note: z.string().check(z.describe('The note as given')),
  }),
  annotations: CREATES,
  run: async ({ note }, { principal }) => created({ workspaceId: principal.workspaceId, note }),
});
