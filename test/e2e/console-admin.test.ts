// e2e: the console's admin screens in Chromium against `npm start`, as a workspace owner uses them.
// API keys: create one with two scopes and an expiry, copy it from the page and call the API with it
// (curl), see it is never shown again, revoke it and watch curl get 401. Members: invite (the link
// shown once), the invited person joins in a browser of their own, change their role, remove them;
// the only owner's demotion and removal are refused with the reason. Settings: rename, show the default
// callback signing secret (once), draw and rotate one (shown once), clear it. axe-core on every screen;
// screenshots kept in STUDIO_SCREENSHOTS when set.
import { spawn } from 'node:child_process';
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

const folder = tempFolders('console-admin-e2e');
let stack: StudioStack;
let owner: StudioPage;

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
  owner = await openStudioPage(stack);
  await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  await signIn(owner.page, stack);
});

afterAll(async () => {
  await stack?.stop();
});

/** curl, as a script holding the key would call the API: the status and the parsed body. */
function curl(url: string, bearer: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const child = spawn('curl', ['-sS', '-w', '\n%{http_code}', '-H', `Authorization: Bearer ${bearer}`, url]);
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', () => {
      const cut = out.lastIndexOf('\n');
      const text = out.slice(0, cut);
      resolve({ status: Number(out.slice(cut + 1)), body: text.startsWith('{') ? JSON.parse(text) : text });
    });
  });
}

/** Opens a console section through the workspace navigation, as a person would. */
async function open(page: Page, label: string, id: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: label, exact: true }).click();
  await screen(page, id);
}

const isoDay = (daysFromToday: number) => new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);

