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

  it('words the service’s last-owner refusal as the rule, not as a concurrent change', () => {
    // The gateway's sentence for the ConflictError of functions/core/workspaces/members.ts.
    const refusal = new ToolError(
      'The last owner of a workspace cannot be removed or demoted. Read the current state again ' +
        '(get_canvas, get_execution) before deciding to retry.',
      409,
    );
    expect(describeMemberError(refusal)).toBe(
      'Refused: A workspace must always have an owner, so its only owner cannot be removed or demoted. Make ' +
        'another member an owner first.',
    );
    expect(describeMemberError(new ToolError('Only an owner can grant the owner role', 403))).toBe(
      'Refused: only an owner can grant or take away the owner role.',
    );
    expect(describeMemberError(new ToolError('Member not found. Check the id: …', 404))).toBe(
      'Member not found. Check the id: …',
    );
  });
});
