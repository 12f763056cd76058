import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type CDPSession, type Page } from 'playwright-core';
import { freePort } from '../../lib/local/ports.ts';
import { CHROMIUM } from '../../test/integration/support/browser.ts';
import { GRID_COLUMNS, gridCanvas } from '../../test/support/canvas-grid.ts';
import { startLocalProcess, waitUntilReady } from '../../test/support/local-process.ts';

const RUNS = Number(process.env.BENCH_STUDIO_RUNS ?? 5);
const SIZES = [100, 1000] as const;
const EMAIL = 'bench-owner@example.test';
const PASSWORD = 'bench owner password';
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Runs in the page before React loads. Counts, per commit, the fibers of the node component (found by
 * what it renders: the element with class canvas-node) and of React Flow's wrapper (.react-flow__node).
 */
function installRenderCounter(): void {
  const PERFORMED_WORK = 1;
  const HOST = 5;
  const COMPONENT_TAGS = new Set([0, 11, 14, 15]);
  const counted = new WeakSet<object>();
  const counts = { node: 0, wrapper: 0, commits: 0 };
  const kinds = new Map<unknown, 'node' | 'wrapper' | 'other'>();
  const hostClass = (fiber: any): string => {
    let child = fiber.child;
    while (child && child.tag !== HOST) child = child.child;
    const className = child?.memoizedProps?.className;
    return typeof className === 'string' ? className : '';
  };
  const kindOf = (fiber: any): 'node' | 'wrapper' | 'other' => {
    let kind = kinds.get(fiber.type);
    if (kind) return kind;
    const className = ` ${hostClass(fiber)} `;
    kind = className.includes(' react-flow__node ')
      ? 'wrapper'
      : className.includes(' canvas-node ')
        ? 'node'
        : 'other';
    // Only a positive answer is cached: a component's first fiber may not have rendered its element yet.
    if (kind !== 'other') kinds.set(fiber.type, kind);
    return kind;
  };
  const visit = (root: any) => {
    const stack = [root];
    while (stack.length > 0) {
      const fiber = stack.pop();
      if (COMPONENT_TAGS.has(fiber.tag) && fiber.flags & PERFORMED_WORK && !counted.has(fiber)) {
        counted.add(fiber);
        if (fiber.alternate) counted.delete(fiber.alternate);
        const kind = kindOf(fiber);
        if (kind !== 'other') counts[kind]++;
      }
      if (fiber.sibling) stack.push(fiber.sibling);
      if (fiber.child) stack.push(fiber.child);
    }
  };
  (globalThis as any).__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject: () => 1,
    checkDCE: () => {},
    onScheduleFiberRoot: () => {},
    onCommitFiberUnmount: () => {},
    onPostCommitFiberRoot: () => {},
    setStrictMode: () => {},
    onCommitFiberRoot: (_id: number, root: any) => {
      counts.commits++;
      visit(root.current);
    },
  };
  (globalThis as any).__benchRenders = counts;
}

type Renders = { node: number; wrapper: number; commits: number };
const renders = (page: Page) => page.evaluate(() => ({ ...(globalThis as any).__benchRenders }) as Renders);
const mounted = (page: Page) => page.locator('.react-flow__node').count();

