// test support (integration, webhook trigger): local mode with a callback receiver it may call, a client, and
// a registered canvas (hook → tpl → out) that the trigger tests start runs on.
import {
  CallbackReceiver,
  WebhookClient,
  startRunsStack,
  type Registration,
  type RunsStack,
} from './webhooks-stack.ts';

export interface TriggerStack {
  receiver: CallbackReceiver;
  stack: RunsStack;
  client: WebhookClient;
  /** hook → tpl → out, registered; shared by the tests that start runs on it. */
  canvasId: string;
  hook: Registration;
}

/** The receiver first: OUTBOUND_ALLOW_HOSTS names it before startLocalMode, as handlers read it when first imported. */
export async function startTriggerStack(): Promise<TriggerStack> {
  const receiver = await new CallbackReceiver().start();
  const stack = await startRunsStack({ OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` });
  const client = new WebhookClient(stack.baseUrl, stack.key);
  const { canvasId, registration: hook } = await client.registeredCanvas('Got: {{input}}');
  return { receiver, stack, client, canvasId, hook };
}

export async function stopTriggerStack({ stack, receiver }: Partial<TriggerStack>): Promise<void> {
  await stack?.stop();
  await receiver?.stop();
}

export const EXECUTION_ID = /^exec_[0-9a-z]{26}$/;

/** Number of executions of a canvas, as GET /api/mcp/canvas/executions lists them. */
export const runCount = async (client: WebhookClient, canvasId: string) =>
  (await client.listExecutions(canvasId)).length;
