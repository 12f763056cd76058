// local: loopback port helpers shared by start.ts and the test harness.
import { createServer, type Server } from 'node:net';

/** The loopback interface every local service binds to. */
export const LOOPBACK = '127.0.0.1';

/**
 * Asks the kernel for a free loopback port. The port is released before it is returned, so another
 * process could take it in between; the local services are started right after, which keeps that
 * window small enough for development and tests.
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not read the port of a probe socket'));
      });
    });
  });
}

/** Starts `server` on `port` of the loopback interface; rejects with the listen error (e.g. EADDRINUSE). */
export function listenOnLoopback(server: { once: Server['once']; off: Server['off']; listen: Server['listen'] }, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, LOOPBACK, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
