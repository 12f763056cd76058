// test support: Debian's chromium driven by playwright-core (no browser download), in a fresh profile
// that close() removes.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

export async function launchBrowser(): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = await mkdtemp(join(tmpdir(), 'oauth-browser-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    // PulseAudio's runtime files and Chromium's own temporary files (the profile's singleton socket in a
    // .org.chromium.Chromium.* folder) in the profile, removed with it, not in the run's TMPDIR.
    env: { ...process.env, XDG_RUNTIME_DIR: profile, TMPDIR: profile },
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
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
