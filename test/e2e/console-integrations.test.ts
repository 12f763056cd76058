// e2e: the console's Integrations and Webhooks screens in Chromium against `npm start`, as a workspace
// owner uses them. Integrations: store an http connection (a named secret and an allowed origin), see
// only its mask (the secret is nowhere in the page), change its allowed origins without typing the secret
// again, revoke it; restrict the allowed providers and see the policy saved. Webhooks: a canvas with a
// webhook-trigger node made and registered through the API is listed with its URL, which copies; a Stripe
// signing secret is stored and never shown back; revoke, then register again. axe-core on every screen;
// screenshots kept in STUDIO_SCREENSHOTS when set.
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

const folder = tempFolders('console-integrations-e2e');
let stack: StudioStack;
let owner: StudioPage;

const HEADER_SECRET = 'crm-secret-0123456789-abcdefXYZ';
const STRIPE_SECRET = 'whsec_e2eStripeSigning0123456789abcd';

beforeAll(async () => {
  stack = await startStudioStack({ dataDir: folder(), shots: process.env.STUDIO_SCREENSHOTS || folder() });
  owner = await openStudioPage(stack);
  await owner.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack.appUrl });
  await signIn(owner.page, stack);
});

afterAll(async () => {
  await stack?.stop();
});

async function open(page: Page, label: string, id: string): Promise<void> {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: label, exact: true }).click();
  await screen(page, id);
}

/** The API as a script holding the bootstrap key calls it. */
async function api<T>(path: string, body: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBeLessThan(300);
  return (await response.json()) as T;
}

