// bench load: one autocannon window of POSTs, each with its own Idempotency-Key (a distinct accepted run).
import autocannon from 'autocannon';
import { CONNECTIONS } from './settings.ts';
import { runId } from './setup.ts';

export interface LoadResult {
  rps: number;
  latencies: number[];
  ok: number;
  non2xx: number;
  errors: number;
  statuses: Record<string, number>;
}

let keySeq = 0;

export async function load(
  url: string,
  headers: Record<string, string>,
  body: string,
  seconds: number,
): Promise<LoadResult> {
  const latencies: number[] = [];
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: 'POST',
        headers,
        body,
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, 'idempotency-key': `bench-${runId}-${++keySeq}` },
        }),
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, Number(count)]),
  );
  return {
    rps: result['2xx'] / result.duration,
    latencies,
    ok: result['2xx'],
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
  };
}

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
