// bench (part of `npm run bench`): the MCP gateway beside the direct routes of the same operations, in
// the same run and under the same load — a read (get_canvas vs GET /api/mcp/canvas/state) and a run
// (run_workflow vs POST /api/run, both async). Goal: the gateway keeps ≥ 0.8 of the direct route's req/s.
import autocannon from 'autocannon';

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
  const rows: Array<{ name: string } & Measured> = [];
  for (const target of targets) {
    await measure(setup, target.request, setup.warmupSeconds);
    await setup.drain();
    rows.push({ name: target.name, ...(await measure(setup, target.request, setup.seconds)) });
    await setup.drain();
  }
  const fmt = (value: number, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : '–');
  console.log(
    `gateway: the same operation through the MCP gateway (tools/call) and its direct route, ${setup.connections} connections, ${setup.seconds} s each`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(32)}${fmt(row.rps, 0).padStart(8)} req/s   p50 ${fmt(row.p50).padStart(6)} ms   p99 ${fmt(row.p99).padStart(6)} ms   non2xx ${row.non2xx}  errors ${row.errors}`,
    );
  }
  const [readDirect, readGateway, runDirect, runGateway] = rows as unknown as [Measured, Measured, Measured, Measured];
  const readRatio = readGateway.rps / readDirect.rps;
  const runRatio = runGateway.rps / runDirect.rps;
  console.log(
    `  ratios gateway/direct: read ${fmt(readRatio, 2)}, run ${fmt(runRatio, 2)}; goal ≥ 0.8 → ${readRatio >= 0.8 && runRatio >= 0.8 ? 'met' : 'NOT met'}`,
  );
}
