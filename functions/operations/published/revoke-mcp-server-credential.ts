// operation: POST /api/mcp/published-servers/credentials/revoke → revokeCredential → PublishedServerRepository
import * as z from '#core/schema';
import { revokeCredential } from '#core/published/use-cases';
import { DESTROYS, defineOperation } from '#operations/operation';
import { CredentialView, ServerIdInput, route } from './published-views.ts';
import { publishDeps } from './published-deps.ts';
import { credential, SERVER_ID, CREDENTIAL_ID, LATER } from './example-values.ts';

export const operation = defineOperation({
  name: 'revoke_mcp_server_credential',
  title: 'Revoke a published-server credential',
  description: 'Revokes a umcp_ credential: refused from the very next request. Repeating it is harmless.',
  route: 'published-servers-credentials-revoke',
  http: route('POST', 'credentials/revoke', 'manage:integrations'),
  input: z.strictObject({
    ...ServerIdInput.shape,
    credentialId: z.string().check(z.minLength(1), z.maxLength(64), z.describe('Credential id (pck_…)')),
  }),
  output: CredentialView,
  example: {
    input: { serverId: SERVER_ID, credentialId: CREDENTIAL_ID },
    status: 200,
    output: { ...credential, status: 'revoked', revokedAt: LATER },
  },
  audit: 'published-credential.revoke',
  annotations: DESTROYS,
  run: (input, { principal }) => revokeCredential(principal, input, publishDeps),
});
