// bench: the FOCUS export of 1,000,000 ledger entries (issue 10, "Performance"). Prints figures, asserts
// nothing. Each case runs in a process of its own, so its peak RSS (maxRSS) is its own:
//
//   ceiling-<format>  synthetic ledger → focusRows → writer → chunks dropped     no I/O: the serialising ceiling
//   export-<format>   the same, through exportFocus: past the 5 MB inline limit the rest of the same stream
//                     goes to S3ExportStore (streamed multipart upload to s3rver in the parent process,
//                     data under /dev/shm when it exists) and a presigned link is made
//
// The ledger is a synthetic LedgerReader (the DynamoDB Query cost of reading 1M entries is the ledger's,
// 500 per page, and is not in these figures): entries 2.6 s apart over 30 days, usage on
// BENCH_FOCUS_RESOURCES canvas nodes (50) × 2 SKUs with a purchase or grant every 1,000th — about 72,000
// hourly usage rows. The aim (issue 10): peak RSS under 256 MB, export at least 0.5 of the ceiling.
//
//   npx tsx scripts/bench/focus-export.ts        (also run at the end of `npm run bench`)
// Settings: BENCH_FOCUS_ENTRIES (1000000), BENCH_FOCUS_RESOURCES (50), BENCH_FOCUS_ROUNDS (1).
import { fork } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ENTRIES = Number(process.env.BENCH_FOCUS_ENTRIES ?? 1_000_000);
const RESOURCES = Number(process.env.BENCH_FOCUS_RESOURCES ?? 50);
const ROUNDS = Number(process.env.BENCH_FOCUS_ROUNDS ?? 1);
const BUCKET = 'bench-focus-exports';
const FROM = Date.parse('2026-05-01T00:00:00Z');
const SPAN_MS = 30 * 24 * 3_600_000;

type Case = `${'ceiling' | 'export'}-${'jsonl' | 'csv'}`;
interface Measured {
  case: Case;
  entries: number;
  bytes: number;
  ms: number;
  maxRssMb: number;
  stored?: boolean;
}

// ── child: one case ───────────────────────────────────────────────────────────────────────────
async function child(which: Case): Promise<Measured> {
  const { focusChunks, exportFocus } = await import('../../functions/core/focus/export.ts');
  const { DEFAULT_FOCUS_IDENTITY } = await import('../../functions/core/focus/rows.ts');
  const { S3ExportStore } = await import('../../functions/adapters/s3/export-store.ts');
  type LedgerEntry = import('../../functions/core/credits/ledger-entry.ts').LedgerEntry;
  const workspaceId = 'ws_01benchbenchbenchbenchbench';
  const step = SPAN_MS / ENTRIES;
  const skus = [
    { sku: 'video.generate', model: 'standard', unit: 'Seconds', unitPrice: 10 },
    { sku: 'audio.tts', model: 'multilingual_v2', unit: '1000 Characters', unitPrice: 6 },
  ];
  const ledger = {
    async *entriesBetween(): AsyncGenerator<LedgerEntry> {
      for (let i = 0; i < ENTRIES; i++) {
        const occurredAt = new Date(FROM + Math.floor(i * step)).toISOString();
        const id = `led_${i.toString(32).padStart(26, '0')}`;
        if (i % 1000 === 999) {
          yield i % 2000 === 1999
            ? {
                id,
                workspaceId,
                type: 'grant',
                credits: 1000,
                operationId: `grant:${i}`,
                occurredAt,
                grantedBy: 'promotion',
                description: 'Promotional credits',
              }
            : {
                id,
                workspaceId,
                type: 'purchase',
                credits: 5000,
                operationId: `stripe-event:evt_${i}`,
                occurredAt,
                source: 'checkout',
                description: 'Credit pack (5000)',
                payment: {
                  provider: 'stripe',
                  reference: `cs_${i}`,
                  eventId: `evt_${i}`,
                  currency: 'USD',
                  amount: '45.00',
                },
              };
          continue;
        }
        const price = skus[i % 2]!;
        const quantity = 1 + (i % 7) * 0.6;
        const pricingQuantity = Math.ceil(quantity);
        yield {
          id,
          workspaceId,
          type: 'usage',
          credits: -pricingQuantity * price.unitPrice,
          operationId: `exec_${i}:node`,
          occurredAt,
          pricing: {
            sku: price.sku,
            skuPriceId: `${price.sku}:${price.model}:${price.unitPrice}/${price.unit}`,
            model: price.model,
            unit: price.unit,
            quantity,
            pricingQuantity,
            unitPrice: price.unitPrice,
          },
          resource: {
            canvasId: `cnv_${i % 5}`,
            executionId: `exec_${i}`,
            nodeId: `node_${(i >> 1) % RESOURCES}`,
            provider: 'bench',
          },
        };
      }
    },
  };
  const deps = {
    ledger,
    workspaces: { get: async () => ({ name: 'Bench workspace' }) },
    store: new S3ExportStore(),
    clock: { now: () => new Date() },
    creditPrice: { currency: 'USD', perCredit: '0.009' },
    identity: DEFAULT_FOCUS_IDENTITY,
  };
  const [kind, format] = which.split('-') as ['ceiling' | 'export', 'jsonl' | 'csv'];
  const range = { from: new Date(FROM), to: new Date(FROM + SPAN_MS) };
  const started = performance.now();
  let bytes = 0;
  let stored: boolean | undefined;
  if (kind === 'ceiling') {
    for await (const chunk of await focusChunks(workspaceId, range, format, deps)) bytes += Buffer.byteLength(chunk);
  } else {
    const result = await exportFocus(
      { workspaceId, keyId: 'key_bench', scopes: ['read:billing'] },
      { range, format },
      deps,
    );
    stored = result.kind === 'stored';
    if (result.kind === 'stored') {
      const head = await fetch(result.url, { method: 'HEAD' });
      bytes = Number(head.headers.get('content-length'));
    } else bytes = Buffer.byteLength(result.body);
  }
  const ms = performance.now() - started;
  return {
    case: which,
    entries: ENTRIES,
    bytes,
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    ...(stored === undefined ? {} : { stored }),
  };
}

