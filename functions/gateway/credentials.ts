// gateway: who is calling. The gateway takes two credential families, told apart by their prefix: a
// workspace key (one GetItem by its hash, as on every route) or an OAuth access token. Everything else
// (umcp_ credentials, webhook secrets, Basic, garbage) is a 401.
import { systemClock } from '#core/clock';
import { UnauthorizedError } from '#core/errors';
import { WORKSPACE_KEY_PREFIX, type Principal } from '#core/keys/api-key';
import { authenticate } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/dynamodb/repositories';

const keyDeps = { apiKeys, clock: systemClock };

export async function authenticateGatewayCaller(authorization: string | undefined): Promise<Principal> {
  const token = authorization && /^Bearer[ ]+(\S+)\s*$/i.exec(authorization)?.[1];
  if (!token) throw new UnauthorizedError('Missing credential: send Authorization: Bearer workspace_… or sign in with OAuth');
  if (token.startsWith(WORKSPACE_KEY_PREFIX)) return authenticate(authorization, keyDeps);
  // OAuth access tokens: (wired when the authorization server lands; until then they are unknown tokens)
  throw new UnauthorizedError('Invalid credential: the gateway takes workspace_ keys and OAuth access tokens');
}
