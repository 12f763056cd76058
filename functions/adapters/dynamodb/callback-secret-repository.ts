// adapter: CallbackSecretRepository on the single table (table-design.ts: Callback secrets), one item
// per workspace, written with optimistic concurrency on `version`.
import type { CallbackSecretRepository, CallbackSecrets } from '#core/outbound/callback-secrets';
import { deleteItem, getEntity, putVersioned } from './entities.ts';
import { keys } from './table-design.ts';

export class DynamoCallbackSecretRepository implements CallbackSecretRepository {
  async get(workspaceId: string): Promise<CallbackSecrets | undefined> {
    // Consistent: a callback sent right after a rotate is signed with the new secret.
    return getEntity<CallbackSecrets>(keys.callbackSecrets(workspaceId));
  }

  async put(record: CallbackSecrets, expectedVersion: number | null): Promise<void> {
    await putVersioned(
      { ...keys.callbackSecrets(record.workspaceId), entity: 'CallbackSecrets', ...record },
      expectedVersion,
      'The callback signing secret changed concurrently; try again',
    );
  }

  async delete(workspaceId: string): Promise<void> {
    await deleteItem(keys.callbackSecrets(workspaceId));
  }
}

export const callbackSecrets = new DynamoCallbackSecretRepository();