// ── parent: s3rver + one child per case ──────────────────────────────────────────────────────────
function runChild(which: Case, env: Record<string, string>): Promise<Measured> {
  return new Promise((resolve, reject) => {
    const process_ = fork(fileURLToPath(import.meta.url), ['--child', which], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: { ...process.env, ...env, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    });
    let result: Measured | undefined;
    process_.on('message', (message: Measured) => (result = message));
    process_.once('exit', (code) =>
      result ? resolve(result) : reject(new Error(`bench child ${which} exited with ${code}`)),
    );
  });
}

export async function benchFocusExport(): Promise<void> {
  const { startS3Local } = await import('../../lib/local/s3-local.ts');
  const { ensureBucket, LOCAL_CREDENTIALS, LOCAL_REGION } = await import('../../lib/local/provision.ts');
  const parent = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dataDir = mkdtempSync(join(parent, 'bench-focus-'));
  const s3 = await startS3Local({ dataDir });
  try {
    await ensureBucket(s3.endpoint, BUCKET);
    const env = {
      MEDIA_BUCKET_NAME: BUCKET,
      S3_ENDPOINT: s3.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    };
    const results = new Map<Case, Measured[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const which of ['ceiling-jsonl', 'export-jsonl', 'ceiling-csv', 'export-csv'] as const) {
        const measured = await runChild(which, env);
        results.set(which, [...(results.get(which) ?? []), measured]);
      }
    }
    const best = (which: Case) => results.get(which)!.reduce((a, b) => (a.ms <= b.ms ? a : b));
    const fmt = (value: number, digits = 0) =>
      value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
    console.log('─'.repeat(100));
    console.log(
      `FOCUS export of ${fmt(ENTRIES)} ledger entries (${RESOURCES} nodes × 2 SKUs, hourly usage rows; best of ${ROUNDS}; each case its own process)`,
    );
    for (const format of ['jsonl', 'csv'] as const) {
      const ceiling = best(`ceiling-${format}`);
      const exported = best(`export-${format}`);
      for (const measured of [ceiling, exported]) {
        const storage =
          measured.stored === undefined
            ? ''
            : measured.stored
              ? '  (stored: multipart upload + presigned link)'
              : '  (inline)';
        console.log(
          `  ${measured.case.padEnd(14)} ` +
            `${fmt(measured.entries / (measured.ms / 1000)).padStart(9)} ` +
            `entries/s  ${fmt(measured.ms / 1000, 2).padStart(6)} s  ` +
            `${fmt(measured.bytes / 1024 / 1024, 1).padStart(6)} MB  peak RSS ` +
            `${fmt(measured.maxRssMb, 0).padStart(4)} ` +
            `MB${storage}`,
        );
      }
      console.log(
        `  ${format}: export / ceiling = ${fmt(ceiling.ms / exported.ms, 2)} (aim ≥ 0.5); peak RSS ` +
          `${fmt(exported.maxRssMb, 0)} MB ` +
          `(aim < 256 MB)`,
      );
    }
  } finally {
    await s3.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  const measured = await child(process.argv[3] as Case);
  process.send!(measured, () => process.exit(0));
} else if (import.meta.url === pathToFileURL(process.argv[1]!).href) {
  await benchFocusExport();
}
