// e2e: running canvases in the studio, in Debian's Chromium against `npm start` — build a text canvas
// from the palette and run it (output on the node and in the run panel, the run in the history with
// its timeline); a generation canvas whose cost shows before the run, whose video plays in a <video>
// element and whose charge after equals that cost;
// an incompatible connection refused with its reason; a concurrent edit shown as a conflict with both
// edits kept. axe-core on every screen, no console or CSP problem; screenshots to look at.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, look, openStudioPage, signIn, startStudioStack, type StudioStack } from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('studio-runs-e2e');
let stack: StudioStack;

beforeAll(async () => {
  // A provider job lasts a few seconds, so the video node is seen waiting on its provider.
  stack = await startStudioStack({
    dataDir: folder(),
    shots: process.env.STUDIO_SCREENSHOTS || folder(),
    env: { SANDBOX_JOB_SECONDS: '3' },
  });
});

afterAll(async () => {
  await stack?.stop();
});

const inspector = (page: Page) => page.getByRole('complementary', { name: 'Node inspector' });
const flowNode = (page: Page, type: string) => page.locator(`.react-flow__node:has([data-node-type="${type}"])`);
const runPanel = (page: Page) => page.getByRole('region', { name: 'Runs' });

async function openNewCanvas(page: Page, name: string): Promise<string> {
  await page.getByLabel('New canvas').fill(name);
  await page.getByRole('button', { name: 'Create canvas' }).click();
  const row = page.locator('li.canvas-row').filter({ hasText: name });
  await row.getByRole('link', { name }).click();
  await page.locator('.canvas-area [data-state="ready"]').waitFor();
  return new URL(page.url()).pathname.split('/').pop()!;
}

/** Adds a node from the palette; the new node is selected, so the inspector shows it. */
async function addNode(page: Page, label: string, type: string): Promise<string> {
  await page.getByRole('navigation', { name: 'Add a node' }).getByRole('button', { name: label, exact: true }).click();
  await inspector(page).getByRole('heading', { name: label }).waitFor();
  const id = (await inspector(page).locator('.inspector-id').textContent())!.replace(/^Id /, '');
  await flowNode(page, type)
    .and(page.locator(`[data-id="${id}"]`))
    .waitFor();
  return id;
}

async function setField(page: Page, label: string, value: string): Promise<void> {
  const field = inspector(page).getByLabel(label, { exact: true });
  await field.fill(value);
  await field.blur();
}

/** Connects through the inspector's keyboard list (the selected node's output to `target`). */
async function connect(page: Page, nodeId: string, choice: RegExp): Promise<void> {
  // From the keyboard: a focused node is selected with Enter (nodes may overlap, so no clicking).
  await page.locator(`.react-flow__node[data-id="${nodeId}"]`).focus();
  await page.keyboard.press('Enter');
  await inspector(page).locator('.inspector-id', { hasText: nodeId }).waitFor();
  const select = inspector(page).getByLabel('Connect an output to');
  const option = select.locator('option', { hasText: choice });
  await select.selectOption((await option.first().getAttribute('value'))!);
  await inspector(page).getByRole('button', { name: 'Connect', exact: true }).click();
}

