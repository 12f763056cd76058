// bench (part of `npm run bench`): the MCP gateway beside the direct routes of the same operations, in
// the same run and under the same load — a read (get_canvas vs GET /api/mcp/canvas/state) and a run
// (run_workflow vs POST /api/run, both async). Goal (issue 26, item 4): the gateway keeps ≥ 0.9 of the direct
// route's req/s. The two targets of a pair alternate (direct, gateway, direct, gateway) and each ratio is
// taken from the rounds' medians, so a neighbour's burst on the shared machine does not land on one side only.
import autocannon from 'autocannon';
import { GATEWAY_ROUNDS as ROUNDS } from './settings.ts';

export interface GatewayBenchSetup {
  appUrl: string;
  baseUrl: string;
  apiKey: string;
  canvasId: string;
  triggerNodeId: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  /** Waits until every started run has finished, so one target's engine work does not load the next. */
  drain: () => Promise<unknown>;
}

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

let sequence = 0;
const tag = Date.now().toString(36);

async function measure(
  setup: GatewayBenchSetup,
  request: {
    url: string;
    method: 'GET' | 'POST';
    headers: Record<string, string>;
    body?: () => string;
    perRequestHeaders?: () => Record<string, string>;
  },
  seconds: number,
): Promise<Measured> {
  const latencies: number[] = [];
  const instance = autocannon({
    url: request.url,
    connections: setup.connections,
    duration: seconds,
    timeout: 30,
    requests: [
      {
        method: request.method,
        headers: request.headers,
        setupRequest: (req) => ({
          ...req,
          headers: { ...req.headers, ...request.perRequestHeaders?.() },
          ...(request.body ? { body: request.body() } : {}),
        }),
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    latencies.push(responseTime),
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return {
    rps: result['2xx'] / result.duration,
    p50: at(50),
    p99: at(99),
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

const GOAL = 0.9;

const toolCall = (name: string, args: Record<string, unknown>) =>
  JSON.stringify({ jsonrpc: '2.0', id: ++sequence, method: 'tools/call', params: { name, arguments: args } });

export async function benchGateway(setup: GatewayBenchSetup): Promise<void> {
  const auth = { authorization: `Bearer ${setup.apiKey}` };
  const mcpHeaders = {
    ...auth,
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': '2025-06-18',
  };
  const gateway = `${setup.appUrl}/api/mcp`;
  const run = {
    canvasId: setup.canvasId,
    triggerNodeId: setup.triggerNodeId,
    inputs: { prompt: 'hello from the gateway bench' },
  };
  const targets = [
    {
      name: 'read  direct  GET canvas/state',
      request: {
        url: `${setup.baseUrl}/api/mcp/canvas/state?canvasId=${setup.canvasId}`,
        method: 'GET' as const,
        headers: auth,
      },
    },
    {
      name: 'read  gateway get_canvas',
      request: {
        url: gateway,
        method: 'POST' as const,
        headers: mcpHeaders,
        body: () => toolCall('get_canvas', { canvasId: setup.canvasId }),
      },
    },
    {
      name: 'run   direct  POST /api/run',
      request: {
        url: `${setup.baseUrl}/api/run`,
        method: 'POST' as const,
        headers: { ...auth, 'content-type': 'application/json' },
        body: () => JSON.stringify(run),
        perRequestHeaders: () => ({ 'idempotency-key': `gw-bench-${tag}-${++sequence}` }),
      },
    },
    {
      name: 'run   gateway run_workflow',
      request: {
        url: gateway,
        method: 'POST' as const,
        headers: mcpHeaders,
        body: () => toolCall('run_workflow', { ...run, idempotencyKey: `gw-bench-${tag}-${++sequence}` }),
      },
    },
  ];
  const samples = targets.map(() => [] as Measured[]);
  // Pairs (read, then run), each alternated ROUNDS times: direct, gateway, direct, gateway, …
  for (const pair of [0, 2]) {
    for (let round = 0; round < ROUNDS; round++) {
      for (const index of [pair, pair + 1]) {
        const target = targets[index]!;
        await measure(setup, target.request, setup.warmupSeconds);
        await setup.drain();
        samples[index]!.push(await measure(setup, target.request, setup.seconds));
        await setup.drain();
      }
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const rows = targets.map((target, index) => {
    const runs = samples[index]!;
    return {
      name: target.name,
      rps: median(runs.map((run) => run.rps)),
      p50: median(runs.map((run) => run.p50)),
      p99: median(runs.map((run) => run.p99)),
      non2xx: runs.reduce((sum, run) => sum + run.non2xx, 0),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    };
  });
  const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
  console.log(
    `gateway: the same operation through the MCP gateway (tools/call) and its direct route, ${setup.connections} connections, ${setup.seconds} s each, median of ${ROUNDS} alternating rounds`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(32)}${fmt(row.rps, 0).padStart(8)} req/s   p50 ${fmt(row.p50).padStart(6)} ms   ` +
        `p99 ${fmt(row.p99).padStart(6)} ms   non2xx ${row.non2xx}  errors ${row.errors}`,
    );
  }
  const [readDirect, readGateway, runDirect, runGateway] = rows as unknown as [Measured, Measured, Measured, Measured];
  const readRatio = readGateway.rps / readDirect.rps;
  const runRatio = runGateway.rps / runDirect.rps;
  console.log(
    `  ratios gateway/direct: read ${fmt(readRatio, 2)}, run ${fmt(runRatio, 2)}; ` +
      `goal ≥ ${GOAL} → ${readRatio >= GOAL && runRatio >= GOAL ? 'met' : 'NOT met'}`,
  );
}
