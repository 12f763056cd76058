// bench: the write units that land on a workspace's busiest single item per 1,000 charges (issue 33,
// "The credits item must not become the ceiling"). A charge is what a metered node does: a hold when it
// starts, a settle when it ends. BENCH_CHARGE_WRITERS (16) concurrent writers make 1,000 of them on one
// workspace, once with one balance shard (today's single CREDITS item) and once with N shards (the
// repository's default), in the same run against DynamoDB Local in memory, order A B B A (500 each).
//
//   npx tsx scripts/bench/credit-shards.ts       (also run by `npm run bench`, last, in a process of its own:
//                                                the DynamoDB client is per process)
//
// DynamoDB Local has no per-item limit, so the bench counts instead of timing: a middleware on the one
// document client sees every write as sent and charges each item what DynamoDB charges — a transactional
// write 2 WCU per started KB of the item (Put: its size; Update, ConditionCheck: a small item, 2),
// a single write half that — including transactions cancelled by a condition or a conflict (DynamoDB
// charges attempts, not commits). Index writes (the open-hold GSI) are counted per index partition.
// AWS allows 1,000 WCU/s on one item, so 1,000 / (busiest item's WCU per charge) is the workspace's
// ceiling in charges/s. Throughput here is DynamoDB Local's, printed beside it, not AWS's.
import { cpus, loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { freePort } from '../../lib/local/ports.ts';
import { ensureTable, LOCAL_CREDENTIALS, LOCAL_REGION } from '../../lib/local/provision.ts';
import { CallCounter } from './call-counter.ts';

const WRITERS = Number(process.env.BENCH_CHARGE_WRITERS ?? 16);
const CHARGES = 1000;
const AWS_ITEM_WCU_PER_SECOND = 1000;

type Item = Record<string, unknown>;
type Key = { PK: string; SK: string };

/** Write units per item key (`<SK>`; the partition is the one workspace) and per GSI2 partition. */
class WriteUnits {
  readonly byItem = new Map<string, number>();
  readonly byIndexPartition = new Map<string, number>();

  observe(operation: string, input: Item): void {
    if (operation === 'TransactWriteItems') {
      for (const action of input.TransactItems as Item[]) {
        const [kind, body] = Object.entries(action)[0] as [string, Item];
        const item = body.Item as Item | undefined;
        this.charge((item ?? body.Key) as Key, 2 * kilobytes(kind === 'Put' ? item : undefined), item);
      }
    } else if (operation === 'PutItem' || operation === 'UpdateItem' || operation === 'DeleteItem') {
      const item = input.Item as Item | undefined;
      this.charge((item ?? input.Key) as Key, kilobytes(item), item);
    }
  }

  private charge(key: Key, units: number, item: Item | undefined): void {
    this.byItem.set(key.SK, (this.byItem.get(key.SK) ?? 0) + units);
    // A Put with GSI2 keys writes the index entry; a Put of a closed hold (no GSI2 keys) deletes it.
    const hold = key.SK.startsWith('HOLD#') && item !== undefined;
    if (hold && typeof item.GSI2PK === 'string') this.add(item.GSI2PK, kilobytes(item));
    else if (hold && item.status !== 'held') this.add('OPENHOLD (entry removed)', 1);
  }

  private add(partition: string, units: number): void {
    this.byIndexPartition.set(partition, (this.byIndexPartition.get(partition) ?? 0) + units);
  }

  reset(): void {
    this.byItem.clear();
    this.byIndexPartition.clear();
  }
}

/** Started KB of an item as DynamoDB sizes it (names + values); an item not at hand is taken as small. */
const kilobytes = (item: Item | undefined) =>
  item ? Math.max(1, Math.ceil(Buffer.byteLength(JSON.stringify(item)) / 1024)) : 1;

const busiest = (units: Map<string, number>, matching: (key: string) => boolean = () => true) =>
  [...units].filter(([key]) => matching(key)).sort((a, b) => b[1] - a[1])[0] ?? ['none', 0];

interface Round {
  units: Map<string, number>;
  indexUnits: Map<string, number>;
  seconds: number;
  refused: number;
  committedWcu: number;
}

export async function benchCreditShards(print: (line: string) => void = console.log): Promise<void> {
  const loadBefore = loadavg()[0]!;
  const dynamodb = await startDynamoDbLocal({ port: await freePort() });
  try {
    Object.assign(process.env, {
      TABLE_NAME: 'bench-credit-shards',
      DYNAMODB_ENDPOINT: dynamodb.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    });
    await ensureTable(dynamodb.endpoint, 'bench-credit-shards');
    // Imported once the environment names the table: the client reads it on first use.
    const { systemClock } = await import('../../functions/core/clock.ts');
    const { grantCredits, holdCredits, settleHold } = await import('../../functions/core/credits/ledger.ts');
    const { priceBookFrom } = await import('../../functions/core/credits/prices.ts');
    const { provisionWorkspace } = await import('../../functions/core/workspaces/use-cases.ts');
    const { workspaces } = await import('../../functions/adapters/composition/stores.ts');
    const { table } = await import('../../functions/adapters/dynamodb/client.ts');
    const { DEFAULT_BALANCE_SHARDS, readShards } = await import(
      '../../functions/adapters/dynamodb/credit-balance-shards.ts'
    );
    const { DynamoLedgerRepository } = await import('../../functions/adapters/dynamodb/ledger-repository.ts');
    const prices = priceBookFrom({
      prices: JSON.stringify([{ sku: 'bench.node', model: '*', unit: 'Requests', creditsPerUnit: 1 }]),
    });
    const units = new WriteUnits();
    const counter = new CallCounter({ observe: (operation, input) => units.observe(operation, input as Item) });
    counter.attach('dynamodb', table().client);

    const designs = [
      { label: 'today: 1 balance item', shards: 1 },
      { label: `${DEFAULT_BALANCE_SHARDS} balance shards`, shards: DEFAULT_BALANCE_SHARDS },
    ].map((design) => ({
      ...design,
      deps: { ledger: new DynamoLedgerRepository({ balanceShards: design.shards }), clock: systemClock, prices },
      workspaceId: '',
      rounds: [] as Round[],
    }));
    for (const design of designs) {
      const provisioned = await provisionWorkspace(
        { name: `charges ${design.shards}`, ownerEmail: `charges${design.shards}@bench.example` },
        { workspaces, clock: systemClock },
      );
      if (!provisioned) throw new Error('provisioning failed');
      design.workspaceId = provisioned.workspaceId;
      await grantCredits(
        {
          workspaceId: design.workspaceId,
          credits: 10_000_000,
          reason: 'bench',
          grantedBy: 'bench',
          operationId: 'fund',
        },
        design.deps,
      );
    }

    /** `count` charges (hold 3 credits, settle 2) by WRITERS concurrent writers; counts only these writes. */
    const charge = async (design: (typeof designs)[number], round: number, count: number): Promise<Round> => {
      units.reset();
      counter.reset();
      let next = 0;
      let refused = 0;
      const began = performance.now();
      await Promise.all(
        Array.from({ length: WRITERS }, async () => {
          for (let i = next++; i < count; i = next++) {
            const operationId = `run${round}:node${i}`;
            const work = { workspaceId: design.workspaceId, operationId, sku: 'bench.node', quantity: 3 };
            try {
              await holdCredits(work, design.deps);
              await settleHold({ workspaceId: design.workspaceId, operationId, quantity: 2 }, design.deps);
            } catch {
              refused++;
            }
          }
        }),
      );
      const seconds = (performance.now() - began) / 1000;
      return {
        units: new Map(units.byItem),
        indexUnits: new Map(units.byIndexPartition),
        seconds,
        refused,
        committedWcu: counter.capacity()['all WCU'] ?? 0,
      };
    };

    const [single, sharded] = designs as [(typeof designs)[number], (typeof designs)[number]];
    for (const [design, round] of [
      [single, 1],
      [sharded, 1],
      [sharded, 2],
      [single, 2],
    ] as const)
      design.rounds.push(await charge(design, round, CHARGES / 2));

    print(
      `credit charges (hold + settle), ${CHARGES} per design in 2 rounds, ${WRITERS} concurrent writers on one workspace, DynamoDB Local in memory (node ${process.version}, ${cpus().length} cores, load average ` +
        `${loadBefore.toFixed(1)} → ${loadavg()[0]!.toFixed(1)})`,
    );
    const rows = [];
    for (const design of designs) {
      const merged = new Map<string, number>();
      const indexMerged = new Map<string, number>();
      for (const round of design.rounds) {
        for (const [key, value] of round.units) merged.set(key, (merged.get(key) ?? 0) + value);
        for (const [key, value] of round.indexUnits) indexMerged.set(key, (indexMerged.get(key) ?? 0) + value);
      }
      const seconds = design.rounds.reduce((total, round) => total + round.seconds, 0);
      const refused = design.rounds.reduce((total, round) => total + round.refused, 0);
      const committed = design.rounds.reduce((total, round) => total + round.committedWcu, 0);
      const [hotKey, hotUnits] = busiest(merged);
      const [balanceKey, balanceUnits] = busiest(merged, (key) => key.startsWith('CREDITS'));
      const [monthKey, monthUnits] = busiest(merged, (key) => key.startsWith('CREDITMONTH#'));
      const [indexKey, indexUnits] = busiest(indexMerged, (key) => key.startsWith('OPENHOLD#'));
      const total = [...merged.values()].reduce((sum, value) => sum + value, 0);
      const ceiling = AWS_ITEM_WCU_PER_SECOND / (hotUnits / CHARGES);
      rows.push({ design, hotUnits, ceiling });
      print(
        `  ${design.label.padEnd(24)} busiest item ${String(hotUnits).padStart(5)} WCU / 1,000 charges ` +
          `(${hotKey})  → AWS ceiling ≈ ${ceiling.toFixed(0)} charges/s   ` +
          `throughput here ${(CHARGES / seconds).toFixed(0)} charges/s   refused ${refused}`,
      );
      print(
        `  ${''.padEnd(24)} busiest balance item ${balanceUnits} (${balanceKey}), month counter ${monthUnits} ` +
          `(${monthKey.replace(/^CREDITMONTH#\d{4}-\d{2}/, 'CREDITMONTH#<m>')}), open-hold index partition ` +
          `${indexUnits} (${indexKey}); workspace partition ${total} WCU (${committed} as DynamoDB Local ` +
          `reports committed writes)`,
      );
      // The ledger invariant: balance = sum of entries, no shard negative.
      const balance = await design.deps.ledger.getBalance(design.workspaceId);
      let sum = 0;
      for await (const entry of design.deps.ledger.entriesBetween(
        design.workspaceId,
        new Date(0),
        new Date(Date.now() + 60_000),
      ))
        sum += entry.credits;
      const shards = await readShards(design.workspaceId);
      if (
        sum !== balance.balance ||
        shards.some((shard) => shard.available < 0 || shard.held < 0) ||
        balance.held !== 0
      )
        throw new Error(`ledger invariant broken for ${design.label}: balance ${balance.balance}, sum ${sum}`);
      print(
        `  ${''.padEnd(24)} invariant held: balance ${balance.balance} = sum of entries, held 0, ${shards.length} shard items`,
      );
    }
    const [today, next] = rows as [(typeof rows)[number], (typeof rows)[number]];
    print(
      `  busiest item: today / sharded ×${(today.hotUnits / next.hotUnits).toFixed(2)} ` +
        `(AWS ceiling ${today.ceiling.toFixed(0)} → ${next.ceiling.toFixed(0)} charges/s per workspace)`,
    );
  } finally {
    await dynamodb.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchCreditShards();