describe('the console’s keys, members and settings', () => {
  it('creates a key shown once, which works with curl until it is revoked', { timeout: 60_000 }, async () => {
    const { page } = owner;
    await open(page, 'API keys', 'keys');
    await look(page, stack.shots, 'admin-1-keys');

    await page.getByLabel('Name', { exact: true }).fill('CI key');
    // The picker starts at the service's default (read:canvases, run:workflows); make it read-only.
    await page.getByRole('checkbox', { name: /run:workflows/ }).uncheck();
    await page.getByRole('checkbox', { name: /read:assets/ }).check();
    await page.getByLabel('Expires after').selectOption('date');
    await page.getByLabel('Last day it works').fill(isoDay(10));
    await expect(page.getByText(/The key stops working on/).textContent()).resolves.toMatch(/stops working on/);
    await page.getByRole('button', { name: 'Create key' }).click();

    const shown = page.getByTestId('secret-once');
    await shown.waitFor();
    await expect(shown.textContent()).resolves.toContain('Shown only now.');
    const key = await page.getByLabel('Your new API key').inputValue();
    expect(key).toMatch(/^workspace_[A-Za-z0-9_-]{20,}$/);
    await shown.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Copied to the clipboard.').waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(key);
    const row = page.locator('li[data-key-id]', { hasText: 'CI key' });
    await expect(row.textContent()).resolves.toMatch(/read:canvases.*read:assets.*expires in 11 days/s);
    await look(page, stack.shots, 'admin-2-key-created');

    const verified = await curl(`${stack.baseUrl}/api/verify-key`, key);
    expect(verified.status).toBe(200);
    expect([...(verified.body as { scopes: string[] }).scopes].sort()).toEqual(['read:assets', 'read:canvases']);

    // Leaving the page forgets the key: it is nowhere on the screen when coming back.
    await open(page, 'Members', 'members');
    await open(page, 'API keys', 'keys');
    expect(await page.getByTestId('secret-once').count()).toBe(0);
    expect(await page.content()).not.toContain(key);

    // Revoke, from the keyboard once asked: focus lands on "Keep it", Shift+Tab reaches Revoke.
    await row.getByRole('button', { name: 'Revoke CI key' }).click();
    const keep = row.getByRole('button', { name: 'Keep it' });
    await keep.waitFor();
    expect(await page.evaluate('document.activeElement?.textContent')).toBe('Keep it');
    await look(page, stack.shots, 'admin-3-key-revoke-confirm');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await page.locator('li[data-key-id]', { hasText: 'CI key' }).getByText('Revoked', { exact: true }).waitFor();
    expect((await curl(`${stack.baseUrl}/api/verify-key`, key)).status).toBe(401);
    expect(owner.problems).toEqual([]);
  });

  it('invites a member who joins, changes their role, removes them, and protects the only owner', {
    timeout: 60_000,
  }, async () => {
    const { page } = owner;
    await open(page, 'Members', 'members');
    const ownerRow = page.locator('li[data-member]', { hasText: stack.email });
    await expect(ownerRow.textContent()).resolves.toContain('Only owner. A workspace must always have an owner');
    await look(page, stack.shots, 'admin-4-members');

    await page.getByLabel('Email').fill('new.member@example.test');
    await page.getByLabel('Role', { exact: true }).selectOption('editor');
    await page.getByRole('button', { name: 'Create invite link' }).click();
    await page.getByTestId('secret-once').waitFor();
    const link = await page.getByLabel('Invite link').inputValue();
    expect(link).toMatch(new RegExp(`^${stack.appUrl}/oauth/invite/[A-Za-z0-9_-]+$`));
    await look(page, stack.shots, 'admin-5-invite-link');

    // The invited person, in a browser of their own: chooses a password and joins.
    const invited = await openStudioPage(stack);
    await invited.page.goto(link);
    await invited.page.fill('#password', 'new member password');
    await invited.page.getByRole('button', { name: 'Create account and join' }).click();
    await invited.page.getByText('You joined').waitFor();
    expect(invited.problems).toEqual([]);
    await invited.context.close();

    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    expect(await page.getByTestId('secret-once').count()).toBe(0);
    await open(page, 'Settings', 'settings');
    await open(page, 'Members', 'members');
    const memberRow = page.locator('li[data-member="new.member@example.test"]');
    await expect(memberRow.textContent()).resolves.toContain('editor');

    await memberRow.getByLabel('Role of new.member@example.test').selectOption('viewer');
    await memberRow.getByRole('button', { name: 'Save role' }).click();
    await memberRow.locator('.badge', { hasText: 'viewer' }).waitFor();

    await memberRow.getByRole('button', { name: 'Remove…' }).click();
    await memberRow.getByRole('button', { name: 'Remove', exact: true }).click();
    await memberRow.waitFor({ state: 'detached' });

    // The only owner: the service refuses both, and the row says why.
    await ownerRow.getByLabel(`Role of ${stack.email}`).selectOption('admin');
    await ownerRow.getByRole('button', { name: 'Save role' }).click();
    await ownerRow.getByRole('alert').filter({ hasText: 'Refused: A workspace must always have an owner' }).waitFor();
    await ownerRow.getByRole('button', { name: 'Remove…' }).click();
    await ownerRow.getByRole('button', { name: 'Remove', exact: true }).click();
    await ownerRow.getByRole('alert').filter({ hasText: 'Make another member an owner first.' }).waitFor();
    await look(page, stack.shots, 'admin-6-last-owner-refused');
    await open(page, 'Settings', 'settings');
    await open(page, 'Members', 'members');
    await expect(page.locator('li[data-member]').allTextContents()).resolves.toEqual([
      expect.stringMatching(new RegExp(`${stack.email}owner`)),
    ]);
    expect(owner.problems).toEqual([]);
  });

  it('renames the workspace and rotates the callback signing secret, shown once', { timeout: 60_000 }, async () => {
    const { page } = owner;
    await open(page, 'Settings', 'settings');
    await expect(page.getByTestId('callback-secret-state').textContent()).resolves.toContain('Default.');
    await look(page, stack.shots, 'admin-7-settings');

    await page.getByLabel('Workspace name').fill('Renamed by the console');
    await page.getByRole('button', { name: 'Rename workspace' }).click();
    await page.getByText('Renamed the workspace to “Renamed by the console”.').waitFor({ state: 'attached' });
    const info = await curl(`${stack.baseUrl}/api/mcp/workspace/info`, stack.apiKey);
    expect((info.body as { name: string }).name).toBe('Renamed by the console');

    // The default secret the service derived for this workspace: shown once, then never again.
    const secretOnce = page.getByTestId('secret-once');
    /** The cbsec_ spelling, for the masked hints (the field holds the whsec_ one receivers take). */
    const shownSecret = async () => (await secretOnce.locator('code').textContent()) ?? '';
    await page.getByRole('button', { name: 'Show the default secret' }).click();
    await secretOnce.waitFor();
    const byDefault = await shownSecret();
    expect(byDefault).toMatch(/^cbsec_/);
    await expect(
      page.getByRole('textbox', { name: 'Callback signing secret', exact: true }).inputValue(),
    ).resolves.toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();
    await expect(page.getByTestId('callback-secret-state').textContent()).resolves.toContain('(shown once already)');
    expect(await page.getByRole('button', { name: 'Show the default secret' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Create a secret…' }).click();
    await page.getByRole('button', { name: 'Create secret' }).click();
    await secretOnce.waitFor();
    const first = await shownSecret();
    expect(first).toMatch(/^cbsec_/);
    // The default secret keeps signing for the default overlap, so receivers can switch meanwhile.
    await expect(secretOnce.textContent()).resolves.toContain(
      `The previous secret cbsec_…${byDefault.slice(-4)} keeps signing too, for 1 day`,
    );
    await page.getByRole('button', { name: 'Done, I have stored it' }).click();

    // A rotation: the new secret shown once, the first one still signing for the chosen overlap.
    await page.getByRole('button', { name: 'Rotate…' }).click();
    await page.getByLabel('Previous secret keeps signing for').selectOption({ label: '1 hour' });
    await page.getByRole('button', { name: 'Rotate now' }).click();
    await page.getByTestId('secret-once').waitFor();
    const secret = await shownSecret();
    expect(secret).toMatch(/^cbsec_/);
    expect(secret).not.toBe(first);
    await expect(page.getByTestId('callback-secret-state').textContent()).resolves.toContain(
      `Set. This workspace signs with cbsec_…${secret.slice(-4)}`,
    );
    await expect(page.getByTestId('secret-once').textContent()).resolves.toContain(
      `The previous secret cbsec_…${first.slice(-4)} keeps signing too, for 1 hour`,
    );
    await expect(page.getByTestId('callback-secret').textContent()).resolves.toMatch(
      /also signs, as a second signature, until .* \((1 hour|59 minutes \d+ seconds) left\)/,
    );
    await look(page, stack.shots, 'admin-8-callback-secret-rotated');

    // Away and back: masked only.
    await open(page, 'API keys', 'keys');
    await open(page, 'Settings', 'settings');
    expect(await page.content()).not.toContain(secret);
    expect(await page.content()).not.toContain(byDefault);
    await expect(page.getByTestId('callback-secret-state').textContent()).resolves.toContain(
      `cbsec_…${secret.slice(-4)}`,
    );

    await page.getByRole('button', { name: 'Clear…' }).click();
    await page.getByRole('button', { name: 'Clear secret' }).click();
    await page.getByTestId('callback-secret-state').filter({ hasText: 'Default.' }).waitFor();
    expect(owner.problems).toEqual([]);
  });
});
