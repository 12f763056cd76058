// adapter: the queue of run starts that Step Functions could not take at once. Its consumer
// (functions/workers/start-runs.ts) retries them; after maxReceiveCount they land in the DLQ.
import { SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import * as z from '#core/schema';
import { ENV } from '../env.ts';

const QueueConfig = z.object({
  [ENV.runStartQueueUrl]: z.url(),
  [ENV.sqsEndpoint]: z.optional(z.url()),
});

export class RunStartQueue {
  private context?: { client: SQSClient; queueUrl: string };

  private sqs() {
    if (!this.context) {
      const config = QueueConfig.parse(process.env);
      const endpoint = config[ENV.sqsEndpoint];
      this.context = { client: new SQSClient({ ...(endpoint ? { endpoint } : {}) }), queueUrl: config[ENV.runStartQueueUrl] };
    }
    return this.context;
  }

  async send(message: { workspaceId: string; executionId: string }): Promise<void> {
    const { client, queueUrl } = this.sqs();
    await client.send(new SendMessageCommand({ QueueUrl: queueUrl, MessageBody: JSON.stringify(message) }));
  }
}
