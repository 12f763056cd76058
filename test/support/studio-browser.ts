// test support: the studio in Debian's Chromium against `npm start`, for the e2e tests of the studio and
// the console. One stack and one browser per test file (start-up costs seconds); each test opens its own
// context. Every page collects what a person would notice (console errors, CSP reports, failed requests),
// and `look` screenshots a screen and runs axe-core on it.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { CHROMIUM } from '../integration/support/browser.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from './local-process.ts';

export interface StudioStack {
  readonly appUrl: string;
  readonly baseUrl: string;
  readonly dataDir: string;
  readonly workspaceId: string;
  /** The bootstrap workspace's all-scopes key, printed once by the first start. */
  readonly apiKey: string;
  readonly email: string;
  readonly password: string;
  readonly local: LocalProcess;
  readonly browser: Browser;
  /** Screenshots go here (STUDIO_SCREENSHOTS when set, else the test's temp folder). */
  readonly shots: string;
  stop(): Promise<void>;
}

/**
 * Starts local mode on fresh ports and an empty `dataDir` with a bootstrap owner who can sign in, and
 * launches Chromium. `env` adds settings (e.g. SANDBOX_JOB_SECONDS).
 */
export async function startStudioStack(options: {
  dataDir: string;
  shots: string;
  env?: Record<string, string>;
}): Promise<StudioStack> {
  const email = 'studio-owner@example.test';
  const password = 'studio owner password';
  mkdirSync(options.shots, { recursive: true });
  const ports = { APP_PORT: String(await freePort()), BASE_PORT: String(await freePort()) };
  const local = startLocalProcess({
    ...ports,
    DATA_DIR: options.dataDir,
    PUBLIC_APP_URL: '',
    PUBLIC_BASE_URL: '',
    BOOTSTRAP_API_KEY: '',
    BOOTSTRAP_USER_EMAIL: email,
    BOOTSTRAP_USER_PASSWORD: password,
    ...options.env,
  });
  const ready = await waitUntilReady(local, 180_000);
  const workspaceId = /Created workspace (\S+)/.exec(local.output())?.[1];
  if (!workspaceId || !ready.apiKey)
    throw new Error(`local mode printed no bootstrap workspace and key:\n${local.output()}`);
  // Chromium's audio client (PulseAudio) makes a pulse-* folder in TMPDIR when XDG_RUNTIME_DIR is unset,
  // as on CI, whenever a page touches media, and Chromium its own .org.chromium.Chromium.* folders (left
  // behind when a browser process dies under load); a runtime folder of ours, removed in stop(), holds both.
  const runtimeDir = mkdtempSync(join(tmpdir(), 'chromium-runtime-'));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    env: { ...process.env, XDG_RUNTIME_DIR: runtimeDir, TMPDIR: runtimeDir },
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    appUrl: ready.appUrl,
    baseUrl: ready.baseUrl,
    dataDir: options.dataDir,
    workspaceId,
    apiKey: ready.apiKey,
    email,
    password,
    local,
    browser,
    shots: options.shots,
    async stop() {
      await browser.close();
      rmSync(runtimeDir, { recursive: true, force: true });
      if (local.child.exitCode === null && local.child.signalCode === null) {
        local.child.kill('SIGTERM');
        await local.exited;
      }
    },
  };
}

export interface StudioPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** What a person would have noticed so far: console errors, CSP reports, answers ≥ 400. */
  readonly problems: string[];
}

/** A fixed, reproducible browser context (viewport, locale, time zone, no motion). */
export async function openStudioPage(
  stack: StudioStack,
  options: { ignoreStatuses?: readonly number[] } = {},
): Promise<StudioPage> {
  const context = await stack.browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
    timezoneId: 'UTC',
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || /Content.Security.Policy/i.test(message.text()))
      problems.push(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && !options.ignoreStatuses?.includes(response.status())) {
      problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  return { context, page, problems };
}

/** Waits for a screen of the studio (`data-screen`) to say it is ready. */
export const screen = (page: Page, name: string) =>
  page.locator(`[data-screen="${name}"][data-state="ready"]`).waitFor();

/** Signs in on the authorization server's page as the stack's owner (or `as`), landing on the canvases. */
export async function signIn(
  page: Page,
  stack: StudioStack,
  as: { email: string; password: string } = stack,
): Promise<void> {
  await page.goto(`${stack.appUrl}/`);
  await screen(page, 'signed-out');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#email').waitFor();
  await page.fill('#email', as.email);
  await page.fill('#password', as.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await screen(page, 'canvases');
  await page.getByTestId('workspace').filter({ hasNotText: 'Workspace…' }).waitFor();
}

/** Serious and critical WCAG 2.1 A/AA findings on the page as it is now, as readable lines. */
export async function accessibilityProblems(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ` +
        `${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Screenshots the page as `<name>.png` for a person to look at, and checks it with axe-core. */
export async function look(page: Page, shots: string, name: string): Promise<void> {
  await page.screenshot({ path: join(shots, `${name}.png`), animations: 'disabled', caret: 'hide', fullPage: true });
  expect(await accessibilityProblems(page), `axe on ${name}`).toEqual([]);
}

/** Runs the admin CLI (`npm run admin -- …`) against the stack's data directory. */
export function admin(
  stack: Pick<StudioStack, 'dataDir'>,
  args: string[],
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(join(process.cwd(), 'node_modules', '.bin', 'tsx'), ['scripts/admin.ts', ...args], {
      env: { ...process.env, DATA_DIR: stack.dataDir },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code) => resolve({ code, output }));
  });
}