describe('the console’s integrations and webhooks', () => {
  it('stores a connection shown only masked, edits its origins without the secret, revokes it, and saves a policy', {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = owner;
    await open(page, 'Integrations', 'integrations');
    await expect.poll(() => page.getByRole('row', { name: /HTTP request secrets/ }).count()).toBe(1);
    await look(page, stack.shots, 'integrations-1-empty');

    // Store: an http connection with one named secret and one allowed origin.
    const add = page.getByRole('form', { name: 'Store connection' });
    await add.getByLabel('Provider').selectOption('http');
    await add.getByLabel('Label').fill('CRM');
    await add.getByLabel('Name', { exact: true }).fill('CRM_TOKEN');
    await add.getByLabel('Value', { exact: true }).fill(HEADER_SECRET);
    await add.getByLabel('Allowed origins').fill('https://CRM.example.com:443/');
    await add.getByRole('button', { name: 'Store connection' }).click();

    const card = page.locator('li[data-provider="http"]');
    await card.getByText('…fXYZ').waitFor();
    await expect.poll(() => card.getByText('https://crm.example.com').count()).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Stored the http connection.' }).waitFor();
    // The secret went to the service and nowhere else: not in the page, not left in the form.
    expect(await page.content()).not.toContain(HEADER_SECRET);
    // The store form folds away once a connection exists; its secret field is emptied, not just hidden.
    expect(await page.locator('details.intg-add input[type="password"]').inputValue()).toBe('');
    await look(page, stack.shots, 'integrations-2-stored');

    // Edit the allowed origins only: no secret typed, the stored one is kept (its mask stays).
    await card.getByRole('button', { name: 'Edit' }).click();
    const edit = card.getByRole('form', { name: 'Save HTTP request secrets (CRM)' });
    await edit.getByLabel('Allowed origins').fill('https://crm.example.com\nhttps://erp.example.com:8443');
    await look(page, stack.shots, 'integrations-3-editing');
    await edit.getByRole('button', { name: 'Save HTTP request secrets (CRM)' }).click();
    await card.getByText('https://erp.example.com:8443').waitFor();
    await expect.poll(() => card.getByText('…fXYZ').count()).toBe(1);
    await page.getByRole('status').filter({ hasText: 'label and allowed origins' }).waitFor();

    // A mistyped origin is named, and what was typed stays.
    await card.getByRole('button', { name: 'Edit' }).click();
    await card.getByLabel('Allowed origins').fill('https://crm.example.com/path');
    await card.getByRole('button', { name: 'Save HTTP request secrets (CRM)' }).click();
    await card.getByRole('alert').filter({ hasText: 'has a path' }).waitFor();
    expect(await card.getByLabel('Allowed origins').inputValue()).toBe('https://crm.example.com/path');
    await card.getByRole('button', { name: 'Cancel' }).click();

    // Revoke, after confirming.
    await card.getByRole('button', { name: 'Revoke' }).click();
    await card
      .getByRole('group', { name: 'Revoke HTTP request secrets (CRM)?' })
      .getByRole('button', { name: 'Revoke' })
      .click();
    await page.locator('li[data-provider="http"]').getByText('Revoked', { exact: true }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Revoked the http connection.' }).waitFor();

    // Policy: only provider one and speech allowed, and a monthly cap.
    const policy = page.getByRole('form', { name: 'Policy' });
    await policy.getByLabel('Any provider').uncheck();
    const allowed = policy.getByRole('group', { name: 'Allowed providers' });
    for (const box of await allowed.getByRole('checkbox').all()) await box.uncheck();
    await allowed.getByLabel('Video provider one').check();
    await allowed.getByLabel('Speech provider').check();
    await policy.getByLabel('Monthly credit cap').fill('5000');
    await policy.getByRole('button', { name: 'Save policy' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved the policy.' }).waitFor();
    await page.getByRole('form', { name: 'Policy' }).getByText('Last saved').waitFor();
    const stored = await fetch(`${stack.baseUrl}/api/integrations/policies`, {
      headers: { authorization: `Bearer ${stack.apiKey}` },
    });
    expect(await stored.json()).toMatchObject({
      allowedProviders: ['provider-one', 'speech'],
      monthlyCreditCap: 5000,
      allowSharedCredentials: true,
    });
    await look(page, stack.shots, 'integrations-4-revoked-policy');

    // The policy as the service has it, read back through the page after a reload.
    await page.reload();
    await screen(page, 'integrations');
    const reloaded = page.getByRole('form', { name: 'Policy' });
    expect(await reloaded.getByLabel('Any provider').isChecked()).toBe(false);
    expect(
      await reloaded.getByRole('group', { name: 'Allowed providers' }).getByLabel('Video provider one').isChecked(),
    ).toBe(true);
    expect(
      await reloaded.getByRole('group', { name: 'Allowed providers' }).getByLabel('Video provider two').isChecked(),
    ).toBe(false);
    expect(await reloaded.getByLabel('Monthly credit cap').inputValue()).toBe('5000');
    expect(problems).toEqual([]);
  });

  it('lists a registered webhook with its URL to copy, stores a signing secret never shown back, revokes and registers again', {
    timeout: 60_000,
  }, async () => {
    const { page, problems } = owner;
    const canvas = await api<{ id: string }>('/api/mcp/canvas/create', { name: 'Order intake' });
    await api('/api/mcp/canvas/node/add', {
      canvasId: canvas.id,
      id: 'hook',
      type: 'webhook-trigger',
      data: { label: 'Shop orders' },
    });
    const registration = await api<{ webhookUrl: string; webhookSecret: string; signedUrls: Record<string, string> }>(
      '/api/mcp/webhooks/register',
      {
        canvasId: canvas.id,
        triggerNodeId: 'hook',
      },
    );

    await open(page, 'Webhooks', 'webhooks');
    const card = page.locator('li[data-node-id="hook"]');
    await card.getByRole('heading', { name: 'Shop orders' }).waitFor();
    await card.getByText(registration.webhookUrl, { exact: true }).waitFor();
    // The trigger's own secret is shown only when asked for.
    expect(await page.content()).not.toContain(registration.webhookSecret);

    await card.getByRole('button', { name: 'Copy the URL of Shop orders' }).click();
    await card.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(registration.webhookUrl);

    await card.getByText('Signed URLs for providers').click();
    await card.getByRole('button', { name: 'Copy the Stripe URL of Shop orders' }).click();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(registration.signedUrls.stripe);
    await look(page, stack.shots, 'webhooks-1-registered');

    // A Stripe signing secret: a malformed one is refused in words, the pasted value kept.
    const form = card.getByRole('form', { name: 'Set a provider signing secret for Shop orders' });
    await form.getByLabel('Provider').selectOption('stripe');
    await form.getByLabel('Signing secret').fill('sk_live_wrong');
    await form.getByRole('button', { name: 'Set Stripe secret' }).click();
    await form.getByRole('alert').filter({ hasText: 'does not look like a Stripe signing secret' }).waitFor();
    expect(await form.getByLabel('Signing secret').inputValue()).toBe('sk_live_wrong');

    await form.getByLabel('Signing secret').fill(STRIPE_SECRET);
    await form.getByRole('button', { name: 'Set Stripe secret' }).click();
    await card.locator('li[data-scheme="stripe"]').getByText('Provider secret set').waitFor();
    await page.getByRole('status').filter({ hasText: 'Stored the Stripe signing secret.' }).waitFor();
    expect(await page.content()).not.toContain(STRIPE_SECRET);
    expect(await page.content()).not.toContain(STRIPE_SECRET.slice(-4));
    expect(await form.getByLabel('Signing secret').inputValue()).toBe('');
    await look(page, stack.shots, 'webhooks-2-signing-secret');

    // Revoke after confirming: the card says it is not registered, and calls are refused.
    await card.getByRole('group', { name: 'Actions for Shop orders' }).getByRole('button', { name: 'Revoke' }).click();
    await card.getByRole('group', { name: 'Revoke Shop orders?' }).getByRole('button', { name: 'Revoke' }).click();
    await card.getByText('Not registered', { exact: true }).waitFor();
    const refused = await fetch(registration.webhookUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${registration.webhookSecret}` },
      body: '{}',
    });
    expect(refused.status).toBe(404);
    await look(page, stack.shots, 'webhooks-3-revoked');

    // Register again: a new secret, shown on this card to copy.
    await card.getByRole('button', { name: 'Register Shop orders' }).click();
    await card.getByText('Registered', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Copy the secret of Shop orders' }).waitFor();
    const fresh = await card.locator('.hooks-secret-shown code').textContent();
    expect(fresh).toMatch(/^whsec_/);
    expect(fresh).not.toBe(registration.webhookSecret);
    // The new registration has no provider secret: the stored one went with the old one.
    await card.locator('li[data-scheme="stripe"]').getByText('Not set').waitFor();
    const accepted = await fetch(registration.webhookUrl, {
      method: 'POST',
      headers: { authorization: `Bearer ${fresh}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(accepted.status).toBe(202);
    await look(page, stack.shots, 'webhooks-4-registered-again');
    expect(problems).toEqual([]);
  });
});
