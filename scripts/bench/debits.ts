// bench: credit debits per second — 16 concurrent writers on ONE workspace (its balance shards: the items
// every debit of the workspace must update) versus 16 writers on 16 workspaces. What one item takes per
// charge, one balance item against shards, is counted by credit-shards.ts.
// Each debit is the real use case: one TransactWriteItems of operation marker + ledger entry + balance
// item conditioned on enough credits, against DynamoDB Local in memory. Prints figures, asserts nothing
// (besides the ledger invariant, checked after each case: balance = sum of entries, never negative).
//
//   npx tsx scripts/bench/debits.ts           (also run at the end of `npm run bench`)
//
// Settings: BENCH_DEBIT_WRITERS (16), BENCH_DEBIT_SECONDS (5) per case after BENCH_DEBIT_WARMUP (1) s.
// DynamoDB Local is one JVM on this machine, so absolute figures say little about AWS; the ratio between
// the two cases and the conflict retries show what the single balance item costs (docs/billing.md).
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { freePort } from '../../lib/local/ports.ts';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';

const WRITERS = Number(process.env.BENCH_DEBIT_WRITERS ?? 16);
const SECONDS = Number(process.env.BENCH_DEBIT_SECONDS ?? 5);
const WARMUP = Number(process.env.BENCH_DEBIT_WARMUP ?? 1);

interface CaseResult {
  debits: number;
  perSecond: number;
  p50: number;
  p99: number;
  conflictRetries: number;
  gaveUp: number;
}

/** Two rounds of a case as one: throughput averaged, the worse percentile kept. */
const merge = (a: CaseResult, b: CaseResult): CaseResult => ({
  debits: a.debits + b.debits,
  perSecond: (a.perSecond + b.perSecond) / 2,
  p50: Math.max(a.p50, b.p50),
  p99: Math.max(a.p99, b.p99),
  conflictRetries: a.conflictRetries + b.conflictRetries,
  gaveUp: a.gaveUp + b.gaveUp,
});

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export async function benchDebits(print: (line: string) => void = console.log): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const dynamodb = await startDynamoDbLocal({ port: await freePort() });
  try {
    Object.assign(process.env, {
      TABLE_NAME: 'bench-debits',
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    });
    await ensureTable(dynamodb.endpoint, 'bench-debits');
    // Imported once the environment names the table: the client reads it on first use.
    const { systemClock } = await import('../../functions/core/clock.ts');
    const { debit, grantCredits } = await import('../../functions/core/credits/ledger.ts');
    const { priceBookFrom } = await import('../../functions/core/credits/prices.ts');
    const { ConflictError } = await import('../../functions/core/errors.ts');
    const { provisionWorkspace } = await import('../../functions/core/workspaces/use-cases.ts');
    const { workspaces } = await import('../../functions/adapters/composition/stores.ts');
    const { DynamoLedgerRepository, ledgerTransactionStats } = await import(
      '../../functions/adapters/dynamodb/ledger-repository.ts'
    );
    const ledger = new DynamoLedgerRepository();
    const deps = {
      ledger,
      clock: systemClock,
      prices: priceBookFrom({
        prices: JSON.stringify([{ sku: 'bench.op', model: '*', unit: 'Requests', creditsPerUnit: 1 }]),
      }),
    };

    const funded = async (label: string) => {
      const provisioned = await provisionWorkspace(
        { name: label, ownerEmail: `${label}@bench.example` },
        { workspaces, clock: systemClock },
      );
      if (!provisioned) throw new Error('provisioning failed');
      await grantCredits(
        {
          workspaceId: provisioned.workspaceId,
          credits: 100_000_000,
          reason: 'bench',
          grantedBy: 'bench',
          operationId: 'fund',
        },
        deps,
      );
      return provisioned.workspaceId;
    };

    /** WRITERS loops, writer i debiting workspaceOf(i), until the deadline; latencies of the measured window only. */
    const run = async (name: string, workspaceOf: (writer: number) => string): Promise<CaseResult> => {
      let sequence = 0;
      const latencies: number[] = [];
      let gaveUp = 0;
      const measureFrom = performance.now() + WARMUP * 1000;
      const deadline = measureFrom + SECONDS * 1000;
      let retriesAtStart = 0;
      setTimeout(() => (retriesAtStart = ledgerTransactionStats.conflictRetries), WARMUP * 1000);
      await Promise.all(
        Array.from({ length: WRITERS }, async (_, writer) => {
          while (performance.now() < deadline) {
            const began = performance.now();
            try {
              await debit(
                {
                  workspaceId: workspaceOf(writer),
                  operationId: `${name}-${writer}-${sequence++}`,
                  sku: 'bench.op',
                  quantity: 1,
                },
                deps,
              );
            } catch (error) {
              if (!(error instanceof ConflictError)) throw error;
              if (began >= measureFrom) gaveUp++;
              continue;
            }
            if (began >= measureFrom) latencies.push(performance.now() - began);
          }
        }),
      );
      latencies.sort((a, b) => a - b);
      return {
        debits: latencies.length,
        perSecond: latencies.length / SECONDS,
        p50: percentile(latencies, 0.5),
        p99: percentile(latencies, 0.99),
        conflictRetries: ledgerTransactionStats.conflictRetries - retriesAtStart,
        gaveUp,
      };
    };

    const check = async (workspaceId: string) => {
      const balance = await ledger.getBalance(workspaceId);
      let sum = 0;
      for await (const entry of ledger.entriesBetween(workspaceId, new Date(0), new Date(Date.now() + 60_000)))
        sum += entry.credits;
      if (sum !== balance.balance || balance.balance < 0)
        throw new Error(`ledger invariant broken on ${workspaceId}: balance ${balance.balance}, sum ${sum}`);
    };

    const hot = await funded('hot');
    const spread = await Promise.all(Array.from({ length: WRITERS }, (_, i) => funded(`spread${i}`)));
    // A, B, then B, A: a machine that gets busier or quieter during the run favours neither case.
    const one1 = await run('one1', () => hot);
    const many1 = await run('many1', (writer) => spread[writer]!);
    const many2 = await run('many2', (writer) => spread[writer]!);
    const one2 = await run('one2', () => hot);
    const one = merge(one1, one2);
    const many = merge(many1, many2);
    await Promise.all([hot, ...spread].map(check));

    const line = (label: string, result: CaseResult) =>
      `  ${label.padEnd(32)} ${result.perSecond.toFixed(0).padStart(6)} debits/s   p50 ` +
      `${result.p50.toFixed(1).padStart(6)} ms   p99 ` +
      `${result.p99.toFixed(1).padStart(6)} ms   conflict ` +
      `retries ` +
      `${String(result.conflictRetries).padStart(5)}   ` +
      `gave up ${result.gaveUp}`;
    print(
      `credit debits: ${WRITERS} concurrent writers, 2 rounds of ${SECONDS} s per case after ${WARMUP} s warm-up, DynamoDB Local in memory (node ${process.version}, ${cpus().length} cores, load average ` +
        `${loadBefore.toFixed(1)} → ` +
        `${loadavg()[0]!.toFixed(1)})`,
    );
    print(line(`${WRITERS} writers, 1 workspace`, one));
    print(line(`${WRITERS} writers, ${WRITERS} workspaces`, many));
    print(
      `  one hot balance item / spread: ×${(one.perSecond / many.perSecond).toFixed(2)} throughput; ledger invariant held on all ${WRITERS + 1} workspaces`,
    );
  } finally {
    await dynamodb.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchDebits();
