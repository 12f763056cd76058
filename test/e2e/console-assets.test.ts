// e2e: Console › Assets in Chromium against `npm start`, as a workspace owner uses it. Upload a PNG by
// dropping it on the page (the bytes go straight to the local S3 front through the presigned PUT, with
// the checksum; the CSP must allow that origin), watch the progress bar reach 100 %, see the thumbnail
// load in the grid, place the asset on an image-asset node of a canvas made through the API, read the
// usages, have purge refused naming the canvas and node, trash and restore it. axe-core on every state;
// screenshots kept in STUDIO_SCREENSHOTS when set.
import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
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
import { progressText } from '../../web/src/console/assets/progress.ts';

const folder = tempFolders('console-assets-e2e');
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

/** A `size`×`size` RGB PNG with a diagonal gradient, so the thumbnail is visibly a picture. */
function gradientPng(size: number): Buffer {
  const rows: number[] = [];
  for (let y = 0; y < size; y++) {
    rows.push(0); // filter: none
    for (let x = 0; x < size; x++) rows.push(Math.round((x / size) * 255), 90, Math.round((y / size) * 255));
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit, truecolour, deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** Calls the API with the bootstrap key, as a script would; fails the test on any refusal. */
async function api(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await fetch(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  expect(response.status, JSON.stringify(answer)).toBeLessThan(300);
  return answer;
}

/** Drops files on the drop zone the way a browser does: a `drop` event whose DataTransfer holds them. */
async function dropFile(page: Page, file: { name: string; type: string; bytes: Buffer }): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ name, type, base64 }) => {
      // Runs in the page; typed by hand because the tests compile without the DOM library.
      const page = globalThis as unknown as { DataTransfer: new () => { items: { add(file: File): void } } };
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      const transfer = new page.DataTransfer();
      transfer.items.add(new File([bytes], name, { type }));
      return transfer;
    },
    { name: file.name, type: file.type, base64: file.bytes.toString('base64') },
  );
  const zone = page.getByTestId('drop-zone');
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
}

describe('Console › Assets', () => {
  it('uploads by drag and drop, places the asset on a canvas node, refuses purge while used, trashes and restores', {
    timeout: 90_000,
  }, async () => {
    const { page, problems } = owner;
    const png = gradientPng(96);

    // The canvas the asset goes on, made through the API: one image-asset node.
    const canvas = await api('/api/mcp/canvas/create', { name: 'Spring campaign' });
    await api('/api/mcp/canvas/node/add', {
      canvasId: canvas.id,
      id: 'hero',
      type: 'image-asset',
      data: { label: 'Hero image' },
    });

    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('link', { name: 'Assets', exact: true })
      .click();
    await screen(page, 'assets');
    await page.getByText('No assets yet.').waitFor();
    await look(page, stack.shots, 'assets-1-empty');

    // Upload by drop: the PUT goes to the local S3 front with the signed Content-Type and checksum.
    const put = page.waitForRequest((request) => request.method() === 'PUT');
    await dropFile(page, { name: 'hero.png', type: 'image/png', bytes: png });
    const sent = await put;
    expect(new URL(sent.url()).origin).not.toBe(stack.appUrl);
    expect(sent.headers()['x-amz-checksum-sha256']).toBe(createHash('sha256').update(png).digest('base64'));
    expect(sent.headers()['content-type']).toBe('image/png');
    const row = page.locator('[data-upload="hero.png"]');
    await row.and(page.locator('[data-phase="done"]')).waitFor();
    const bar = row.getByRole('progressbar', { name: 'Upload of hero.png' });
    expect(await bar.getAttribute('value')).toBe('100');
    expect(await row.locator('.upload-progress').textContent()).toBe(progressText(png.length, png.length));
    expect(await row.locator('.upload-progress').textContent()).toMatch(/^100 % — /);

    // In the grid, with its thumbnail loaded from a presigned GET (img-src allows the S3 origin).
    const card = page.locator('.asset-card').filter({ hasText: 'hero.png' });
    await card.waitFor();
    const thumbnail = card.getByTestId('thumbnail');
    await expect
      .poll(() =>
        thumbnail.evaluate((image) => {
          const loaded = image as unknown as { complete: boolean; naturalWidth: number };
          return loaded.complete && loaded.naturalWidth;
        }),
      )
      .toBe(96);
    await look(page, stack.shots, 'assets-2-uploaded');

    // Details, then place it on the canvas's image-asset node.
    await card.getByRole('button').click();
    const panel = page.getByRole('complementary', { name: 'hero.png' });
    await panel.waitFor();
    await panel.getByText('No canvas or template uses it.').waitFor();
    await panel.getByLabel('Canvas', { exact: true }).selectOption({ label: 'Spring campaign' });
    await expect.poll(() => panel.getByLabel('Node (image-asset)').inputValue()).toBe('hero');
    await panel.getByRole('button', { name: 'Place', exact: true }).click();
    const usages = panel.getByTestId('usages');
    await usages.waitFor();
    expect(await usages.textContent()).toBe('Canvas Spring campaign, node hero');
    expect(await page.getByRole('status').filter({ hasText: 'Placed' }).textContent()).toBe(
      'Placed “hero.png” on node hero of “Spring campaign”.',
    );
    await look(page, stack.shots, 'assets-3-placed');

    // The server's record agrees.
    const placed = await fetch(`${stack.baseUrl}/api/mcp/canvas/state?canvasId=${canvas.id as string}`, {
      headers: { authorization: `Bearer ${stack.apiKey}` },
    }).then((response) => response.json() as Promise<{ nodes: { id: string; data: { assetId?: string } }[] }>);
    const assetId = await panel.getAttribute('data-asset-id');
    expect(placed.nodes.find((node) => node.id === 'hero')?.data.assetId).toBe(assetId);

    // Purge is refused while the canvas uses it, saying where.
    await panel.getByRole('button', { name: 'Purge…' }).click();
    await panel.getByRole('group', { name: 'Purge hero.png?' }).getByRole('button', { name: 'Purge for good' }).click();
    const refusal = panel.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain(
      'Not purged: it is still in use“hero.png” is used by canvas “Spring campaign” (node hero). Take it off there first.',
    );
    expect(await refusal.textContent()).toContain(
      `The service said: Asset ${assetId} is in use on ${canvas.id as string} (nodes hero)`,
    );
    await look(page, stack.shots, 'assets-4-purge-refused');

    // Trash: it leaves the library and shows up in the trash; restore brings it back.
    await panel.getByRole('button', { name: 'Move to trash' }).click();
    await panel.getByText('In the trash', { exact: true }).waitFor();
    await card.waitFor({ state: 'detached' });
    await page.getByLabel('Show the trash').check();
    await page.getByRole('heading', { name: 'Trash' }).waitFor();
    await page.locator('.asset-card').filter({ hasText: 'hero.png' }).waitFor();
    await look(page, stack.shots, 'assets-5-trashed');
    await panel.getByRole('button', { name: 'Restore' }).click();
    await panel.getByRole('button', { name: 'Move to trash' }).waitFor();
    await page.getByText('The trash is empty.').waitFor();
    await page.getByLabel('Show the trash').uncheck();
    await page.locator('.asset-card').filter({ hasText: 'hero.png' }).waitFor();
    await look(page, stack.shots, 'assets-6-restored');

    expect(problems).toEqual([]);
  });
});
