import { describe, expect, it } from 'vitest';
import { ROLES as SERVICE_ROLES } from '../../../../../functions/core/users/roles.ts';
import { ROLES, describeMemberError, protectedOwners } from '../../../../../web/src/console/members/roles.ts';
import { ToolError } from '../../../../../web/src/mcp/tools.ts';

const member = (userId: string, role: (typeof ROLES)[number]) => ({ userId, role });

describe('member roles', () => {
  it('knows the service’s roles', () => {
    expect([...ROLES]).toEqual([...SERVICE_ROLES]);
  });

  it('protects the only owner, and nobody once there are two', () => {
    expect(protectedOwners([member('u1', 'owner'), member('u2', 'editor')])).toEqual(new Set(['u1']));
    expect(protectedOwners([member('u1', 'owner'), member('u2', 'owner')])).toEqual(new Set());
    expect(protectedOwners([member('u2', 'viewer')])).toEqual(new Set());
  });

  it('words the service’s last-owner refusal as the rule, not as a concurrent change, by its code', () => {
    // The gateway's sentence for the LastOwnerError of functions/core/workspaces/members.ts.
    const refusal = new ToolError('The last owner of a workspace cannot be removed or demoted.', {
      status: 409,
      code: 'last_owner',
    });
    expect(describeMemberError(refusal)).toBe(
      'Refused: A workspace must always have an owner, so its only owner cannot be removed or demoted. Make another member an owner first.',
    );
    expect(
      describeMemberError(new ToolError('Only an owner can grant the owner role', { status: 403, code: 'owner_only' })),
    ).toBe('Refused: only an owner can grant or take away the owner role.');
    // A conflict of another kind keeps its own words, whatever they mention.
    expect(
      describeMemberError(new ToolError('Someone changed the last owner meanwhile', { status: 409, code: 'conflict' })),
    ).toBe('Someone changed the last owner meanwhile');
    expect(describeMemberError(new ToolError('Member not found. Check the id: …', 404))).toBe(
      'Member not found. Check the id: …',
    );
  });
});