async function signIn(page: Page, appUrl: string): Promise<void> {
  await page.goto(`${appUrl}/`);
  await page.locator('[data-screen="signed-out"][data-state="ready"]').waitFor();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('#email').waitFor();
  await page.fill('#email', EMAIL);
  await page.fill('#password', PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.locator('[data-screen="canvases"][data-state="ready"]').waitFor();
}

type Open = { data: number; ready: number; busy: number; elements: number };

/** Milliseconds the page's main thread has been busy (Chrome's TaskDuration), through the DevTools protocol. */
async function busyMs(cdp: CDPSession): Promise<number> {
  const { metrics } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return metrics.find((metric) => metric.name === 'TaskDuration')!.value * 1000;
}

/**
 * From the canvases list, clicks the canvas and waits for canvas:ready: ms from the click to each mark,
 * the main thread's busy time over the same span (less sensitive to other processes than wall time on
 * a loaded machine), and the DOM elements inside the canvas's nodes once ready.
 */
async function openFromList(page: Page, cdp: CDPSession, canvas: { id: string; name: string }): Promise<Open> {
  await page.getByRole('link', { name: 'Canvases', exact: true }).click();
  await page.locator('[data-screen="canvases"][data-state="ready"]').waitFor();
  await page.evaluate(() => {
    performance.clearMarks();
    performance.mark('bench:open');
  });
  const busyBefore = await busyMs(cdp);
  await page.locator(`a[href="/canvases/${canvas.id}"]`).click();
  await page.waitForFunction(() => performance.getEntriesByName('canvas:ready').length > 0, undefined, {
    timeout: 60_000,
    polling: 50,
  });
  const busy = (await busyMs(cdp)) - busyBefore;
  const marks = await page.evaluate(() => {
    const at = (name: string) => performance.getEntriesByName(name)[0]!.startTime;
    // In the page: the root tsconfig has no DOM library, hence globalThis.
    const elements = (globalThis as any).document.querySelectorAll('.react-flow__nodes *').length as number;
    return { data: at('canvas:data') - at('bench:open'), ready: at('canvas:ready') - at('bench:open'), elements };
  });
  return { ...marks, busy };
}

const zoomOf = (page: Page) =>
  // In the page: the root tsconfig has no DOM library, hence globalThis.
  page
    .locator('.react-flow__viewport')
    .evaluate(
      (element) =>
        new (globalThis as any).DOMMatrixReadOnly((globalThis as any).getComputedStyle(element).transform).a as number,
    );

/** Zooms to 100 % (from fit view, which shows everything) and drags the pane; counts what rendered. */
async function pan(page: Page) {
  const box = (await page.locator('.react-flow__pane').boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.move(centre.x, centre.y);
  for (let step = 0; step < 60 && (await zoomOf(page)) < 0.95; step++) {
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(30);
  }
  await page.waitForTimeout(300);
  const zoom = await zoomOf(page);
  const before = await mounted(page);
  const start = await renders(page);
  const t0 = Date.now();
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x - 600, centre.y - 150, { steps: 30 });
  await page.mouse.up();
  await page.waitForTimeout(300);
  const ms = Date.now() - t0 - 300;
  const end = await renders(page);
  return {
    zoom,
    before,
    after: await mounted(page),
    node: end.node - start.node,
    wrapper: end.wrapper - start.wrapper,
    commits: end.commits - start.commits,
    ms,
  };
}

async function main() {
  const root = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'bench-studio-'));
  const local = startLocalProcess({
    APP_PORT: String(await freePort()),
    BASE_PORT: String(await freePort()),
    DATA_DIR: root,
    PUBLIC_APP_URL: '',
    PUBLIC_BASE_URL: '',
    BOOTSTRAP_API_KEY: '',
    BOOTSTRAP_USER_EMAIL: EMAIL,
    BOOTSTRAP_USER_PASSWORD: PASSWORD,
  });
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
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
  try {
    const ready = await waitUntilReady(local, 180_000);
    // The key line may arrive in a later chunk of stdout than the banner waitUntilReady reads.
    let apiKey = ready.apiKey;
    for (let wait = 0; !apiKey && wait < 100; wait++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      apiKey = /API key:\s+(workspace_\S+)/.exec(local.output())?.[1];
    }
    if (!apiKey) throw new Error(`local mode printed no bootstrap key:\n${local.output()}`);
    const canvases = [];
    for (const size of SIZES) canvases.push({ size, ...(await gridCanvas(ready.baseUrl, apiKey, size)) });

    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-GB',
      timezoneId: 'UTC',
    });
    // tsx compiles with keepNames: functions this file hands to the page call esbuild's __name helper.
    await context.addInitScript({ content: 'globalThis.__name = (target) => target;' });
    await context.addInitScript(installRenderCounter);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, ready.appUrl);

    console.log(
      `\nstudio: canvas editor in headless Chromium (${CHROMIUM}), 1280×800; grids of text nodes, ${GRID_COLUMNS} to a row, rows chained`,
    );
    const results = [];
    for (const canvas of canvases) {
      const opens: Open[] = [];
      let opening = await renders(page);
      for (let run = 0; run < RUNS; run++) {
        opening = await renders(page);
        opens.push(await openFromList(page, cdp, canvas));
      }
      // The counter's own check: opening must have rendered every node at least once.
      const openRenders = (await renders(page)).node - opening.node;
      const panned = await pan(page);
      results.push({ canvas, opens, panned });
      const all = (key: 'data' | 'ready' | 'busy') => opens.map((open) => Math.round(open[key])).join(', ');
      console.log(
        `  ${String(canvas.size).padStart(5)} nodes: open → canvas:data median ` +
          `${median(opens.map((open) => open.data)).toFixed(0)} ` +
          `ms (${all('data')}),` +
          ` → canvas:ready median ${median(opens.map((open) => open.ready)).toFixed(0)} ms (${all('ready')})`,
      );
      console.log(
        `               main thread busy median ${median(opens.map((open) => open.busy)).toFixed(0)} ms ` +
          `(${all('busy')}); ${opens.at(-1)!.elements} DOM ` +
          `elements in the nodes once ready`,
      );
      console.log(
        `               pan 600 px at ${Math.round(panned.zoom * 100)} %: ${panned.node} node renders, ${panned.wrapper} wrapper renders in ` +
          `${panned.commits} commits, ${panned.ms} ms;` +
          ` .react-flow__node mounted ` +
          `${panned.before} → ` +
          `${panned.after} (the last open ` +
          `rendered the node ` +
          `component ${openRenders} times)`,
      );
    }
    const [base, big] = results as [(typeof results)[0], (typeof results)[0]];
    const ratio = (a: number, b: number) =>
      b === 0 ? (a === 0 ? '1.0 (none either way)' : `${a} vs 0`) : (a / b).toFixed(1);
    console.log(
      `  ${big.canvas.size} vs ${base.canvas.size} nodes: open ` +
        `×${(median(big.opens.map((o) => o.ready)) / median(base.opens.map((o) => o.ready))).toFixed(1)},` +
        ` node renders while panning ` +
        `×${ratio(big.panned.node, base.panned.node)}, ` +
        `mounted ` +
        `nodes ` +
        `×${ratio(big.panned.after, base.panned.after)}`,
    );
    const busyOf = (result: typeof base) => median(result.opens.map((o) => o.busy));
    console.log(
      `  main thread busy while opening: ×${(busyOf(big) / busyOf(base)).toFixed(1)}; DOM elements in the nodes ` +
        `×${(big.opens.at(-1)!.elements / base.opens.at(-1)!.elements).toFixed(1)}`,
    );
    const bigReady = median(big.opens.map((o) => o.ready));
    console.log(
      `Target: ${big.canvas.size}-node canvas ready ≤ 2,000 ms: ${bigReady <= 2000 ? 'met' : 'NOT met'} ` +
        `(${bigReady.toFixed(0)} ms)`,
    );
    if (errors.length > 0) console.log(`page errors: ${errors.join('; ')}`);
  } finally {
    await browser.close();
    if (local.child.exitCode === null && local.child.signalCode === null) {
      local.child.kill('SIGTERM');
      await local.exited;
    }
    rmSync(root, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
