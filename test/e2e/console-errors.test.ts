// e2e: the studio words a refusal by its code (web/src/mcp/errors.ts), in Chromium against `npm start`.
// A viewer, invited by a script and signed in, tries to create a canvas: the gateway answers
// `missing_scope` (403) and the studio names the scope the viewer's role lacks. The owner renames a
// canvas a script renamed meanwhile: the gateway answers `version_conflict` (409) and the studio says
// someone else changed it. axe-core on both; screenshots kept in STUDIO_SCREENSHOTS when set.
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

const folder = tempFolders('console-errors-e2e');
const VIEWER = { email: 'viewer@example.test', password: 'viewer password 123' };
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

/** A POST as a script holding the bootstrap key makes it. */
async function post(path: string, body: unknown): Promise<any> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, path).toBeLessThan(300);
  return response.json();
}

describe('the studio’s words for refusals', () => {
  it('tells a viewer which scope creating a canvas needs (403 missing_scope)', { timeout: 90_000 }, async () => {
    // Prepare: a viewer joins through a link a script made, and signs in.
    const invite = await post('/api/mcp/workspace/invite', { email: VIEWER.email, role: 'viewer' });
    const viewer = await openStudioPage(stack);
    await viewer.page.goto(invite.inviteUrl);
    await viewer.page.fill('#password', VIEWER.password);
    await viewer.page.getByRole('button', { name: 'Create account and join' }).click();
    await viewer.page.getByText('You joined').waitFor();
    await signIn(viewer.page, stack, VIEWER);

    // Act
    await viewer.page.getByLabel('New canvas').fill('Not allowed');
    await viewer.page.getByRole('button', { name: 'Create canvas' }).click();
    const alert = viewer.page.getByRole('alert').filter({ hasText: 'That did not work' });
    await alert.waitFor();
    await look(viewer.page, stack.shots, 'errors-1-missing-scope');

    // Assess
    const words = await alert.textContent();
    expect(words).toContain('You do not have permission for this (it needs the write:canvas scope,');
    expect(words).toContain('which your role or sign-in does not include).');
    expect(viewer.problems).toEqual([]);
    await viewer.context.close();
  });

  it('tells the owner someone else changed a canvas (409 version_conflict)', { timeout: 90_000 }, async () => {
    // Prepare: the owner sees the canvas at version 1; a script renames it meanwhile.
    const { page } = owner;
    const canvas = await post('/api/mcp/canvas/create', { name: 'Shared draft' });
    await page.goto(`${stack.appUrl}/`);
    await screen(page, 'canvases');
    const row = page.locator(`li[data-canvas-id="${canvas.id}"]`);
    await row.waitFor();
    await post('/api/mcp/canvas/rename', { canvasId: canvas.id, name: 'Renamed by a script' });

    // Act
    await row.getByRole('button', { name: 'Rename' }).click();
    await row.getByLabel('New name for Shared draft').fill('Renamed by the owner');
    await row.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'That did not work' });
    await alert.waitFor();
    await look(page, stack.shots, 'errors-2-version-conflict');

    // Assess
    const text = await alert.textContent();
    expect(text).toContain('Someone else changed this meanwhile. Reload to see their change, then try again.');
    expect(text).not.toContain('Read the current state again');
    expect(owner.problems).toEqual([]);
  });
});
