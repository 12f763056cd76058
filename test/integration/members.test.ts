// Users, sign-in, invites and membership changes through the use cases and DynamoDB Local.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { ConflictError, ForbiddenError, NotFoundError, UnauthorizedError } from '#core/errors';
import type { Principal } from '#core/keys/api-key';
import { createUser, signIn, workspacesOf } from '#core/users/use-cases';
import {
  acceptInvite,
  addMember,
  changeMemberRole,
  findOpenInvite,
  inviteMember,
  removeMember,
  revokeInvite,
} from '#core/workspaces/members';
import { table } from '#adapters/dynamodb/client';
import { memberships, users } from '#adapters/composition/stores';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { seedWorkspace } from './support/invoke.ts';

const deps = { users, memberships, clock: systemClock };
const email = () => `user-${randomUUID()}@example.test`;
const APP = 'https://app.example.test';

describe('users', () => {
  it('creates a user with a normalised email, stores no password, refuses a second user with that email', async () => {
    const address = email();
    const user = await createUser({ email: `  ${address.toUpperCase()} `, password: 'long enough pw' }, deps);
    expect(user.email).toBe(address);
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    await expect(createUser({ email: address, password: 'another password' }, deps)).rejects.toBeInstanceOf(
      ConflictError,
    );
    const { client, tableName } = table();
    const { Items = [] } = await client.send(new ScanCommand({ TableName: tableName }));
    expect(JSON.stringify(Items)).not.toContain('long enough pw');
  });

  it('signs in with the right password only, with one message for unknown email and wrong password', async () => {
    const address = email();
    const user = await createUser({ email: address, password: 'the password 1' }, deps);
    expect((await signIn({ email: address.toUpperCase(), password: 'the password 1' }, deps)).id).toBe(user.id);
    const wrong = await signIn({ email: address, password: 'the password 2' }, deps).catch((error: unknown) => error);
    const unknown = await signIn({ email: email(), password: 'the password 1' }, deps).catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(UnauthorizedError);
    expect(unknown).toBeInstanceOf(UnauthorizedError);
    expect((wrong as Error).message).toBe((unknown as Error).message);
  });
});

describe('invites and members', () => {
  let workspace: Awaited<ReturnType<typeof seedWorkspace>>;
  let keyPrincipal: Principal;

  beforeAll(async () => {
    workspace = await seedWorkspace('Members test');
    keyPrincipal = { workspaceId: workspace.workspaceId, keyId: workspace.keyId, scopes: workspace.scopes };
  });

  it('invites by email; the invited user accepts once and becomes a member with the role', async () => {
    // Prepare
    const user = await createUser({ email: email(), password: 'invited user pw' }, deps);
    // Act
    const invite = await inviteMember(keyPrincipal, { email: user.email, role: 'editor' }, APP, deps);
    const token = invite.inviteUrl.slice(`${APP}/oauth/invite/`.length);
    const member = await acceptInvite(token, user, deps);
    // Assess
    expect(invite.inviteUrl).toMatch(/^https:\/\/app\.example\.test\/oauth\/invite\/inv_[A-Za-z0-9_-]{43}$/);
    expect(member).toMatchObject({ workspaceId: workspace.workspaceId, userId: user.id, role: 'editor' });
    expect(await memberships.getMember(workspace.workspaceId, user.id)).toMatchObject({
      role: 'editor',
      email: user.email,
    });
    expect((await workspacesOf(user.id, deps)).map((m) => m.workspaceId)).toContain(workspace.workspaceId);
    await expect(acceptInvite(token, user, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('refuses an invite accepted by a user with another email, and a revoked invite', async () => {
    const invited = await createUser({ email: email(), password: 'invited user pw' }, deps);
    const other = await createUser({ email: email(), password: 'other user pw' }, deps);
    const invite = await inviteMember(keyPrincipal, { email: invited.email, role: 'viewer' }, APP, deps);
    const token = invite.inviteUrl.split('/').pop()!;
    await expect(acceptInvite(token, other, deps)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await revokeInvite(keyPrincipal, { id: invite.id }, deps)).toEqual({ id: invite.id, revoked: true });
    expect(await findOpenInvite(token, deps)).toBeUndefined();
    await expect(acceptInvite(token, invited, deps)).rejects.toBeInstanceOf(NotFoundError);
    await expect(revokeInvite(keyPrincipal, { id: invite.id }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('removes a member; the last owner can be neither removed nor demoted', async () => {
    const ws = await seedWorkspace('Owners');
    const principal: Principal = { workspaceId: ws.workspaceId, keyId: ws.keyId, scopes: ws.scopes };
    const second = await createUser({ email: email(), password: 'second owner pw' }, deps);
    await addMember({ workspaceId: ws.workspaceId, user: second, role: 'owner' }, deps);
    // Two owners: one may go.
    expect(await removeMember(principal, { userId: ws.ownerUserId }, deps)).toEqual({
      userId: ws.ownerUserId,
      removed: true,
    });
    expect(await memberships.getMember(ws.workspaceId, ws.ownerUserId)).toBeUndefined();
    // Now `second` is the last owner.
    await expect(removeMember(principal, { userId: second.id }, deps)).rejects.toBeInstanceOf(ConflictError);
    await expect(changeMemberRole(principal, { userId: second.id, role: 'viewer' }, deps)).rejects.toBeInstanceOf(
      ConflictError,
    );
    expect((await memberships.getMember(ws.workspaceId, second.id))?.role).toBe('owner');
    await expect(removeMember(principal, { userId: 'usr_nobody' }, deps)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('lets only an owner grant or take away the owner role when a user acts', async () => {
    const ws = await seedWorkspace('Owner role');
    const admin = await createUser({ email: email(), password: 'admin user pw' }, deps);
    await addMember({ workspaceId: ws.workspaceId, user: admin, role: 'admin' }, deps);
    const asAdmin: Principal = {
      workspaceId: ws.workspaceId,
      keyId: 'grant',
      scopes: ws.scopes,
      userId: admin.id,
      credential: 'oauth',
    };
    await expect(inviteMember(asAdmin, { email: email(), role: 'owner' }, APP, deps)).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    await expect(removeMember(asAdmin, { userId: ws.ownerUserId }, deps)).rejects.toBeInstanceOf(ForbiddenError);
    const invite = await inviteMember(asAdmin, { email: email(), role: 'editor' }, APP, deps);
    expect(invite.role).toBe('editor');
  });
});
