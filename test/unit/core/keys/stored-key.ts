// test support (unit, keys): a key minted and stored in the in-memory key store, as createKey would.
import { mintKey } from '#core/keys/use-cases';
import type { FakeClock } from '../../support/fake-clock.ts';
import type { InMemoryApiKeyRepository } from '../../support/in-memory-api-key-repository.ts';

/** Stores a freshly minted key and returns its full value. */
export async function storedKey(
  apiKeys: InMemoryApiKeyRepository,
  clock: FakeClock,
  options: { expiresInDays?: number; workspaceId?: string } = {},
) {
  const minted = mintKey({
    workspaceId: options.workspaceId ?? 'ws_test',
    name: 'stored',
    scopes: ['read:canvases', 'write:canvas'],
    expiresInDays: options.expiresInDays,
    createdByKeyId: null,
    now: clock.now(),
  });
  await apiKeys.create(minted.record, minted.lookup);
  return minted;
}
