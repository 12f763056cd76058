// bench (part of `npm run bench`): assets. A benchmark, not a test: it prints numbers and asserts nothing.
//
//   upload   50 MB through the presigned URL of a real reservation (the PUT alone, and reserve + PUT +
//            finalize end to end) beside a plain PUT of the same bytes to the same s3rver with no service
//            logic at all. Rounds alternate the order; medians are reported. Goal: presigned PUT ≥ 0.9 of
//            the plain PUT's MB/s (the bytes never pass through our code, so the ratio should be ~1).
//   listing  10,000 library assets read page by page (limit 200, then 50, then a tag filter matching
//            one asset in ten): items/s and DynamoDB calls per page, counted on the client the
//            repository really uses.
//
// Starts its own DynamoDB Local (in memory) and s3rver (data under BENCH_DATA_PARENT: /dev/shm when it
// exists) on free loopback ports, and stops them. Settings: BENCH_UPLOAD_MB (50), BENCH_UPLOAD_ROUNDS (3),
// BENCH_ASSETS (10000).
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BatchWriteCommand } from '@aws-sdk/lib-dynamodb';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { freePort } from '../../lib/local/ports.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, provision } from '../../lib/local/provision.ts';
import { startS3Local } from '../../lib/local/s3-local.ts';
import { ENV } from '../../functions/adapters/env.ts';
import { CallCounter } from './call-counter.ts';

const UPLOAD_MB = Number(process.env.BENCH_UPLOAD_MB ?? 50);
const UPLOAD_ROUNDS = Number(process.env.BENCH_UPLOAD_ROUNDS ?? 3);
const ASSET_COUNT = Number(process.env.BENCH_ASSETS ?? 10_000);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number, digits = 1) => value.toFixed(digits);