/** Where an element is once it stopped moving (auto-layout and zoom to fit animate the nodes). */
async function settledBox(locator: Locator): Promise<{ x: number; y: number; width: number; height: number }> {
  let last = '';
  for (;;) {
    const box = (await locator.boundingBox())!;
    if (JSON.stringify(box) === last) return box;
    last = JSON.stringify(box);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** What the test reads of a <video> (the test project has no DOM types). */
interface VideoElement {
  readyState: number;
  duration: number;
  preload: string;
  load(): void;
  addEventListener(type: 'loadeddata', listener: () => void, options: { once: boolean }): void;
}

const saved = (page: Page) => page.locator('[data-save-state="saved"]').waitFor();

async function api(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('running canvases in the studio', () => {
  it('builds prompt → text template → output from the palette, runs it and shows the output and the history', {
    timeout: 90_000,
  }, async () => {
    const { page, context, problems } = await openStudioPage(stack);
    await signIn(page, stack);
    await openNewCanvas(page, 'Echo');

    const prompt = await addNode(page, 'Prompt', 'prompt');
    await setField(page, 'Prompt', 'stored prompt');
    const template = await addNode(page, 'Text template', 'text');
    await setField(page, 'Template', 'You said: {{input}}');
    const output = await addNode(page, 'Output', 'output');
    await connect(page, prompt, /Text template/);
    await connect(page, template, /Output/);
    await saved(page);
    expect(await page.locator('.react-flow__edge').count()).toBe(2);

    // Run from the keyboard: the Run button, the inputs form prefilled with the stored prompt.
    const runButton = runPanel(page).getByRole('button', { name: 'Run…' });
    await runButton.focus();
    await page.keyboard.press('Enter');
    const promptBox = runPanel(page).getByLabel('Prompt');
    expect(await promptBox.inputValue()).toBe('stored prompt');
    await promptBox.fill('hello from the browser');
    await look(page, stack.shots, 'runs-1-inputs-form');
    await runPanel(page).getByRole('button', { name: 'Start run' }).click();

    await page.locator('section.run-details[data-run-status="succeeded"]').waitFor();
    const outputNode = page.locator(`.react-flow__node[data-id="${output}"]`);
    await outputNode.getByText('Succeeded', { exact: true }).waitFor();
    expect(await outputNode.getByTestId('node-output').textContent()).toBe('You said: hello from the browser');
    expect(
      await page.locator(`.react-flow__node[data-id="${prompt}"]`).getByText('Succeeded', { exact: true }).count(),
    ).toBe(1);
    await runPanel(page).locator('.run-output-text', { hasText: 'You said: hello from the browser' }).first().waitFor();

    // The history lists the run; its timeline shows the node events.
    const executionId = await page.locator('section.run-details').getAttribute('data-execution-id');
    const history = page.getByRole('region', { name: 'Run history' });
    await history.locator(`li[data-execution-id="${executionId}"]`).getByText('Succeeded').waitFor();
    await runPanel(page)
      .getByText(/^Timeline \(\d+ events\)$/)
      .click();
    const timeline = await runPanel(page).locator('.run-timeline li').allTextContents();
    expect(timeline.some((line) => line.includes('execution.succeeded'))).toBe(true);
    expect(timeline.some((line) => line.includes(`node.succeeded · Output (${output})`))).toBe(true);
    await look(page, stack.shots, 'runs-2-text-run');

    // Picking a run from the history shows it on the canvas (after a reload nothing is shown until then).
    await page.reload();
    await page.locator('.canvas-area [data-state="ready"]').waitFor();
    expect(await outputNode.getByTestId('node-output').count()).toBe(0);
    await history.locator(`li[data-execution-id="${executionId}"] button`).click();
    expect(await outputNode.getByTestId('node-output').textContent()).toBe('You said: hello from the browser');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('runs a generation canvas: cost before, waiting on the provider, the video plays, the charge after', {
    timeout: 90_000,
  }, async () => {
    const granted = await admin(stack, [
      'grant-credits',
      '--workspace',
      stack.workspaceId,
      '--credits',
      '1000',
      '--reason',
      'test',
      '--local',
    ]);
    expect(granted.code, granted.output).toBe(0);
    const { page, context, problems } = await openStudioPage(stack);
    await signIn(page, stack);
    await openNewCanvas(page, 'Lighthouse video');
    const prompt = await addNode(page, 'Prompt', 'prompt');
    await setField(page, 'Prompt', 'A lighthouse at dusk');
    const video = await addNode(page, 'Video generation', 'video-generation');
    // The default endpoint needs a reference image; this one makes a video from the prompt alone.
    const endpoint = inspector(page).getByLabel(/^Endpoint/);
    await endpoint.fill('bytedance/seedance-2.0/fast/text-to-video');
    await endpoint.blur();
    // Five seconds: what the local provider sandbox makes, so the run is charged all it holds.
    const params = inspector(page).getByLabel(/^Model params/);
    await params.fill('{"duration":"5"}');
    await params.blur();
    await connect(page, prompt, /Video generation/);
    await saved(page);
    const videoNode = page.locator(`.react-flow__node[data-id="${video}"]`);
    // The cost before the run: estimate_canvas_cost, from the price list and the endpoint's contract.
    const cost = videoNode.getByTestId('node-cost');
    await cost.filter({ hasText: /^About \d+ credits per run/ }).waitFor({ timeout: 10_000 });
    const estimated = Number(/^About (\d+) credits per run/.exec((await cost.textContent())!)![1]);
    expect(estimated).toBeGreaterThan(0);

    await runPanel(page).getByRole('button', { name: 'Run…' }).click();
    await runPanel(page).getByRole('button', { name: 'Start run' }).click();
    await videoNode.getByText('Waiting on provider', { exact: true }).waitFor({ timeout: 20_000 });
    await look(page, stack.shots, 'runs-3-video-waiting');
    await videoNode.getByText('Succeeded', { exact: true }).waitFor({ timeout: 45_000 });

    const player = runPanel(page).locator('video.run-output-video');
    await player.waitFor();
    // Loaded far enough to show a frame, not played: playing would open an audio output for nothing.
    const played = await player.evaluate(
      (element: VideoElement) =>
        new Promise<{ readyState: number; duration: number }>((resolve) => {
          const done = () => resolve({ readyState: element.readyState, duration: element.duration });
          if (element.readyState >= 2) return done();
          element.addEventListener('loadeddata', done, { once: true });
          element.preload = 'auto';
          element.load();
        }),
    );
    expect(played.readyState).toBeGreaterThanOrEqual(2);
    expect(played.duration).toBeGreaterThan(0);
    const charge = await videoNode.locator('.node-run-charge').textContent({ timeout: 10_000 });
    expect(charge).toMatch(/charged [1-9]\d* credits/);
    // The charge after is the estimate before: the provider made the length the node asked for.
    expect(Number(/charged (\d+) credits/.exec(charge!)![1])).toBe(estimated);
    await look(page, stack.shots, 'runs-4-video-played');

    expect(problems).toEqual([]);
    await context.close();
  });

  it('refuses an incompatible connection and says why', { timeout: 60_000 }, async () => {
    const { page, context, problems } = await openStudioPage(stack);
    await signIn(page, stack);
    await openNewCanvas(page, 'Mismatch');
    const image = await addNode(page, 'Image', 'image-asset');
    const text = await addNode(page, 'Text template', 'text');
    await page.getByRole('button', { name: 'Auto-layout' }).click();
    await saved(page);
    const from = page.locator(`.react-flow__node[data-id="${image}"] .react-flow__handle[data-handleid="image-out"]`);
    const to = page.locator(`.react-flow__node[data-id="${text}"] .react-flow__handle[data-handleid="text-in"]`);
    const a = await settledBox(from);
    const b = await settledBox(to);
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 12 });
    // Let React Flow see the pointer over the target (it checks the connection on the next frame) before letting go.
    await page
      .locator(`.react-flow__node[data-id="${text}"] .react-flow__handle[data-handleid="text-in"].connectingto`)
      .waitFor();
    await page.mouse.up();
    const status = page.locator('.canvas-status[role="status"]');
    await status.filter({ hasText: /^Cannot connect: / }).waitFor();
    expect(await status.textContent()).toMatch(/^Cannot connect: .*image.*text/i);
    expect(await page.locator('.react-flow__edge').count()).toBe(0);
    await look(page, stack.shots, 'runs-5-refused');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows a concurrent edit as a conflict and keeps both edits', { timeout: 60_000 }, async () => {
    // The editor's save of a stale version is answered 409 (then reloaded and re-applied).
    const { page, context, problems } = await openStudioPage(stack, { ignoreStatuses: [409] });
    await signIn(page, stack);
    const canvasId = await openNewCanvas(page, 'Shared');
    const first = await addNode(page, 'Prompt', 'prompt');
    const second = await addNode(page, 'Text template', 'text');
    await saved(page);

    const elsewhere = await api('POST', '/api/mcp/canvas/node/update', {
      canvasId,
      nodeId: first,
      data: { label: 'Changed elsewhere' },
    });
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await setField(page, 'Label', 'Changed here');
    const notice = page.locator('[data-notice="conflict"]');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('This canvas was changed elsewhere');
    await saved(page);
    await page.locator(`.react-flow__node[data-id="${first}"]`).getByText('Changed elsewhere').waitFor();
    await look(page, stack.shots, 'runs-6-conflict');

    const state = await api('GET', `/api/mcp/canvas/state?canvasId=${canvasId}`);
    const nodes = (state.body.nodes ?? (state.body.canvas as Record<string, unknown>)?.nodes) as {
      id: string;
      data: { label?: string };
    }[];
    expect(nodes.find((node) => node.id === first)?.data.label).toBe('Changed elsewhere');
    expect(nodes.find((node) => node.id === second)?.data.label).toBe('Changed here');
    expect(problems).toEqual([]);
    await context.close();
  });
});
