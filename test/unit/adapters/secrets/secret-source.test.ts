// unit: the service's own secrets are re-read after a maximum age, and on demand (a signature that did
// not verify) at most once per interval, so an operator's new value takes effect in warm functions
// (issue 21 item 8). A fake Secrets Manager and a pinned clock: nothing sleeps.
import { describe, expect, it } from 'vitest';
import { secretSource, SECRET_MAX_AGE_MS, SECRET_MIN_REFRESH_INTERVAL_MS } from '#adapters/secrets/secret-source';

const ARN = 'arn:aws:secretsmanager:eu-west-1:123456789012:secret:payments-AbCdEf';

function fakeSecretsManager(initial: string) {
  const store = { value: initial, reads: 0, failing: false };
  return {
    store,
    fetch: async (arn: string) => {
      expect(arn).toBe(ARN);
      store.reads += 1;
      if (store.failing) throw new Error('Secrets Manager unavailable');
      return store.value;
    },
  };
}

function setUp(initial = 'whsec_placeholder') {
  const manager = fakeSecretsManager(initial);
  let now = Date.UTC(2026, 0, 1);
  const clock = { now: () => new Date(now) };
  const read = secretSource('VALUE', 'ARN', { env: { ARN }, fetch: manager.fetch, clock });
  return { ...manager, read, advance: (ms: number) => (now += ms) };
}

describe('secretSource (Secrets Manager)', () => {
  it('reads once, then serves the cached value until it is older than the maximum age', async () => {
    const { read, store, advance } = setUp();
    expect(await read()).toBe('whsec_placeholder');
    store.value = 'whsec_real';
    advance(SECRET_MAX_AGE_MS - 1);
    expect(await read()).toBe('whsec_placeholder');
    expect(store.reads).toBe(1);
    advance(1);
    expect(await read()).toBe('whsec_real');
    expect(store.reads).toBe(2);
  });

  it(
    'refresh() re-reads at once when the value is older than the minimum interval, and says whether it ' + 'changed',
    async () => {
      const { read, store, advance } = setUp();
      await read();
      advance(SECRET_MIN_REFRESH_INTERVAL_MS);
      store.value = 'whsec_real';
      expect(await read.refresh()).toBe(true);
      expect(await read()).toBe('whsec_real');
      advance(SECRET_MIN_REFRESH_INTERVAL_MS);
      expect(await read.refresh()).toBe(false);
      expect(store.reads).toBe(3);
    },
  );

  it('refresh() is rate-limited: a flood of bad signatures costs at most one read per interval', async () => {
    const { read, store, advance } = setUp();
    await read();
    advance(SECRET_MIN_REFRESH_INTERVAL_MS);
    const refreshed = await Promise.all(Array.from({ length: 20 }, () => read.refresh()));
    expect(store.reads).toBe(2);
    expect(refreshed.every((changed) => changed === false)).toBe(true);
    advance(SECRET_MIN_REFRESH_INTERVAL_MS - 1);
    expect(await read.refresh()).toBe(false);
    expect(store.reads).toBe(2);
  });

  it('keeps serving the last value when a re-read fails, and retries after the minimum interval', async () => {
    const { read, store, advance } = setUp();
    await read();
    store.failing = true;
    advance(SECRET_MAX_AGE_MS);
    expect(await read()).toBe('whsec_placeholder');
    expect(await read()).toBe('whsec_placeholder');
    expect(store.reads).toBe(2);
    // Nor does every bad signature during the outage cost a read.
    expect(await read.refresh()).toBe(false);
    expect(store.reads).toBe(2);
    store.failing = false;
    store.value = 'whsec_real';
    advance(SECRET_MIN_REFRESH_INTERVAL_MS);
    expect(await read()).toBe('whsec_real');
  });

  it('throws when the first read fails, and tries again on the next call', async () => {
    const { read, store } = setUp();
    store.failing = true;
    await expect(read()).rejects.toThrow(/unavailable/);
    store.failing = false;
    expect(await read()).toBe('whsec_placeholder');
  });
});

describe('secretSource (a value in the environment, local mode)', () => {
  it('uses the value and never calls Secrets Manager', async () => {
    const manager = fakeSecretsManager('unused');
    const env: Record<string, string | undefined> = { VALUE: 'whsec_local', ARN };
    const read = secretSource('VALUE', 'ARN', { env, fetch: manager.fetch });
    expect(await read()).toBe('whsec_local');
    env.VALUE = 'whsec_changed';
    expect(await read()).toBe('whsec_changed');
    expect(await read.refresh()).toBe(false);
    expect(manager.store.reads).toBe(0);
  });

  it('is undefined when neither is set', async () => {
    expect(await secretSource('VALUE', 'ARN', { env: {} })()).toBeUndefined();
  });
});
