// test support (unit): principals as authenticate() would return them.
import type { Principal } from '#core/keys/api-key';
import { ALL_SCOPES, type Scope } from '#core/scopes';

export function principal(overrides: Partial<Principal> = {}): Principal {
  return { workspaceId: 'ws_test', keyId: 'key_test', scopes: [...ALL_SCOPES], ...overrides };
}

export function principalWith(scopes: Scope[], workspaceId = 'ws_test'): Principal {
  return principal({ scopes, workspaceId });
}
