// core: what each workspace role may do, as OAuth scopes. Defined once: consent screens, the token
// check of the gateway and the docs (docs/oauth.md) all read this table.
import type { MemberRole } from '../workspaces/model.ts';
import { SCOPES, type Scope } from '../scopes.ts';

/** What only owners and admins may do: manage the workspace, read its billing. */
const ADMINISTRATION_SCOPES: readonly Scope[] = ['manage:integrations', 'read:billing'];

export const ROLES = ['owner', 'admin', 'editor', 'viewer'] as const satisfies readonly MemberRole[];

/**
 * owner/admin: everything. editor: builds and runs canvases and assets but neither manages the
 * workspace (manage:integrations: keys, members, invites) nor reads billing. viewer: reads only.
 */
export const ROLE_SCOPES: Readonly<Record<MemberRole, readonly Scope[]>> = {
  owner: SCOPES,
  admin: SCOPES,
  editor: SCOPES.filter((scope) => !ADMINISTRATION_SCOPES.includes(scope)),
  viewer: ['read:canvases', 'read:assets'],
};

/** The scopes a token may use now: what was consented to, cut down to what the role allows today. */
export function effectiveScopes(consented: readonly string[], role: MemberRole): Scope[] {
  const allowed = ROLE_SCOPES[role];
  // Kept in the canonical SCOPES order so the result does not depend on the consent's order.
  return SCOPES.filter((scope) => allowed.includes(scope) && consented.includes(scope));
}
