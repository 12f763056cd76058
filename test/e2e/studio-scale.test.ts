// e2e: the studio at the sizes a person's workspace reaches — canvas names at the 200-character limit (one
// without spaces, which cannot wrap) and a 1,000-node canvas — in Debian's Chromium against `npm start`.
// Nothing may push the page sideways; the big canvas opens at fit view with every node in the graph; axe on
// each screen; screenshots for a person to look at (STUDIO_SCREENSHOTS).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridCanvas } from '../support/canvas-grid.ts';
import {
  look as lookAt,
  openStudioPage,
  screen,
  signIn,
  startStudioStack,
  type StudioStack,
} from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('studio-scale-e2e');
let stack: StudioStack;

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
}, 240_000);

afterAll(async () => {
  await stack?.stop();
});

const look = (page: Page, name: string) => lookAt(page, stack.shots, name);
/** How far the page scrolls sideways (0: everything fits the 1,280-pixel window). */
const sidewaysOverflow = (page: Page) =>
  // In the page: the root tsconfig has no DOM library, hence globalThis.
  page.evaluate(() => {
    const root = (globalThis as any).document.documentElement;
    return root.scrollWidth - root.clientWidth;
  });

const LONG_WORDS = `Quarterly launch campaign for the northern region ${'with every market and language '.repeat(6)}`
  .slice(0, 200)
  .trim();
const ONE_WORD = 'x'.repeat(200);
const NODES = 1_000;

describe('the studio at scale', () => {
  it('lists 200-character names and opens a 1,000-node canvas without pushing the page sideways', {
    timeout: 300_000,
  }, async () => {
    // Arrange
    const big = await gridCanvas(stack.baseUrl, stack.apiKey, NODES, LONG_WORDS);
    await gridCanvas(stack.baseUrl, stack.apiKey, 3, ONE_WORD);
    const { context, page, problems } = await openStudioPage(stack);
    await signIn(page, stack);

    // Act: the list
    const rows = page.locator('li.canvas-row');
    await rows.filter({ hasText: ONE_WORD }).waitFor();
    await look(page, 'scale-1-long-names');
    const listOverflow = await sidewaysOverflow(page);

    // Act: the 1,000-node canvas
    await rows.filter({ hasText: 'Quarterly launch' }).getByRole('link').click();
    await page.locator('.canvas-area [data-state="ready"]').waitFor({ timeout: 120_000 });
    await page.waitForFunction(() => performance.getEntriesByName('canvas:ready').length > 0, undefined, {
      timeout: 120_000,
    });
    await look(page, 'scale-2-1000-nodes');
    const editorOverflow = await sidewaysOverflow(page);
    const graph = await page.evaluate(() => ({
      // React Flow keeps every node of the graph in its store; the DOM holds those in view.
      title: (globalThis as any).document.querySelector('h1.canvas-title')?.textContent as string,
      // One line, cut with an ellipsis: its full text is wider than the heading, and shown on hover.
      cut: (({ scrollWidth, clientWidth }) => scrollWidth > clientWidth)(
        (globalThis as any).document.querySelector('h1.canvas-title'),
      ) as boolean,
      hover: (globalThis as any).document.querySelector('h1.canvas-title')?.getAttribute('title') as string,
      rendered: (globalThis as any).document.querySelectorAll('.react-flow__node').length as number,
    }));

    // Act: back to the list, the name of the one-word canvas still there
    await page.getByRole('link', { name: '← Canvases' }).click();
    await screen(page, 'canvases');

    // Assert
    expect(listOverflow).toBe(0);
    expect(editorOverflow).toBe(0);
    expect(graph.title).toBe(big.name);
    expect(graph.cut).toBe(true);
    expect(graph.hover).toBe(big.name);
    expect(graph.rendered).toBeGreaterThan(0);
    expect(graph.rendered).toBeLessThanOrEqual(NODES);
    expect(await rows.filter({ hasText: ONE_WORD }).count()).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});
