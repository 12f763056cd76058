// adapter: CallbackSecretRepository on the single table (table-design.ts: Callback secrets), one item
// per workspace, written with optimistic concurrency on `version`. Read consistently: a callback sent
// right after a rotate is signed with the new secret.
import type { CallbackSecretRepository, CallbackSecrets } from '#core/outbound/callback-secrets';
import { keys } from './table-design.ts';
import { WorkspaceRecord } from './workspace-record.ts';

export class DynamoCallbackSecretRepository
  extends WorkspaceRecord<CallbackSecrets>
  implements CallbackSecretRepository
{
  constructor() {
    super({
      entity: 'CallbackSecrets',
      key: keys.callbackSecrets,
      changedConcurrently: 'The callback signing secret changed concurrently; try again',
    });
  }
}
