// unit: large run values move to the blob store and back; clients get them inline or as URLs.
import { describe, expect, it } from 'vitest';
import { API_INLINE_BYTES, externalize, internalize, isBlobRef, present, type BlobStore } from '#core/runs/blobs';
import type { Execution } from '#core/runs/model';
import { executionOf, graph, node } from './support.ts';

class MemoryBlobStore implements BlobStore {
  readonly objects = new Map<string, string>();
  puts = 0;
  async put(key: string, json: string) {
    this.puts += 1;
    this.objects.set(key, json);
  }
  async get(key: string) {
    const json = this.objects.get(key);
    if (json === undefined) throw new Error(`no blob ${key}`);
    return json;
  }
  async url(key: string) {
    return `https://blobs.test/${key}`;
  }
}

function webhookExecution(body: string): Execution {
  const frozen = graph([node('hook', 'webhook-trigger'), node('out', 'output')]);
  return executionOf(frozen, {
    inputs: { body },
    trigger: {
      kind: 'webhook',
      request: {
        'method-out': 'POST',
        'url-out': '/webhook/trigger',
        'headers-out': '{}',
        'query-out': '{}',
        'body-out': body,
        'raw-body-out': body,
      },
    },
  });
}

describe('externalize / internalize', () => {
  it('moves values over 4 KB out of the execution and brings them back unchanged', async () => {
    // Prepare
    const store = new MemoryBlobStore();
    const big = 'b'.repeat(300 * 1024);
    const execution = webhookExecution(big);
    execution.outputs.hook = { 'raw-body-out': big, 'method-out': 'POST' };
    const original = structuredClone(execution);

    // Act
    await externalize(execution, store);
    const stored = structuredClone(execution);
    await internalize(execution, store);

    // Assess
    expect(isBlobRef(stored.inputs)).toBe(true);
    expect(isBlobRef(stored.outputs.hook!['raw-body-out'])).toBe(true);
    expect(stored.outputs.hook!['method-out']).toBe('POST');
    expect(Buffer.byteLength(JSON.stringify(stored))).toBeLessThan(16 * 1024);
    expect(execution).toEqual(original);
  });

  it('does not upload again what it loaded unchanged', async () => {
    // Prepare
    const store = new MemoryBlobStore();
    const execution = webhookExecution('c'.repeat(10_000));
    await externalize(execution, store);
    const firstPuts = store.puts;
    const loaded = await internalize(execution, store);
    execution.outputs.out = { value: 'd'.repeat(10_000) };

    // Act
    await externalize(execution, store, loaded);

    // Assess: only the new output was written
    expect(store.puts).toBe(firstPuts + 1);
  });

  it('also moves small values out when many of them would overflow the item', async () => {
    // Prepare: 200 outputs of 3 KB each stay under the per-value limit but not under the item budget
    const store = new MemoryBlobStore();
    const execution = webhookExecution('small');
    for (let i = 0; i < 200; i++) execution.outputs[`n${i}`] = { 'text-out': 'e'.repeat(3000) };

    // Act
    await externalize(execution, store);

    // Assess
    expect(Buffer.byteLength(JSON.stringify(execution))).toBeLessThan(300 * 1024);
  });
});

describe('present', () => {
  it('inlines references up to the limit and turns larger ones into download URLs', async () => {
    // Prepare
    const store = new MemoryBlobStore();
    const execution = webhookExecution('f'.repeat(API_INLINE_BYTES * 2));
    execution.outputs.small = { 'text-out': 'g'.repeat(10_000) };
    await externalize(execution, store);

    // Act
    const shown = await present({ inputs: execution.inputs, outputs: execution.outputs }, store, execution);

    // Assess
    expect(shown.outputs.small!['text-out']).toBe('g'.repeat(10_000));
    expect(shown.inputs).toEqual({
      blob: { url: expect.stringMatching(/^https:\/\/blobs\.test\/runs\/ws_test\/exec_/), bytes: expect.any(Number) },
    });
  });
});

describe('forged references', () => {
  it("never resolves a reference the run did not write (another run's or another workspace's object)", async () => {
    // Prepare: a victim's stored value, and a run whose inputs carry references to it
    const store = new MemoryBlobStore();
    store.objects.set(
      'runs/ws_victim/exec_victim/outputs/out/value.json',
      JSON.stringify('secret of another workspace'),
    );
    const forged = { $blob: { key: 'runs/ws_victim/exec_victim/outputs/out/value.json', bytes: 1 } };
    const traversal = {
      $blob: { key: 'runs/ws_test/PLACEHOLDER/../../ws_victim/exec_victim/outputs/out/value.json', bytes: 1 },
    };
    const execution = executionOf(graph([node('prompt', 'prompt')]), { inputs: { a: forged } });
    traversal.$blob.key = traversal.$blob.key.replace('PLACEHOLDER', execution.executionId);
    execution.inputs = { a: forged, b: traversal };

    // Act
    await internalize(execution, store);
    const shown = await present(
      { inputs: execution.inputs, whole: forged },
      store,
      execution,
      Number.POSITIVE_INFINITY,
    );
    const shownAsUrl = await present(forged, store, execution, 0);

    // Assess: the objects stay inert user data
    expect(execution.inputs).toEqual({ a: forged, b: traversal });
    expect(JSON.stringify(shown)).not.toContain('secret of another workspace');
    expect(shownAsUrl).toEqual(forged);
  });
});
