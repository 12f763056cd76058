// The audit screen's words: people and things by name where the console knows it, ids otherwise;
// workspace-wide settings by what they are; a deleted resource by the name an earlier entry carried.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../../../web/src/console/audit/audit-api.ts';
import { namesFromEntries, what, which, who } from '../../../../../web/src/console/audit/describe.ts';

const entry = (action: AuditEntry['action'], resource: AuditEntry['resource']): AuditEntry => ({
  id: `aud_${action}`,
  at: '2026-12-07T15:00:00.000Z',
  action,
  resource,
  actor: { kind: 'service' },
  written: 'with-change',
});

describe('audit entries in words', () => {
  it('names actors by email or name, and by id when the console cannot name them', () => {
    const names = new Map([
      ['usr_1', 'ada@example.test'],
      ['key_1', 'CI'],
      ['srv_1', 'Greeter'],
      ['cnv_1', 'Orders'],
    ]);
    expect(who({ kind: 'user', userId: 'usr_1', grantId: 'g' }, names)).toBe('ada@example.test');
    expect(who({ kind: 'key', keyId: 'key_1' }, names)).toBe('API key “CI”');
    expect(who({ kind: 'key', keyId: 'key_gone' }, names)).toBe('API key key_gone');
    expect(who({ kind: 'published-server', serverId: 'srv_1' }, names)).toBe('MCP server “Greeter”');
    expect(who({ kind: 'published-server', serverId: 'srv_1', credentialId: 'pcred_1' }, names)).toBe(
      'MCP server “Greeter”, credential pcred_1',
    );
    expect(who({ kind: 'published-server', serverId: 'srv_1', credentialId: null }, names)).toBe(
      'Anyone, through MCP server “Greeter” (public)',
    );
    expect(who({ kind: 'webhook', canvasId: 'cnv_1', nodeId: 'hook' }, names)).toBe('Webhook hook on “Orders”');
    expect(who({ kind: 'service' }, names)).toBe('The service');
  });

  it('says what was done to which resource, settings by what they are, exports by their days', () => {
    const names = new Map([['cnv_1', 'Orders']]);
    expect(what(entry('api-key.revoke', { kind: 'api-key', id: 'key_1' }))).toBe('revoked');
    expect(which(entry('canvas.update', { kind: 'canvas', id: 'cnv_1', name: 'Old' }), names)).toBe('canvas “Orders”');
    expect(which(entry('callback-secret.set', { kind: 'callback-secret', id: 'ws_1' }), names)).toBe(
      'the callback signing secret',
    );
    const period = '2026-12-01T00:00:00.000Z/2026-12-07T00:00:00.000Z';
    expect(which(entry('usage.export', { kind: 'usage-export', id: period }), names)).toBe(
      'the FOCUS usage export, 2026-12-01 to 2026-12-07',
    );
  });

  it('names a deleted canvas by the name its earlier entry carried', () => {
    const created = entry('canvas.create', { kind: 'canvas', id: 'cnv_9', name: 'Scratch' });
    const deleted = entry('canvas.delete', { kind: 'canvas', id: 'cnv_9' });
    const names = namesFromEntries([deleted, created], new Map());
    expect(which(deleted, names)).toBe('canvas “Scratch”');
  });
});
