// local: loopback port helpers shared by start.ts and the test harness.
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/** The loopback interface every local service binds to. */
export const LOOPBACK = '127.0.0.1';

/**
 * Finds a free loopback port for a service that must be told its port before it binds (DynamoDB
 * Local's JVM binds ~1.5 s after spawn; local mode's fronts). The port is released before it is
 * returned, so it is drawn from below the kernel's ephemeral range: a port there is never handed to
 * an outgoing connection or to a `listen(0)` in between (seen in CI: a port found free by binding to
 * 0 was taken by another process's socket before s3rver listened on it). Services that can report
 * their own port should listen on 0 instead and need none of this.
 */
export async function freePort(): Promise<number> {
  const range = portsOutsideEphemeralRange();
  if (!range) return kernelChosenPort();
  const [low, high] = range;
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (await isFree(port)) return port;
  }
  return kernelChosenPort();
}

/**
 * Where freePort draws from: [10000, start of the ephemeral range) on Linux (32768–60999 by default);
 * elsewhere, and when the range leaves too little room below it, the kernel picks (listen on 0).
 */
function portsOutsideEphemeralRange(): [number, number] | undefined {
  const floor = 10_000;
  try {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (Number.isInteger(ephemeralLow) && ephemeralLow! - floor >= 1000) return [floor, ephemeralLow! - 1];
  } catch {
    // not Linux
  }
  return undefined;
}

async function isFree(port: number): Promise<boolean> {
  const probe = createServer();
  probe.unref();
  try {
    await listenOnLoopback(probe, port);
  } catch {
    return false;
  }
  await close(probe);
  return true;
}

async function kernelChosenPort(): Promise<number> {
  const probe = createServer();
  probe.unref();
  await listenOnLoopback(probe, 0);
  const port = portOf(probe);
  await close(probe);
  return port;
}

const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Starts `server` on `port` of the loopback interface; rejects with the listen error (e.g. EADDRINUSE). */
export function listenOnLoopback(
  server: { once: Server['once']; off: Server['off']; listen: Server['listen'] },
  port: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** The port a listening server got (after listening on 0). */
export function portOf(server: Pick<Server, 'address'>): number {
  const address = server.address();
  if (address && typeof address === 'object') return address.port;
  throw new Error('the server is not listening on a TCP port');
}
