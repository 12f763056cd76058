// test support (integration, video generation): the fal fake and a runs stack pointed at it, with credits,
// and the calls of the video route (submit, status) and the balance.
import { systemClock } from '#core/clock';
import { grantCredits, type CreditDeps } from '#core/credits/ledger';
import { priceBook } from '#core/credits/prices';
import { DynamoLedgerRepository } from '#adapters/dynamodb/ledger-repository';
import { ONE_PIXEL_PNG } from '../../support/fixtures/images.ts';
import { startFalFake, type FalFake } from '../../support/fakes/fal-server.ts';
import { Client, startRunsStack, type RunsStack } from './runs-stack.ts';

export const FAL_KEY = 'key-id-9:0123456789abcdef0123';
export const KLING = 'fal-ai/kling-video/v3/pro/image-to-video';
/** A public IP literal: judged without DNS (the test machine has none). */
export const IMAGE = 'https://93.184.216.34/lighthouse.png';
export const PNG = ONE_PIXEL_PNG;

export interface VideoStack {
  fake: FalFake;
  stack: RunsStack;
  client: Client;
  canvasId: string;
  credits: CreditDeps;
}

/** The fal fake, the runs stack pointed at it, a client, a canvas and 5000 credits for the workspace. */
export async function startVideoStack(): Promise<VideoStack> {
  const fake = await startFalFake({ key: FAL_KEY, pollsUntilDone: 2 });
  const stack = await startRunsStack({
    FAL_KEY,
    PROVIDER_TWO_BASE_URL: fake.url,
    OUTBOUND_ALLOW_HOSTS: new URL(fake.url).host,
  });
  const client = new Client(stack.baseUrl, stack.key);
  const canvasId = await client.createCanvas('Video board');
  const credits: CreditDeps = { ledger: new DynamoLedgerRepository(), clock: systemClock, prices: priceBook() };
  await grantCredits(
    {
      workspaceId: stack.workspaceId,
      credits: 5000,
      reason: 'video tests',
      grantedBy: 'test',
      operationId: 'video-grant',
    },
    credits,
  );
  return { fake, stack, client, canvasId, credits };
}

/** Stops what startVideoStack started and forgets the provider settings it put in the environment. */
export async function stopVideoStack(video: Partial<VideoStack>): Promise<void> {
  await video.stack?.stop();
  await video.fake?.close();
  for (const name of ['FAL_KEY', 'PROVIDER_TWO_BASE_URL', 'OUTBOUND_ALLOW_HOSTS']) delete process.env[name];
}

export const submit = (
  { client, canvasId }: VideoStack,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
  key?: string,
) =>
  client.request('POST', '/api/fal/generate-video', {
    body: {
      canvasId,
      prompt: 'A lighthouse at dusk',
      endpointId: KLING,
      imageUrl: IMAGE,
      modelParams: { duration: 5 },
      ...body,
    },
    headers,
    key,
  });
export const status = ({ client }: VideoStack, jobId: string, statusToken: string, key?: string) =>
  client.request('GET', '/api/fal/generate-video', { query: { jobId, statusToken }, key });
export const balance = async ({ client }: VideoStack) => (await client.request('GET', '/api/mcp/credits/balance')).body;
export const submits = ({ fake }: VideoStack) => fake.calls.filter((call) => call.method === 'POST').length;
