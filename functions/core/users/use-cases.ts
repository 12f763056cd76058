// use cases: create a user, sign a user in, list where a user may act.
import type { Clock } from '../clock.ts';
import { ConflictError, UnauthorizedError } from '../errors.ts';
import { ID_PREFIX, newId } from '../ids.ts';
import type { Member } from '../workspaces/model.ts';
import { normaliseEmail, type User } from './model.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import type { MembershipRepository, UserRepository } from './ports.ts';

export interface UserDeps {
  users: UserRepository;
  clock: Clock;
}

/** ConflictError if a user with this email exists. The password is hashed before anything is written. */
export async function createUser(
  input: { email: string; password: string; id?: string },
  deps: UserDeps,
): Promise<User> {
  const email = normaliseEmail(input.email);
  if (await deps.users.findByEmail(email)) throw new ConflictError('A user with this email already exists');
  const user: User = {
    id: input.id ?? newId(ID_PREFIX.user),
    email,
    passwordHash: await hashPassword(input.password),
    createdAt: deps.clock.now().toISOString(),
  };
  await deps.users.create(user);
  return user;
}

const BAD_CREDENTIALS = 'Wrong email or password';

/**
 * Returns the user whose email and password match. An unknown email costs one scrypt too, so response
 * time does not reveal which addresses have accounts; both failures give the same message.
 */
export async function signIn(input: { email: string; password: string }, deps: Pick<UserDeps, 'users'>): Promise<User> {
  const user = await deps.users.findByEmail(normaliseEmail(input.email));
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) throw new UnauthorizedError(BAD_CREDENTIALS);
  return user;
}

/** The workspaces a user may authorise a client for, ordered by workspace id (oldest first). */
export async function workspacesOf(userId: string, deps: { memberships: MembershipRepository }): Promise<Member[]> {
  const members = await deps.memberships.membershipsOf(userId);
  return members.sort((a, b) => a.workspaceId.localeCompare(b.workspaceId));
}
