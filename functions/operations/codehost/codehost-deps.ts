// operation helper: what the code-host routes share. The GitHub client is built on first use, so a route
// that only reads records (installations, sync-target) never needs the App's key.
import { systemClock } from '#core/clock';
import type { CodeHost } from '#core/codehost/ports';
import { githubCodeHost } from '#adapters/codehost/config';
import { canvases, codehostRecords } from '#adapters/composition/stores';

/** Forwards each call to the lazily built GitHub client. */
const codehost = new Proxy({} as CodeHost, {
  get:
    (_target, method: keyof CodeHost) =>
    async (...args: unknown[]) => {
      const client = await githubCodeHost();
      return (client[method] as (...a: unknown[]) => unknown).apply(client, args);
    },
});

export const codehostDeps = { codehost, records: codehostRecords, clock: systemClock, canvases };
