// e2e: branches in the studio, in Debian's Chromium against `npm start` — build an if/else that meets
// again in a merge from the palette (prompt → if → true: transform, false: transform → merge → output),
// run it down the true branch, and see the branch edges labelled, the false branch's node skipped and
// the merged value at the output. axe-core on the screen, no console or CSP problem; screenshots to look at.
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { look, openStudioPage, signIn, startStudioStack, type StudioStack } from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('studio-branches-e2e');
let stack: StudioStack;

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
});

afterAll(async () => {
  await stack?.stop();
});

const inspector = (page: Page) => page.getByRole('complementary', { name: 'Node inspector' });
const flowNode = (page: Page, id: string) => page.locator(`.react-flow__node[data-id="${id}"]`);
const runPanel = (page: Page) => page.getByRole('region', { name: 'Runs' });
const saved = (page: Page) => page.locator('[data-save-state="saved"]').waitFor();

/** What the test reads of the page's window (the test project has no DOM types). */
type StyledWindow = { getComputedStyle(element: unknown): Record<string, string> };

/** A computed style of an element. */
const styleOf = (locator: Locator, property: string) =>
  locator.evaluate(
    (element, name) => (globalThis as unknown as StyledWindow).getComputedStyle(element)[name]!,
    property,
  );

async function openNewCanvas(page: Page, name: string): Promise<void> {
  await page.getByLabel('New canvas').fill(name);
  await page.getByRole('button', { name: 'Create canvas' }).click();
  await page.locator('li.canvas-row').filter({ hasText: name }).getByRole('link', { name }).click();
  await page.locator('.canvas-area [data-state="ready"]').waitFor();
}

/** Adds a node from the palette (it is selected, so the inspector shows it) and sets its fields. */
async function addNode(page: Page, label: string, fields: Record<string, string> = {}): Promise<string> {
  await page.getByRole('navigation', { name: 'Add a node' }).getByRole('button', { name: label, exact: true }).click();
  await inspector(page).getByRole('heading', { name: label }).waitFor();
  const id = (await inspector(page).locator('.inspector-id').textContent())!.replace(/^Id /, '');
  await flowNode(page, id).waitFor();
  for (const [field, value] of Object.entries(fields)) await setField(page, field, value);
  return id;
}

async function setField(page: Page, label: string, value: string): Promise<void> {
  const box = inspector(page).getByLabel(label, { exact: true });
  await box.fill(value);
  await box.blur();
}

/** Connects through the inspector's keyboard list: the focused node's output named by `choice`. */
async function connect(page: Page, nodeId: string, choice: RegExp): Promise<void> {
  await flowNode(page, nodeId).focus();
  await page.keyboard.press('Enter');
  await inspector(page).locator('.inspector-id', { hasText: nodeId }).waitFor();
  const select = inspector(page).getByLabel('Connect an output to');
  const option = select.locator('option', { hasText: choice });
  await select.selectOption((await option.first().getAttribute('value'))!);
  await inspector(page).getByRole('button', { name: 'Connect', exact: true }).click();
}

describe('branches in the studio', () => {
  it('builds an if/else with a merge from the palette, runs it and shows the branch not taken as skipped', {
    timeout: 120_000,
  }, async () => {
    const { page, context, problems } = await openStudioPage(stack);
    await signIn(page, stack);
    await openNewCanvas(page, 'Long or short');

    const prompt = await addNode(page, 'Prompt', { Prompt: 'hi' });
    // An if without its condition is warned of on the node (expression-invalid), until it has one.
    const check = await addNode(page, 'If', { Label: 'Is it long?' });
    const missing = flowNode(page, check).locator('[data-warning-code="expression-invalid"]');
    await missing.waitFor();
    expect(await missing.textContent()).toMatch(/condition/);
    await setField(page, 'Condition (JSONata)', '$length($) > 3');
    await missing.waitFor({ state: 'detached' });
    // The expression box is a monospace text area named by its language.
    const condition = inspector(page).getByLabel('Condition (JSONata)', { exact: true });
    expect(await condition.evaluate((element: { tagName: string }) => element.tagName)).toBe('TEXTAREA');
    expect(await styleOf(condition, 'fontFamily')).toMatch(/mono/i);
    const long = await addNode(page, 'Transform', { Label: 'Long', 'Expression (JSONata)': '"long: " & $' });
    const short = await addNode(page, 'Transform', { Label: 'Short', 'Expression (JSONata)': '"short: " & $' });
    const merge = await addNode(page, 'Merge');
    const output = await addNode(page, 'Output');
    await connect(page, prompt, /If|Is it long/);
    await connect(page, check, /^True → Long/);
    await connect(page, check, /^False → Short/);
    await connect(page, long, /Merge/);
    await connect(page, short, /Merge/);
    await connect(page, merge, /Output/);
    await page.getByRole('button', { name: 'Auto-layout' }).click();
    await saved(page);
    // Only what is in view is drawn: see the whole canvas.
    await page.getByRole('button', { name: 'Zoom to fit' }).click();
    await page.locator('.react-flow__edge').nth(5).waitFor({ state: 'attached' });
    const edges = await page
      .locator('.react-flow__edge')
      .evaluateAll((all: { ariaLabel: string | null }[]) => all.map((edge) => edge.ariaLabel));
    expect(edges, JSON.stringify({ prompt, check, long, short, merge, output, edges })).toHaveLength(6);

    // The edges leaving the if say which way they go; the others carry no word.
    const labels = await page.locator('.react-flow__edge-text').allTextContents();
    expect(labels.sort()).toEqual(['false', 'true']);
    const trueEdge = page.locator(
      `.react-flow__edge[aria-label="Connection from ${check} true-out to ${long} value-in (true)"]`,
    );
    expect(await trueEdge.count()).toBe(1);

    await runPanel(page).getByRole('button', { name: 'Run…' }).click();
    await runPanel(page).getByLabel('Prompt').fill('hello there');
    await runPanel(page).getByRole('button', { name: 'Start run' }).click();
    await page.locator('section.run-details[data-run-status="succeeded"]').waitFor();

    // The false branch did not run: its node says so, in words and in a dashed, faded look.
    const skipped = flowNode(page, short);
    await skipped.getByText('Skipped (branch not taken)', { exact: true }).waitFor();
    expect(await styleOf(skipped.locator('.canvas-node'), 'borderStyle')).toBe('dashed');
    expect(await styleOf(flowNode(page, long).locator('.canvas-node'), 'borderStyle')).toBe('solid');
    await flowNode(page, long).getByText('Succeeded', { exact: true }).waitFor();
    // The merge gives a list of what arrived: only the true branch's value (a list of one is previewed as its item).
    await flowNode(page, output).getByText('Succeeded', { exact: true }).waitFor();
    expect(await flowNode(page, output).getByTestId('node-output').textContent()).toContain('long: hello there');
    expect(await flowNode(page, merge).getByTestId('node-output').textContent()).toBe('long: hello there');
    await runPanel(page).getByText('long: hello there').first().waitFor();
    expect(await runPanel(page).locator('.run-skipped').textContent()).toBe(
      `Skipped (branch not taken) Short (${short})`,
    );
    await look(page, stack.shots, 'branches-1-true-taken');
    // Closer, as a person would lean in to read the labels and the skipped node.
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await page.getByRole('button', { name: 'Zoom In' }).click();
    await page
      .locator('.canvas-pane')
      .screenshot({ path: `${stack.shots}/branches-2-closer.png`, animations: 'disabled' });

    expect(problems).toEqual([]);
    await context.close();
  });
});
