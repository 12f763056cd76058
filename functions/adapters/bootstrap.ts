// adapter: local mode's first start — create one workspace and its all-scopes key, exactly once per store;
// and, when asked, a user who owns that workspace and can sign in (BOOTSTRAP_USER_EMAIL/PASSWORD).
import { systemClock } from '#core/clock';
import { normaliseEmail } from '#core/users/model';
import { createUser } from '#core/users/use-cases';
import { addMember } from '#core/workspaces/members';
import { provisionWorkspace } from '#core/workspaces/use-cases';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { apiKeys, memberships, users, workspaces } from './composition/stores.ts';

export type BootstrapResult =
  | {
      created: false;
      /** The workspace the first start created, when the store has one. */
      workspaceId?: string;
      /** A preset key was given but the store already had data and that key does not exist in it. */
      presetKeyIgnored: boolean;
    }
  | { created: true; workspaceId: string; apiKey: string };

/**
 * On an empty store, creates the first workspace with an all-scopes key (`apiKey` when given, which must
 * start with `workspace_`; otherwise a random one). On every later start it does nothing.
 */
export async function bootstrapFirstWorkspace(options: {
  apiKey?: string;
  user?: { email: string; password: string };
}): Promise<BootstrapResult> {
  const provisioned = await provisionWorkspace(
    {
      name: 'Local workspace',
      ownerEmail: options.user ? normaliseEmail(options.user.email) : 'owner@localhost',
      presetKey: options.apiKey || undefined,
      once: true,
    },
    { workspaces, clock: systemClock },
  );
  if (options.user) await ensureBootstrapUser(options.user, provisioned?.ownerUserId);
  if (provisioned) return { created: true, workspaceId: provisioned.workspaceId, apiKey: provisioned.apiKey };
  // Restarting with the key the first start used is the normal case; any other key is silently
  // useless, which the caller must say out loud.
  const presetKeyIgnored = options.apiKey ? !(await apiKeys.findLookup(hashWorkspaceKey(options.apiKey))) : false;
  return { created: false, workspaceId: await memberships.bootstrapWorkspaceId(), presetKeyIgnored };
}

/**
 * Makes `user` an owner of the bootstrap workspace who can sign in. On the first start the user takes
 * the id of the owner member just provisioned; later, a user that does not exist yet is created and
 * added as an owner. An existing user keeps its password (change it with the admin CLI, not here).
 */
async function ensureBootstrapUser(
  input: { email: string; password: string },
  ownerUserId: string | undefined,
): Promise<void> {
  const deps = { users, memberships, clock: systemClock };
  const workspaceId = await memberships.bootstrapWorkspaceId();
  if (!workspaceId) return;
  const existing = await users.findByEmail(normaliseEmail(input.email));
  const user = existing ?? (await createUser({ ...input, id: ownerUserId }, deps));
  if (!(await memberships.getMember(workspaceId, user.id))) await addMember({ workspaceId, user, role: 'owner' }, deps);
}
