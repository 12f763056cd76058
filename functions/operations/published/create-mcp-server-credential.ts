// operation: POST /api/mcp/published-servers/credentials/create → createCredential → PublishedServerRepository
import * as z from '#core/schema';
import { CreateCredentialInput } from '#core/published/model';
import { createCredential } from '#core/published/use-cases';
import { created } from '#operations/outcome';
import { CREATES, defineOperation } from '#operations/operation';
import { CredentialView, route } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { credential, SERVER_ID } from './example-values.ts';

export const operation = defineOperation({
  name: 'create_mcp_server_credential',
  title: 'Create a published-server credential',
  description:
    'Mints a umcp_ credential that opens one published server (and nothing else). The full credential is in this answer only: hand it over now. Send it as Authorization: Bearer umcp_….',
  route: 'published-servers-credentials-create',
  http: route('POST', 'credentials/create', 'manage:integrations'),
  input: CreateCredentialInput,
  output: z.looseObject({
    ...CredentialView.shape,
    credential: z.string().check(z.describe('The credential, shown this once')),
  }),
  example: {
    input: { serverId: SERVER_ID, name: credential.name },
    status: 201,
    output: { ...credential, credential: 'umcp_Xy3kQ9bT4vW8zA1cE5gJ7mP0rS2uX6yB9dF3hK5nQ8t' },
  },
  audit: 'published-credential.create',
  annotations: CREATES,
  run: async (input, { principal }) => created(await createCredential(principal, input, publishDeps)),
});
