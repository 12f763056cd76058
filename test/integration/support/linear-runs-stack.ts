// test support (integration, runs API): local mode, a client, and the linear canvas (prompt → text → output)
// the run tests start runs on.
import { Client, startRunsStack, type RunsStack } from './runs-stack.ts';

export interface LinearRunsStack {
  stack: RunsStack;
  client: Client;
  canvasId: string;
}

export async function startLinearRunsStack(): Promise<LinearRunsStack> {
  const stack = await startRunsStack();
  const client = new Client(stack.baseUrl, stack.key);
  const canvasId = await client.linearCanvas('You said: {{input}}', 'hello');
  return { stack, client, canvasId };
}

export const EXECUTION_ID = /^exec_[0-9a-z]{26}$/;
/** A well-formed id that names nothing. */
export const UNKNOWN_EXECUTION = 'exec_00000000000000000000000000';
