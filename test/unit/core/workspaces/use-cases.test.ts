// unit: workspace use cases — info, members, rename, provisioning with the first key.
import { beforeEach, describe, expect, it } from 'vitest';
import { NotFoundError, ValidationError } from '#core/errors';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { ALL_SCOPES } from '#core/scopes';
import { getWorkspace, listMembers, provisionWorkspace, renameWorkspace } from '#core/workspaces/use-cases';
import { FakeClock } from '../../support/fake-clock.ts';
import { InMemoryWorkspaceRepository } from '../../support/in-memory-workspace-repository.ts';
import { principal } from '../../support/principals.ts';

let workspaces: InMemoryWorkspaceRepository;
let clock: FakeClock;

beforeEach(() => {
  workspaces = new InMemoryWorkspaceRepository();
  clock = new FakeClock('2025-01-15T10:00:00.000Z');
});

describe('provisionWorkspace', () => {
  it('creates a workspace, its owner and an all-scopes key, and returns the key once', async () => {
    // Act
    const provisioned = await provisionWorkspace(
      { name: 'Acme', ownerEmail: 'owner@example.com' },
      { workspaces, clock },
    );

    // Assess
    expect(provisioned).toBeDefined();
    expect(provisioned!.apiKey).toMatch(/^workspace_[A-Za-z0-9_-]{43}$/);
    expect(provisioned!.scopes).toEqual([...ALL_SCOPES]);
    expect(workspaces.workspaces.get(provisioned!.workspaceId)).toMatchObject({
      name: 'Acme',
      createdAt: '2025-01-15T10:00:00.000Z',
    });
    expect(workspaces.members).toEqual([
      {
        workspaceId: provisioned!.workspaceId,
        userId: provisioned!.ownerUserId,
        email: 'owner@example.com',
        role: 'owner',
        joinedAt: '2025-01-15T10:00:00.000Z',
      },
    ]);
    const [key] = workspaces.keys;
    expect(key?.record).toMatchObject({
      id: provisioned!.keyId,
      workspaceId: provisioned!.workspaceId,
      createdByKeyId: null,
      expiresAt: null,
    });
    expect(key?.lookup.keyHash).toBe(hashWorkspaceKey(provisioned!.apiKey));
    expect(JSON.stringify(workspaces.keys)).not.toContain(provisioned!.apiKey);
  });

  it('uses a preset bootstrap key as given', async () => {
    // Prepare
    const presetKey = 'workspace_local-dev-key-please-change-me';

    // Act
    const provisioned = await provisionWorkspace(
      { name: 'Local', ownerEmail: 'dev@example.com', presetKey },
      { workspaces, clock },
    );

    // Assess
    expect(provisioned?.apiKey).toBe(presetKey);
    expect(workspaces.keys[0]?.lookup.keyHash).toBe(hashWorkspaceKey(presetKey));
  });

  it('returns 400 for a preset key outside the workspace_ family and provisions nothing', async () => {
    // Act
    const result = provisionWorkspace(
      { name: 'Local', ownerEmail: 'dev@example.com', presetKey: 'umcp_0123456789abcdefghij' },
      { workspaces, clock },
    );

    // Assess
    await expect(result).rejects.toBeInstanceOf(ValidationError);
    expect(workspaces.workspaces.size).toBe(0);
  });

  it('returns undefined the second time with once, and provisions nothing more', async () => {
    // Prepare
    await provisionWorkspace({ name: 'First', ownerEmail: 'a@example.com', once: true }, { workspaces, clock });

    // Act
    const second = await provisionWorkspace(
      { name: 'Second', ownerEmail: 'b@example.com', once: true },
      { workspaces, clock },
    );

    // Assess
    expect(second).toBeUndefined();
    expect(workspaces.workspaces.size).toBe(1);
  });

  it('provisions again without once', async () => {
    // Prepare
    await provisionWorkspace({ name: 'First', ownerEmail: 'a@example.com', once: true }, { workspaces, clock });

    // Act
    const second = await provisionWorkspace({ name: 'Second', ownerEmail: 'b@example.com' }, { workspaces, clock });

    // Assess
    expect(second).toBeDefined();
    expect(workspaces.workspaces.size).toBe(2);
  });
});

describe('getWorkspace', () => {
  it('returns the principal’s workspace', async () => {
    // Prepare
    const provisioned = await provisionWorkspace({ name: 'Acme', ownerEmail: 'o@example.com' }, { workspaces, clock });

    // Act
    const workspace = await getWorkspace(principal({ workspaceId: provisioned!.workspaceId }), { workspaces });

    // Assess
    expect(workspace.name).toBe('Acme');
  });

  it('returns 404 when the workspace does not exist', async () => {
    // Act
    const result = getWorkspace(principal({ workspaceId: 'ws_gone' }), { workspaces });

    // Assess
    await expect(result).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe('renameWorkspace', () => {
  it('renames the principal’s workspace at the clock’s time', async () => {
    // Prepare
    const provisioned = await provisionWorkspace({ name: 'Acme', ownerEmail: 'o@example.com' }, { workspaces, clock });
    clock.advance(5 * 60_000);

    // Act
    const renamed = await renameWorkspace(principal({ workspaceId: provisioned!.workspaceId }), 'Acme Studio', {
      workspaces,
      clock,
    });

    // Assess
    expect(renamed).toMatchObject({
      name: 'Acme Studio',
      createdAt: '2025-01-15T10:00:00.000Z',
      updatedAt: '2025-01-15T10:05:00.000Z',
    });
  });
});

describe('listMembers', () => {
  it('lists only the members of the principal’s workspace', async () => {
    // Prepare
    const mine = await provisionWorkspace({ name: 'Mine', ownerEmail: 'me@example.com' }, { workspaces, clock });
    await provisionWorkspace({ name: 'Theirs', ownerEmail: 'them@example.com' }, { workspaces, clock });

    // Act
    const page = await listMembers(principal({ workspaceId: mine!.workspaceId }), { limit: 50 }, { workspaces });

    // Assess
    expect(page.items.map((member) => member.email)).toEqual(['me@example.com']);
  });
});
