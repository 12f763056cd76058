// The member-management routes (the invite, invite/revoke and remove-member operations) through their
// real handlers and DynamoDB Local; the same operations are tools of the gateway.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#core/clock';
import { createUser } from '#core/users/use-cases';
import { acceptInvite, addMember } from '#core/workspaces/members';
import { memberships, users } from '#adapters/composition/stores';
import { call, seedWorkspace } from './support/invoke.ts';

const deps = { users, memberships, clock: systemClock };

describe('member routes', () => {
  let workspace: Awaited<ReturnType<typeof seedWorkspace>>;

  beforeAll(async () => {
    process.env.PUBLIC_APP_URL = 'https://app.example.test';
    workspace = await seedWorkspace('Member routes');
  });

  it('invites by email: 201 with a link on the app host, which the invited user accepts', async () => {
    const user = await createUser(
      { email: `invitee-${randomUUID()}@example.test`, password: 'invitee password' },
      deps,
    );
    const invited = await call('POST', '/api/mcp/workspace/invite', {
      key: workspace.apiKey,
      body: { email: user.email.toUpperCase(), role: 'editor' },
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: user.email, role: 'editor' });
    expect(invited.body.inviteUrl).toMatch(/^https:\/\/app\.example\.test\/oauth\/invite\/inv_[A-Za-z0-9_-]{43}$/);
    await acceptInvite(invited.body.inviteUrl.split('/').pop(), user, deps);
    const members = await call('GET', '/api/mcp/workspace/members', { key: workspace.apiKey, query: { limit: '50' } });
    expect(members.body.items).toContainEqual(expect.objectContaining({ userId: user.id, role: 'editor' }));
  });

  it('rejects a bad role or email with 400, and a key without manage:integrations with 403', async () => {
    const badRole = await call('POST', '/api/mcp/workspace/invite', {
      key: workspace.apiKey,
      body: { email: 'a@example.test', role: 'superuser' },
    });
    expect(badRole.status).toBe(400);
    const badEmail = await call('POST', '/api/mcp/workspace/invite', {
      key: workspace.apiKey,
      body: { email: 'nobody', role: 'viewer' },
    });
    expect(badEmail.status).toBe(400);
    const narrow = await call('POST', '/api/mcp/api-keys/create', {
      key: workspace.apiKey,
      body: { name: 'narrow', scopes: ['read:canvases'] },
    });
    const forbidden = await call('POST', '/api/mcp/workspace/invite', {
      key: narrow.body.key,
      body: { email: 'a@example.test', role: 'viewer' },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toContain('manage:integrations');
  });

  it('revokes an invite once (then 404)', async () => {
    const invited = await call('POST', '/api/mcp/workspace/invite', {
      key: workspace.apiKey,
      body: { email: `x-${randomUUID()}@example.test`, role: 'viewer' },
    });
    const revoked = await call('POST', '/api/mcp/workspace/invite/revoke', {
      key: workspace.apiKey,
      body: { id: invited.body.id },
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ id: invited.body.id, revoked: true });
    const again = await call('POST', '/api/mcp/workspace/invite/revoke', {
      key: workspace.apiKey,
      body: { id: invited.body.id },
    });
    expect(again.status).toBe(404);
  });

  it('removes a member; refuses to remove the last owner with 409', async () => {
    const user = await createUser({ email: `member-${randomUUID()}@example.test`, password: 'member password' }, deps);
    await addMember({ workspaceId: workspace.workspaceId, user, role: 'viewer' }, deps);
    const removed = await call('POST', '/api/mcp/workspace/remove-member', {
      key: workspace.apiKey,
      body: { userId: user.id },
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ userId: user.id, removed: true });
    expect(await memberships.getMember(workspace.workspaceId, user.id)).toBeUndefined();
    const lastOwner = await call('POST', '/api/mcp/workspace/remove-member', {
      key: workspace.apiKey,
      body: { userId: workspace.ownerUserId },
    });
    expect(lastOwner.status).toBe(409);
    const unknown = await call('POST', '/api/mcp/workspace/remove-member', {
      key: workspace.apiKey,
      body: { userId: 'usr_nobody' },
    });
    expect(unknown.status).toBe(404);
  });
});
