// unit: the loopback port helpers. freePort releases the port it found before returning it, so it
// draws from below the kernel's ephemeral range, where no outgoing connection or listen(0) can take
// it in between (CI once lost a run stack to exactly that: EADDRINUSE on a port freePort had named).
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort, listenOnLoopback, portOf } from '../../../lib/local/ports.ts';

const ephemeralLow = (): number | undefined => {
  try {
    return Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
  } catch {
    return undefined;
  }
};

describe('freePort', () => {
  it('names a port below the ephemeral range that can then be bound', async () => {
    // Prepare
    const low = ephemeralLow();
    const server = createServer();

    // Act
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    await listenOnLoopback(server, ports[0]!);
    const bound = portOf(server);
    await new Promise<void>((resolve) => server.close(() => resolve()));

    // Assess
    expect(bound).toBe(ports[0]);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(1024);
      if (low !== undefined) expect(port).toBeLessThan(low);
    }
  });
});

describe('listenOnLoopback', () => {
  it('rejects with EADDRINUSE instead of throwing it uncaught', async () => {
    // Prepare
    const first = createServer();
    await listenOnLoopback(first, 0);
    const second = createServer();

    // Act
    const outcome = await listenOnLoopback(second, portOf(first)).then(
      () => 'listened',
      (error: NodeJS.ErrnoException) => error.code,
    );
    await new Promise<void>((resolve) => first.close(() => resolve()));

    // Assess
    expect(outcome).toBe('EADDRINUSE');
  });
});
