// e2e: the console's Usage and billing screen in Chromium against `npm start`, as a workspace owner
// reads it. Credits come from the admin CLI, a speech generation spends some (the local speech
// stand-in), then the screen must agree with the API: balance numbers, a drawn chart with a table of
// the day's usage by SKU, the generation's entry and cost in the transactions, and a FOCUS CSV that
// downloads with the session's token and passes scripts/focus-check.ts. axe-core on every state;
// screenshots kept in STUDIO_SCREENSHOTS when set.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  admin,
  look,
  openStudioPage,
  screen,
  signIn,
  startStudioStack,
  type StudioPage,
  type StudioStack,
} from '../support/studio-browser.ts';
import { tempFolders } from '../support/temp-folders.ts';

const folder = tempFolders('console-usage-e2e');
let stack: StudioStack;
let owner: StudioPage;
let downloads: string;

// No provider account: the speech stand-in answers, whatever the test environment holds.
const NO_PROVIDERS = Object.fromEntries(
  [
    'GEMINI_API_KEY',
    'FAL_KEY',
    'ELEVENLABS_API_KEY',
    'PROVIDER_ONE_BASE_URL',
    'PROVIDER_TWO_BASE_URL',
    'SPEECH_BASE_URL',
  ].map((name) => [name, '']),
);

beforeAll(async () => {
  stack = await startStudioStack({
    dataDir: folder(),
    shots: process.env.STUDIO_SCREENSHOTS || folder(),
    env: NO_PROVIDERS,
  });
  downloads = folder();
  owner = await openStudioPage(stack);
});

afterAll(async () => {
  await stack?.stop();
});

/** The API as a script with the workspace key calls it. */
async function api(method: string, path: string, body?: unknown): Promise<{ status: number; body: any }> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${stack.apiKey}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

function focusCheck(file: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['scripts/focus-check.ts', file]);
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}

const number = (credits: number) => new Intl.NumberFormat('en-GB').format(credits);

describe('the console’s usage and billing', () => {
  it('shows the balance, a chart of the day’s generation, its cost, and downloads a FOCUS CSV that passes the checker', {
    timeout: 60_000,
  }, async () => {
    // Prepare: credits, then one generation spends some of them.
    const granted = await admin(stack, [
      'grant-credits',
      '--workspace',
      stack.workspaceId,
      '--credits',
      '1000',
      '--reason',
      'usage e2e',
      '--local',
    ]);
    expect(granted.code, granted.output).toBe(0);
    const canvas = await api('POST', '/api/mcp/canvas/create', { name: 'Usage' });
    expect(canvas.status, JSON.stringify(canvas.body)).toBe(201);
    const speech = await api('POST', '/api/generate-audio', {
      canvasId: canvas.body.id,
      mode: 'tts',
      text: 'A line spoken for the usage screen.',
    });
    expect(speech.status, JSON.stringify(speech.body)).toBe(201);
    const balance = (await api('GET', '/api/mcp/credits/balance')).body as {
      balance: number;
      held: number;
      available: number;
    };
    const usage = (await api('GET', '/api/mcp/credits/transactions?limit=10')).body.items.find(
      (item: { type: string }) => item.type === 'usage',
    );
    expect(usage, 'the generation wrote a usage entry').toBeDefined();
    const cost = -usage.credits as number;
    expect(cost).toBeGreaterThan(0);
    expect(balance.balance).toBe(1000 - cost);

    // Act: open the screen through the workspace navigation.
    const { page, problems } = owner;
    await signIn(page, stack);
    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Usage and billing', exact: true })
      .click();
    await screen(page, 'usage');

    // Assess: the balance as the API has it.
    await expect.poll(() => page.getByTestId('balance-total').textContent()).toBe(number(balance.balance));
    expect(await page.getByTestId('balance-held').textContent()).toBe(number(balance.held));
    expect(await page.getByTestId('balance-available').textContent()).toBe(number(balance.available));

    // The chart is drawn (a canvas with a size) and the table lists today's usage by SKU.
    const canvasBox = await page.getByTestId('usage-chart').locator('canvas').boundingBox();
    expect(canvasBox?.width).toBeGreaterThan(100);
    expect(canvasBox?.height).toBeGreaterThan(100);
    const sku = usage.pricing.model ? `${usage.pricing.sku} · ${usage.pricing.model}` : usage.pricing.sku;
    const today = new Date().toISOString().slice(0, 10);
    const dayRow = page
      .getByTestId('usage-by-day')
      .getByRole('row')
      .filter({ hasText: today })
      .filter({ hasText: sku });
    await expect.poll(() => dayRow.count()).toBe(1);
    expect(await dayRow.getByRole('cell').last().textContent()).toBe(number(cost));
    expect(await page.getByTestId('usage-by-sku').getByRole('rowheader', { name: sku }).count()).toBe(1);
    const generation = page.getByTestId('generations').getByRole('row').filter({ hasText: usage.pricing.sku });
    expect(await generation.getByRole('cell').last().textContent()).toBe(number(cost));
    await look(page, stack.shots, 'usage-1-ready');

    // The transactions list the generation with its cost, and the kind filter keeps only usage.
    const transactions = page.getByTestId('transactions');
    await transactions.and(page.locator('[data-state="ready"]')).waitFor();
    expect(await transactions.locator('tr[data-kind="usage"]').getByRole('cell').last().textContent()).toBe(
      `−${number(cost)}`,
    );
    expect(await transactions.locator('tr[data-kind="grant"]').getByRole('cell').last().textContent()).toBe(
      `+${number(1000)}`,
    );
    await transactions.getByLabel('Kind').selectOption('usage');
    await transactions.getByRole('button', { name: 'Filter' }).click();
    // Filtering reloads the list: wait for it to be ready again before counting.
    await expect
      .poll(
        async () =>
          `${await transactions.getAttribute('data-state')} ${await transactions.locator('tr[data-kind]').count()}`,
      )
      .toBe('ready 1');
    expect(await transactions.locator('tr[data-kind="usage"]').count()).toBe(1);
    await look(page, stack.shots, 'usage-2-transactions-filtered');

    // The FOCUS metadata is shown, and the CSV downloads and passes the FOCUS checker.
    const focus = page.getByTestId('focus-export');
    await focus.getByTestId('focus-metadata').waitFor();
    expect(await focus.getByTestId('focus-metadata').textContent()).toContain('FOCUS version');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      focus.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    const file = join(downloads, download.suggestedFilename());
    await download.saveAs(file);
    expect(download.suggestedFilename()).toMatch(/^focus-\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
    expect(readFileSync(file, 'utf8')).toContain(usage.pricing.sku);
    const checked = await focusCheck(file);
    expect(checked.code, checked.output).toBe(0);
    await focus.getByText(/^Downloaded focus-/).waitFor();
    await look(page, stack.shots, 'usage-3-exported');

    expect(problems).toEqual([]);
  });
});
