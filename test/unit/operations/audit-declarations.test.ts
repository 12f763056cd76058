// The audit log is declared, not sprinkled (docs/audit.md): every operation that changes something says
// which action it records, or why it records none; every action names resource items the adapter can join.
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, AUDIT_RESOURCES } from '#core/audit/model';
import { AUDITED_ITEMS } from '#adapters/dynamodb/audited-items';
import { OPERATIONS } from '#operations/catalogue';

describe('audit declarations', () => {
  it('every operation that is not read-only declares its audit action or the reason it has none', () => {
    // Act
    const undeclared = OPERATIONS.filter((operation) => !operation.annotations.readOnlyHint && !operation.audit);
    const readOnlyDeclaring = OPERATIONS.filter(
      (operation) => operation.annotations.readOnlyHint && typeof operation.audit === 'string',
    );

    // Assess
    expect(undeclared.map((operation) => operation.name)).toEqual([]);
    expect(readOnlyDeclaring.map((operation) => operation.name)).toEqual([]);
    for (const operation of OPERATIONS) {
      if (typeof operation.audit === 'object') expect(operation.audit.none.length).toBeGreaterThan(10);
    }
  });

  it('every resource kind but an export names the items whose write carries its entry', () => {
    // Act
    const kinds = [...new Set(Object.values(AUDIT_ACTIONS))];

    // Assess
    expect(kinds.sort()).toEqual([...AUDIT_RESOURCES].sort());
    for (const kind of AUDIT_RESOURCES) {
      if (kind === 'usage-export') expect(AUDITED_ITEMS[kind]).toEqual([]);
      else expect(AUDITED_ITEMS[kind].length, kind).toBeGreaterThan(0);
    }
  });
});