async function main() {
  const parent = process.env.BENCH_DATA_PARENT ?? (existsSync('/dev/shm') ? '/dev/shm' : tmpdir());
  const s3Dir = mkdtempSync(join(parent, 'bench-assets-s3-'));
  const [dynamodb, s3] = await Promise.all([
    startDynamoDbLocal({ port: await freePort() }),
    startS3Local({ dataDir: s3Dir }),
  ]);
  try {
    Object.assign(process.env, {
      [ENV.tableName]: 'bench-assets',
      [ENV.bucketName]: 'bench-media',
      [ENV.dynamodbEndpoint]: dynamodb.endpoint,
      [ENV.s3Endpoint]: s3.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    });
    await provision({
      dynamodbEndpoint: dynamodb.endpoint,
      s3Endpoint: s3.endpoint,
      tableName: 'bench-assets',
      bucketName: 'bench-media',
    });
    // Imported after the environment is set: the adapters read it on first use.
    const { systemClock } = await import('#core/clock');
    const { provisionWorkspace } = await import('#core/workspaces/use-cases');
    const { reserveUpload, finalizeUpload, listLibrary } = await import('#core/assets/use-cases');
    const { assetItem } = await import('#adapters/dynamodb/asset-repository');
    const { assets } = await import('#adapters/composition/stores');
    const { assetStorage } = await import('#adapters/composition/objects');
    const { canvases, workspaces } = await import('#adapters/composition/stores');
    const { table } = await import('#adapters/dynamodb/client');
    const deps = { assets, storage: assetStorage, canvases, clock: systemClock };
    const seeded = await provisionWorkspace(
      { name: 'bench assets', ownerEmail: `bench-${Date.now()}@example.test` },
      { workspaces, clock: systemClock },
    );
    if (!seeded) throw new Error('could not seed a workspace');
    const principal = { workspaceId: seeded.workspaceId, keyId: seeded.keyId, scopes: seeded.scopes };

    // ── upload ────────────────────────────────────────────────────────────────────────────────────
    const bytes = randomBytes(UPLOAD_MB * 1_000_000);
    const digest = createHash('sha256').update(bytes).digest('base64');
    const mb = bytes.length / 1_000_000;
    const plainPut = async (round: number) => {
      const t0 = performance.now();
      const response = await fetch(`${s3.endpoint}/bench-media/plain/${round}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'video/mp4' },
        body: bytes,
      });
      if (response.status !== 200) throw new Error(`plain PUT answered ${response.status}`);
      return performance.now() - t0;
    };
    const presigned = async (withChecksum: boolean) => {
      const t0 = performance.now();
      const reserved = await reserveUpload(
        principal,
        {
          target: 'library',
          name: 'bench.mp4',
          contentType: 'video/mp4',
          size: bytes.length,
          ...(withChecksum ? { sha256: digest } : {}),
        },
        deps,
      );
      const t1 = performance.now();
      const { 'Content-Length': _length, ...headers } = reserved.upload.headers;
      const response = await fetch(reserved.upload.url, { method: 'PUT', headers, body: bytes });
      if (response.status !== 200) throw new Error(`presigned PUT answered ${response.status}`);
      const t2 = performance.now();
      await finalizeUpload(principal, { uploadId: reserved.uploadId }, 'library', deps);
      const t3 = performance.now();
      return { reserveMs: t1 - t0, putMs: t2 - t1, finalizeMs: t3 - t2, totalMs: t3 - t0 };
    };
    await plainPut(0); // warm-up: s3rver, the fetch agent, the JIT
    await presigned(false);
    const plain: number[] = [];
    const signed: { reserveMs: number; putMs: number; finalizeMs: number; totalMs: number }[] = [];
    const signedSum: typeof signed = [];
    for (let round = 1; round <= UPLOAD_ROUNDS; round++) {
      if (round % 2) {
        plain.push(await plainPut(round));
        signed.push(await presigned(false));
        signedSum.push(await presigned(true));
      } else {
        signedSum.push(await presigned(true));
        signed.push(await presigned(false));
        plain.push(await plainPut(round));
      }
    }
    const rate = (msValues: number[]) => mb / (median(msValues) / 1000);
    const plainRate = rate(plain);
    console.log(`\nassets: upload of ${fmt(mb, 0)} MB against s3rver, median of ${UPLOAD_ROUNDS} rounds (MB/s)`);
    console.log(`  plain PUT (no service logic)             ${fmt(plainRate)}`);
    for (const [label, rows] of [
      ['presigned PUT', signed],
      ['presigned PUT + x-amz-checksum-sha256', signedSum],
    ] as const) {
      const putRate = rate(rows.map((row) => row.putMs));
      console.log(`  ${label.padEnd(40)} ${fmt(putRate)}   ratio ${fmt(putRate / plainRate, 2)} (aim ≥ 0.9)`);
      console.log(
        `    reserve ${fmt(median(rows.map((row) => row.reserveMs)))} ms, finalize ` +
          `${fmt(median(rows.map((row) => row.finalizeMs)))} ` +
          `ms, end to end ` +
          `${fmt(rate(rows.map((row) => row.totalMs)))} MB/s`,
      );
    }
    console.log(
      '    (finalize with a declared checksum hashes the object locally: s3rver records no checksum; S3 does, so there it is one HeadObject)',
    );

    // ── listing ───────────────────────────────────────────────────────────────────────────────────
    const listing = await import('#core/ids');
    const { client, tableName } = table();
    const seedStarted = performance.now();
    const now = Date.now();
    const items = Array.from({ length: ASSET_COUNT }, (_, i) => {
      const id = listing.newId('ast', now + i);
      return assetItem({
        id,
        workspaceId: principal.workspaceId,
        kind: i % 3 === 0 ? 'video' : 'image',
        name: `asset-${i}.png`,
        contentType: i % 3 === 0 ? 'video/mp4' : 'image/png',
        size: 1000 + i,
        sha256: null,
        storageKey: `assets/${principal.workspaceId}/${id}`,
        storageVersionId: null,
        canvasId: null,
        library: true,
        folder: `/folder-${i % 20}`,
        tags: i % 10 === 0 ? ['rare'] : ['common'],
        trashedAt: null,
        source: { type: 'upload', uploadId: `upl_${id.slice(4)}` },
        version: 1,
        createdAt: new Date(now + i).toISOString(),
        updatedAt: new Date(now + i).toISOString(),
      });
    });
    const batches = [];
    for (let i = 0; i < items.length; i += 25) batches.push(items.slice(i, i + 25));
    for (let i = 0; i < batches.length; i += 16) {
      await Promise.all(
        batches.slice(i, i + 16).map(async (batch) => {
          let pending: Record<string, unknown>[] | undefined = batch.map((Item) => ({ PutRequest: { Item } }));
          while (pending && pending.length > 0) {
            const result = await client.send(
              new BatchWriteCommand({ RequestItems: { [tableName]: pending as never } }),
            );
            pending = result.UnprocessedItems?.[tableName] as Record<string, unknown>[] | undefined;
          }
        }),
      );
    }
    console.log(
      `\nassets: library listing of ${ASSET_COUNT} assets (seeded in ${fmt((performance.now() - seedStarted) / 1000)} s with BatchWriteItem)`,
    );
    const counter = new CallCounter();
    counter.attach('dynamodb', client);
    for (const [label, limit, filter] of [
      ['limit 200, no filter', 200, {}],
      ['limit 50, no filter', 50, {}],
      ['limit 50, tag=rare (1 in 10)', 50, { tag: 'rare' }],
    ] as const) {
      counter.reset();
      let cursor: string | undefined;
      let pages = 0;
      let seen = 0;
      const t0 = performance.now();
      do {
        const page = await listLibrary(principal, { limit, cursor, trashed: false, ...filter }, deps);
        pages++;
        seen += page.items.length;
        cursor = page.nextCursor ?? undefined;
      } while (cursor);
      const seconds = (performance.now() - t0) / 1000;
      const calls = Object.values(counter.snapshot()).reduce((sum, count) => sum + count, 0);
      const rcu = counter.capacity()['all RCU'] ?? 0;
      console.log(
        `  ${label.padEnd(30)} ${String(seen).padStart(6)} items, ` +
          `${String(pages).padStart(4)} pages, ` +
          `${fmt(seen / seconds, 0).padStart(7)} items/s, ` +
          `${fmt(calls / pages, 2)} DynamoDB calls/page, ` +
          `${fmt(rcu / pages, 1)} RCU/page`,
      );
    }
  } finally {
    await Promise.allSettled([dynamodb.stop(), s3.stop()]);
    rmSync(s3Dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
