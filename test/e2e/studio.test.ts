// e2e: the studio in Debian's Chromium against `npm start`, as a person uses it — sign in with the
// bootstrap user, see the workspace's canvases, create, rename, search, archive, restore, delete, open
// a canvas (the editor mounts), reload (still signed in), sign out (the authorization server's session
// ends too). axe-core checks every screen; nothing the CSP blocks; screenshots for a person to look at
// (kept in STUDIO_SCREENSHOTS when set, else in a temp folder removed after the run).
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  look as lookAt,
  openStudioPage,
  screen,
  startStudioStack,
  type StudioStack,
} from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('studio-e2e');
let stack: StudioStack;

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
});

afterAll(async () => {
  await stack?.stop();
});

const look = (page: Page, name: string) => lookAt(page, stack.shots, name);

describe('the studio in a browser', () => {
  it('signs in, manages canvases, opens one, survives a reload and signs out', { timeout: 240_000 }, async () => {
    const { context, page, problems } = await openStudioPage(stack);

    // A first visit: the silent check finds no session, and the studio offers to sign in.
    const first = await page.goto(`${stack.appUrl}/`);
    expect(first?.headers()['content-security-policy']).toContain("script-src 'self'");
    await screen(page, 'signed-out');
    await look(page, '1-signed-out');

    // Sign in on the authorization server's page, and come back to the canvases of the workspace.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#email').waitFor();
    await look(page, '2-sign-in-page');
    await page.fill('#email', stack.email);
    await page.fill('#password', stack.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await screen(page, 'canvases');
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByTestId('workspace').filter({ hasNotText: 'Workspace…' }).waitFor();
    await page.getByText('No canvases yet. Create the first one above.').waitFor();

    // Create two canvases, rename the first.
    const rows = page.locator('li.canvas-row');
    for (const name of ['Launch video', 'Scratch']) {
      await page.getByLabel('New canvas').fill(name);
      await page.getByRole('button', { name: 'Create canvas' }).click();
      await rows.filter({ hasText: name }).waitFor();
    }
    expect(await page.getByLabel('New canvas').inputValue()).toBe('');
    const launch = rows.filter({ hasText: 'Launch video' });
    await launch.getByRole('button', { name: 'Rename' }).click();
    const renameBox = page.getByLabel('New name for Launch video');
    await renameBox.fill('Launch video v2');
    await renameBox.press('Enter');
    await rows.filter({ hasText: 'Launch video v2' }).waitFor();
    await look(page, '3-canvases');

    // Search narrows the list; archive hides, "Show archived" shows, restore brings it back; delete asks first.
    await page.getByLabel('Search').fill('scratch');
    await rows.filter({ hasText: 'Launch video v2' }).waitFor({ state: 'detached' });
    expect(await rows.count()).toBe(1);
    const scratch = rows.filter({ hasText: 'Scratch' });
    await scratch.getByRole('button', { name: 'Archive' }).click();
    await page.getByText('No canvas matches.').waitFor();
    await page.getByLabel('Show archived (1)').check();
    await scratch.getByText('Archived', { exact: true }).waitFor();
    await scratch.getByRole('button', { name: 'Restore' }).click();
    await scratch.getByRole('button', { name: 'Archive' }).waitFor();
    await scratch.getByRole('button', { name: 'Delete' }).click();
    await scratch.getByText('Delete “Scratch” for good?').waitFor();
    await scratch.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No canvas matches.').waitFor();
    await page.getByLabel('Search').fill('');
    expect(await rows.allTextContents()).toEqual([expect.stringContaining('Launch video v2')]);

    // Open it: the editor mounts at /canvases/<id>.
    const canvasId = await rows.first().getAttribute('data-canvas-id');
    await rows.first().getByRole('link', { name: 'Launch video v2' }).click();
    const editorReady = page.locator('.canvas-area [data-state="ready"]');
    await editorReady.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/canvases/${canvasId}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Launch video v2');
    await look(page, '4-canvas');

    // A reload keeps you signed in (silently, through the authorization server's session) and in place.
    const seen: string[] = [];
    page.on('framenavigated', (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname));
    await page.reload();
    await editorReady.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/canvases/${canvasId}`);
    expect(seen.some((path) => path.startsWith('/oauth/interaction/'))).toBe(false);

    // Sign out: the refresh token is revoked, the session ends after the confirmation, and the next
    // sign-in asks for the password again.
    await page.getByRole('link', { name: 'Canvases' }).first().click();
    await screen(page, 'canvases');
    const revoked = page.waitForResponse((response) => response.url().endsWith('/oauth/revoke'));
    await page.getByRole('button', { name: 'Sign out' }).click();
    expect((await revoked).status()).toBe(200);
    await page.getByRole('heading', { name: 'Sign out?' }).waitFor();
    await look(page, '5-sign-out-page');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await screen(page, 'signed-out');
    await page.getByText('You are signed out.').waitFor();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.locator('#email').waitFor();

    expect(problems).toEqual([]);
    await context.close();
  });

  it('gives a viewer a viewer’s scopes without a consent page, and says which scope an edit needs', {
    timeout: 120_000,
  }, async () => {
    // Prepare: a viewer of the bootstrap workspace (the admin CLI against the running stack).
    const created = await admin(stack, [
      'create-user',
      '--email',
      'viewer@example.test',
      '--password',
      'viewer password',
      '--workspace',
      stack.workspaceId,
      '--role',
      'viewer',
      '--local',
    ]);
    expect(created.code, created.output).toBe(0);
    const { context, page } = await openStudioPage(stack);

    // Act: sign in as the viewer and try to create a canvas.
    await page.goto(`${stack.appUrl}/`);
    await screen(page, 'signed-out');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.fill('#email', 'viewer@example.test');
    await page.fill('#password', 'viewer password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await screen(page, 'canvases');
    await page.getByLabel('New canvas').fill('Not allowed');
    await page.getByRole('button', { name: 'Create canvas' }).click();

    // Assess: the refusal names the scope, and what was typed is still there.
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain('write:canvas');
    expect(await page.getByLabel('New canvas').inputValue()).toBe('Not allowed');
    await look(page, '6-viewer-refused');
    await context.close();
  });
});
