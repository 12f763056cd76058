// bench (part of `npm run bench`): templates. A benchmark, not a test: it prints numbers and asserts nothing.
//
//   For three canvases — small (prompt → text → output), near the 350 KB limit in compressible text,
//   near the limit in incompressible text (random base64, so the gzipped snapshot takes two parts) —
//   publish, read the snapshot, use (a new canvas), republish and delete through the use cases and the
//   real DynamoDB adapters: median milliseconds over BENCH_TEMPLATE_ROUNDS (20), DynamoDB calls and
//   capacity units per operation (as DynamoDB Local reports them), and the bytes stored.
//
// Starts its own DynamoDB Local (in memory) on a free loopback port and stops it.
import { randomBytes } from 'node:crypto';
import { startDynamoDbLocal } from '../../lib/local/dynamodb-local.ts';
import { freePort } from '../../lib/local/ports.ts';
import { LOCAL_CREDENTIALS, LOCAL_REGION, ensureTable } from '../../lib/local/provision.ts';
import { ENV } from '../../functions/adapters/env.ts';
import { CallCounter } from './call-counter.ts';

const ROUNDS = Number(process.env.BENCH_TEMPLATE_ROUNDS ?? 20);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const fmt = (value: number, digits = 1) => value.toFixed(digits);

async function main() {
  const dynamodb = await startDynamoDbLocal({ port: await freePort() });
  try {
    Object.assign(process.env, {
      [ENV.tableName]: 'bench-templates',
      [ENV.dynamodbEndpoint]: dynamodb.endpoint,
      AWS_REGION: LOCAL_REGION,
      AWS_ACCESS_KEY_ID: LOCAL_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: LOCAL_CREDENTIALS.secretAccessKey,
    });
    await ensureTable(dynamodb.endpoint, 'bench-templates');
    // Imported after the environment is set: the adapters read it on first use.
    const { systemClock } = await import('#core/clock');
    const { provisionWorkspace } = await import('#core/workspaces/use-cases');
    const { createCanvas, applyOperations } = await import('#core/canvas/use-cases');
    const { CANVAS_MAX_BYTES } = await import('#core/canvas/model');
    const { publishTemplate, getTemplateSnapshot, useTemplate, deleteTemplate } = await import(
      '#core/templates/use-cases'
    );
    const { DynamoTemplateRepository } = await import('#adapters/dynamodb/template-repository');
    const { encodeSnapshot } = await import('#adapters/dynamodb/template-parts');
    const { freezeCanvas } = await import('#core/templates/freeze');
    const { canvases, workspaces } = await import('#adapters/composition/stores');
    const { table } = await import('#adapters/dynamodb/client');
    const deps = { templates: new DynamoTemplateRepository(), canvases, clock: systemClock };
    const seeded = await provisionWorkspace(
      { name: 'bench templates', ownerEmail: `bench-${Date.now()}@example.test` },
      { workspaces, clock: systemClock },
    );
    if (!seeded) throw new Error('could not seed a workspace');
    const principal = { workspaceId: seeded.workspaceId, keyId: seeded.keyId, scopes: seeded.scopes };

    const half = Math.floor((CANVAS_MAX_BYTES - 8 * 1024) / 2);
    const prose = () => 'The quick brown fox jumps over the lazy dog. '.repeat(Math.ceil(half / 45)).slice(0, half);
    const noise = () => randomBytes(half).toString('base64').slice(0, half);
    const shapes: [string, string[]][] = [
      ['small (3 nodes, no documents)', []],
      ['near limit, compressible text', [prose(), prose()]],
      ['near limit, random base64', [noise(), noise()]],
    ];

    const counter = new CallCounter();
    counter.attach('dynamodb', table().client);
    console.log(
      `\ntemplates: median of ${ROUNDS} rounds per operation; DynamoDB calls and capacity units per call of the operation`,
    );
    for (const [label, documents] of shapes) {
      const canvas = await createCanvas(principal, { name: label }, deps);
      await applyOperations(
        principal,
        { canvasId: canvas.id },
        [
          { op: 'node/add', id: 'prompt', type: 'prompt', data: { prompt: 'hello' } },
          { op: 'node/add', id: 'tpl', type: 'text', data: { template: '{{input}}' } },
          { op: 'node/add', id: 'out', type: 'output', data: {} },
          {
            op: 'edge/add',
            id: 'e1',
            source: 'prompt',
            sourceHandle: 'prompt-out',
            target: 'tpl',
            targetHandle: 'text-in',
          },
          {
            op: 'edge/add',
            id: 'e2',
            source: 'tpl',
            sourceHandle: 'text-out',
            target: 'out',
            targetHandle: 'value-in',
          },
          ...documents.map((content, index) => ({
            op: 'node/document-write' as const,
            nodeId: index === 0 ? 'tpl' : 'out',
            content,
            format: 'text' as const,
          })),
        ],
        deps,
      );
      const source = await canvases.get(principal.workspaceId, canvas.id);
      const parts = encodeSnapshot(freezeCanvas(source!));
      const timings: Record<string, number[]> = { publish: [], snapshot: [], use: [], republish: [], delete: [] };
      const usage: Record<string, { calls: number; rcu: number; wcu: number }> = {};
      const time = async <T>(name: string, action: () => Promise<T>): Promise<T> => {
        counter.reset();
        const t0 = performance.now();
        const result = await action();
        timings[name]!.push(performance.now() - t0);
        const capacity = counter.capacity();
        usage[name] = {
          calls: Object.values(counter.snapshot()).reduce((sum, count) => sum + count, 0),
          rcu: capacity['all RCU'] ?? 0,
          wcu: capacity['all WCU'] ?? 0,
        };
        return result;
      };
      for (let round = 0; round <= ROUNDS; round++) {
        const { template } = await time('publish', () => publishTemplate(principal, { canvasId: canvas.id }, deps));
        await time('snapshot', () => getTemplateSnapshot(principal, template.id, deps));
        const used = await time('use', () => useTemplate(principal, { templateId: template.id }, deps));
        await time('republish', () =>
          publishTemplate(principal, { canvasId: canvas.id, templateId: template.id }, deps),
        );
        await time('delete', () => deleteTemplate(principal, template.id, deps));
        await canvases.delete(principal.workspaceId, used.canvas.id);
        if (round === 0) for (const values of Object.values(timings)) values.length = 0; // warm-up round
      }
      const bytes = Buffer.byteLength(JSON.stringify(freezeCanvas(source!)));
      const stored = parts.reduce((sum, part) => sum + part.byteLength, 0);
      console.log(
        `  ${label}: snapshot ${fmt(bytes / 1024)} KB as JSON → ${fmt(stored / 1024)} KB gzipped in ${parts.length} part(s)`,
      );
      for (const [name, values] of Object.entries(timings)) {
        const { calls, rcu, wcu } = usage[name]!;
        console.log(
          `    ${name.padEnd(10)} ${fmt(median(values)).padStart(7)} ms   ${calls} calls, ${fmt(rcu)} RCU, ` +
            `${fmt(wcu)} WCU`,
        );
      }
    }
  } finally {
    await dynamodb.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
