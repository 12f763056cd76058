// e2e: the console's audit log in Chromium against `npm start`, as a workspace owner reads it. A script
// with the bootstrap key creates and renames a canvas; the owner, signed in, creates and revokes a key
// on the keys screen; the audit log names each of them in words (the owner by email, the key and the
// canvas by name), narrows to API keys, and holds no key. axe-core on every screen; screenshots kept in
// STUDIO_SCREENSHOTS when set.
import type { Page } from 'playwright-core';
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

const folder = tempFolders('console-audit-e2e');
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

async function open(page: Page, label: string, id: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: label, exact: true }).click();
  await screen(page, id);
}

/** The table's rows as a person reads them: when, who, what, on which resource. */
async function rows(page: Page): Promise<string[][]> {
  return page
    .getByTestId('audit-entries')
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
}

describe('the console’s audit log', () => {
  it('names who did what to which resource, and narrows to one kind', { timeout: 90_000 }, async () => {
    const { page } = owner;
    // Prepare: a script's changes, then the owner's own.
    const canvas = await post('/api/mcp/canvas/create', { name: 'Draft flow' });
    await post('/api/mcp/canvas/rename', { canvasId: canvas.id, name: 'Quarterly report' });
    await open(page, 'API keys', 'keys');
    await page.getByLabel('Name', { exact: true }).fill('Audit probe');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByTestId('secret-once').waitFor();
    const key = await page.getByLabel('Your new API key').inputValue();
    const row = page.locator('li[data-key-id]', { hasText: 'Audit probe' });
    await row.getByRole('button', { name: 'Revoke Audit probe' }).click();
    await row.getByRole('button', { name: 'Revoke', exact: true }).click();
    await row.getByText('Revoked', { exact: true }).waitFor();

    // Act
    await open(page, 'Audit log', 'audit');
    const log = await rows(page);
    await look(page, stack.shots, 'audit-1-log');

    // Assess: newest first, in words, names rather than ids.
    const said = log.map(([, who, what, on]) => `${who} | ${what} | ${on}`);
    expect(said.slice(0, 4)).toEqual([
      `${stack.email} | revoked | API key “Audit probe”`,
      `${stack.email} | created | API key “Audit probe”`,
      expect.stringMatching(/^API key “.+” \| changed \| canvas “Quarterly report”$/),
      expect.stringMatching(/^API key “.+” \| created \| canvas “Quarterly report”$/),
    ]);
    expect(log[0]![0]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/);
    expect(await page.content()).not.toContain(key);

    // Act: only the API keys.
    await page.getByLabel('About').selectOption('api-key');
    await page.getByRole('button', { name: 'Show' }).click();
    await screen(page, 'audit');
    const keysOnly = await rows(page);
    await look(page, stack.shots, 'audit-2-keys-only');

    // Assess
    expect(keysOnly.map(([, , what, on]) => `${what} ${on}`)).toEqual([
      'revoked API key “Audit probe”',
      'created API key “Audit probe”',
    ]);
    expect(owner.problems).toEqual([]);
  });
});
