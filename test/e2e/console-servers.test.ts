// e2e: the console's published-servers screen in Chromium against `npm start`. A canvas is published
// through its route with the bootstrap key; the owner opens "MCP servers", sees the server, creates a
// umcp_ credential (shown once), an MCP tools/list with it answers 200, revokes it in the page, and the
// same request answers 401 at once. axe-core on every state; screenshots kept in STUDIO_SCREENSHOTS when set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  look,
  openStudioPage,
  screen,
  signIn,
  startStudioStack,
  type StudioPage,
  type StudioStack,
} from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('console-servers-e2e');
let stack: StudioStack;
let owner: StudioPage;

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
  owner = await openStudioPage(stack);
  await signIn(owner.page, stack);
});

afterAll(async () => {
  await stack?.stop();
});

async function api(path: string, body: unknown): Promise<any> {
  const response = await fetch(new URL(path, stack.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  expect(response.status, `${JSON.stringify(answer)} ${stack.local.output().slice(-2000)}`).toBeLessThan(300);
  return answer;
}

function listTools(credential: string): Promise<Response> {
  return fetch(new URL('/mcp/s/console-demo', stack.appUrl), {
    method: 'POST',
    headers: {
      authorization: `Bearer ${credential}`,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });
}

describe('the console’s published servers', () => {
  it('shows a published server, mints a credential shown once and revokes it', { timeout: 90_000 }, async () => {
    // Prepare: a canvas published as a protected server
    const canvas = await api('/api/mcp/canvas/create', { name: 'Console demo' });
    await api('/api/mcp/canvas/node/add', { canvasId: canvas.id, id: 'ask', type: 'prompt', data: { prompt: 'hi' } });
    await api('/api/mcp/canvas/node/add', { canvasId: canvas.id, id: 'out', type: 'output' });
    await api('/api/mcp/canvas/edge/add', {
      canvasId: canvas.id,
      source: 'ask',
      sourceHandle: 'prompt-out',
      target: 'out',
      targetHandle: 'value-in',
    });
    await api('/api/mcp/published-servers/publish', {
      canvasId: canvas.id,
      slug: 'console-demo',
      name: 'Console demo',
      description: 'Answers with the prompt',
      tools: [{ triggerNodeId: 'ask', toolName: 'ask' }],
    });
    const { page } = owner;

    // Act: open the screen, create a credential
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'MCP servers' }).click();
    await screen(page, 'servers');
    const card = page.locator('li[data-server-id]', { hasText: 'Console demo' });
    await expect(card.textContent()).resolves.toMatch(/\/mcp\/s\/console-demo.*ask/s);
    await look(page, stack.shots, 'servers-1-list');
    await card.getByLabel('Name').fill('Agent');
    await card.getByRole('button', { name: 'Create credential' }).click();
    await page.getByTestId('secret-once').waitFor();
    const credential = await page.getByLabel('Your new credential').inputValue();
    await look(page, stack.shots, 'servers-2-credential');
    const before = await listTools(credential);
    await card.getByRole('button', { name: 'Revoke Agent' }).click();
    await card.locator('li[data-credential-id]', { hasText: 'revoked' }).waitFor();
    const after = await listTools(credential);
    await look(page, stack.shots, 'servers-3-revoked');

    // Assess
    expect(credential).toMatch(/^umcp_[A-Za-z0-9_-]{43}$/);
    expect(before.status).toBe(200);
    expect(
      ((await before.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name),
    ).toEqual(['ask', 'get_run_result']);
    expect(after.status).toBe(401);
    // The value of a revoked credential is no longer shown.
    expect(await page.getByTestId('secret-once').count()).toBe(0);
  });
});
