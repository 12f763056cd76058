// e2e: templates in the studio, in Debian's Chromium against `npm start`, as a person uses them — open a
// canvas (its screenshot is the README's, docs/studio.png), publish it as a template from the Templates
// section, preview the template (its nodes and connections), use it, and land on the new canvas with the
// template's nodes. axe-core on each screen; no console error, CSP report or failed request.
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { look, openStudioPage, screen, signIn, startStudioStack, type StudioStack } from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('studio-templates-e2e');
let stack: StudioStack;

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
});

afterAll(async () => {
  await stack?.stop();
});

async function api(path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as any;
  if (!response.ok) throw new Error(`${path} → ${response.status} ${JSON.stringify(json)}`);
  return json;
}

describe('templates in the studio', () => {
  it('publishes a canvas, previews the template, uses it and lands on the new canvas', {
    timeout: 240_000,
  }, async () => {
    // A small connected canvas, made through the API as any client would.
    const source = await api('/api/mcp/canvas/create', { name: 'Greeting flow' });
    await api('/api/mcp/canvas/patch', {
      canvasId: source.id,
      operations: [
        {
          op: 'node/add',
          id: 'ask',
          type: 'prompt',
          position: { x: 0, y: 40 },
          data: { label: 'Question', prompt: 'Who is asking?' },
        },
        {
          op: 'node/add',
          id: 'greet',
          type: 'text',
          position: { x: 340, y: 0 },
          data: { label: 'Greeting', template: 'Hello, {{input}}!' },
        },
        { op: 'node/add', id: 'show', type: 'output', position: { x: 680, y: 40 }, data: { label: 'Answer' } },
        {
          op: 'edge/add',
          id: 'e1',
          source: 'ask',
          sourceHandle: 'prompt-out',
          target: 'greet',
          targetHandle: 'text-in',
        },
        {
          op: 'edge/add',
          id: 'e2',
          source: 'greet',
          sourceHandle: 'text-out',
          target: 'show',
          targetHandle: 'value-in',
        },
      ],
    });

    const { page, problems } = await openStudioPage(stack);
    await signIn(page, stack);

    // The canvas in the editor: the picture of the studio the README shows.
    await page.locator(`a[href="/canvases/${source.id}"]`).click();
    await page.locator('.canvas-area [data-state="ready"]').waitFor();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);
    // The run history loads beside the editor; the picture waits for it rather than showing a spinner.
    await page.getByText('Loading runs…').waitFor({ state: 'detached' });
    await look(page, stack.shots, 'studio-canvas');
    if (process.env.STUDIO_README_SHOT)
      copyFileSync(join(stack.shots, 'studio-canvas.png'), process.env.STUDIO_README_SHOT);

    // Templates: none yet; publish the canvas under a name of our own.
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Templates' }).click();
    await screen(page, 'templates');
    await page.getByText('No templates yet.').waitFor();
    await page.getByLabel('Canvas', { exact: true }).selectOption(source.id);
    await page.getByLabel('Template name').fill('Greeter');
    await page.getByLabel('Description').fill('Says hello to whoever asks');
    await page.getByRole('button', { name: 'Publish template' }).click();
    const row = page.locator('.template-row').filter({ hasText: 'Greeter' });
    await row.waitFor();
    await expect.poll(() => row.textContent()).toContain('3 nodes · 2 connections · revision 1');
    expect(await page.getByLabel('Template name').inputValue()).toBe('');
    await look(page, stack.shots, 'templates-list');

    // Preview: the template's nodes and connections, in words.
    const preview = row.getByRole('button', { name: 'Preview' });
    await preview.click();
    expect(await preview.getAttribute('aria-expanded')).toBe('true');
    const nodes = row.getByRole('list', { name: 'Nodes of Greeter' }).getByRole('listitem');
    await nodes.first().waitFor();
    expect(await nodes.allTextContents()).toEqual(['Question · prompt', 'Greeting · text', 'Answer · output']);
    expect(
      await row.getByRole('list', { name: 'Connections of Greeter' }).getByRole('listitem').allTextContents(),
    ).toEqual(['Question (prompt-out) → Greeting (text-in)', 'Greeting (text-out) → Answer (value-in)']);
    await look(page, stack.shots, 'templates-preview');

    // Use: a new canvas, and the studio opens it.
    await row.getByRole('button', { name: 'Use template' }).click();
    await page.waitForURL(
      (url) => /^\/canvases\/[A-Za-z0-9_-]+$/.test(url.pathname) && url.pathname !== `/canvases/${source.id}`,
    );
    const newId = new URL(page.url()).pathname.split('/')[2]!;
    await page.locator('.canvas-area [data-state="ready"]').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Greeter');
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(3);
    expect(await page.locator('.react-flow__node .canvas-node-title').allTextContents()).toEqual(
      expect.arrayContaining(['Question', 'Greeting', 'Answer']),
    );
    await expect.poll(() => page.locator('.react-flow__edge').count()).toBe(2);
    await look(page, stack.shots, 'templates-used-canvas');

    // The server agrees: a canvas of its own (fresh node ids), with the template's data.
    const made = await api(`/api/mcp/canvas/state?canvasId=${encodeURIComponent(newId)}`);
    const canvas = made.canvas ?? made;
    expect(canvas.nodes.map((node: any) => node.data.label).sort()).toEqual(['Answer', 'Greeting', 'Question']);
    expect(canvas.nodes.map((node: any) => node.id)).not.toContain('ask');

    expect(problems).toEqual([]);
    await page.context().close();
  });
});
