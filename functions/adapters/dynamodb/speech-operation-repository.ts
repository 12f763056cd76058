// adapter: SpeechOperationRepository on the single table (see table-design.ts): one item per provider
// operation, written with attribute_not_exists before the provider is called, then only on its version.
import type { SpeechOperation, SpeechOperationRepository } from '#core/generation/speech';
import { ProviderWorkRecords } from './provider-work-records.ts';
import { keys } from './table-design.ts';

export class DynamoSpeechOperationRepository
  extends ProviderWorkRecords<SpeechOperation, 'operationId'>
  implements SpeechOperationRepository
{
  constructor() {
    super({
      entity: 'SpeechOperation',
      id: 'operationId',
      key: keys.speechOperation,
      // A retried run or request finds its result within them.
      keepDays: 30,
      changedMeanwhile: (operationId) => `Audio operation ${operationId} changed meanwhile`,
    });
  }
}
