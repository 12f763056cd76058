// http: a workspace key (workspace_…): one GetItem by its hash. The credential of every operation route.
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { systemClock } from '#core/clock';
import type { Principal } from '#core/keys/api-key';
import { authenticate } from '#core/keys/use-cases';
import { apiKeys } from '#adapters/composition/stores';
import { header } from '../request.ts';
import type { Authenticator } from './authenticator.ts';

const keyDeps = { apiKeys, clock: systemClock };

/** The principal of an `Authorization: Bearer workspace_…` header value; anything else is a 401. */
export function authenticateWorkspaceKey(authorization: string | undefined): Promise<Principal> {
  return authenticate(authorization, keyDeps);
}

export const workspaceKey: Authenticator<Principal> = {
  kind: 'workspace-key',
  authenticate: (event: APIGatewayProxyEvent) => authenticateWorkspaceKey(header(event, 'authorization')),
  principalOf: (principal) => principal,
};
