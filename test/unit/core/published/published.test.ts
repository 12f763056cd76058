// unit: published servers' domain — the tools a canvas gives, the umcp_ credential family, who may call,
// and the limits a call passes before any run starts. In-memory fakes stand in for the ports.
import { describe, expect, it } from 'vitest';
import type { CanvasEdge, CanvasNode } from '#core/canvas/model';
import { RateLimitedError, UnauthorizedError, ValidationError } from '#core/errors';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { admitCall, releaseReservation } from '#core/published/calls';
import { priceBookFrom } from '#core/credits/prices';
import type { Execution } from '#core/runs/model';
import { hashPublishedCredential, mintPublishedCredential } from '#core/published/credentials';
import type { PublishedServer } from '#core/published/model';
import type { DayReservation, PublishedDaySpend, PublishedServerRepository } from '#core/published/ports';
import { exposeTriggers, runInputsOf, toolOf } from '#core/published/tools';
import { authenticatePublishedCaller } from '#core/published/use-cases';

const at = '2026-11-26T12:00:00.000Z';
const node = (id: string, type: CanvasNode['type'], data: Record<string, unknown> = {}): CanvasNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data,
  createdAt: at,
  updatedAt: at,
});
const edge = (source: string, sourceHandle: string, target: string, targetHandle: string): CanvasEdge => ({
  id: `${source}-${target}`,
  source,
  sourceHandle,
  target,
  targetHandle,
  createdAt: at,
});
const graph = {
  nodes: [
    node('ask', 'prompt', { label: 'Ask a question', prompt: 'Default question' }),
    node('tpl', 'text', { template: '{{input}} in {{inputs.language}}' }),
    node('out', 'output', { label: 'Answer' }),
    node('hook', 'webhook-trigger'),
    node('elsewhere', 'output'),
  ],
  edges: [edge('ask', 'prompt-out', 'tpl', 'text-in'), edge('tpl', 'text-out', 'out', 'value-in')],
};

describe('tools from a canvas', () => {
  it('takes the prompt, the template inputs and the declared inputs; outputs are the reached output nodes', () => {
    const [exposed] = exposeTriggers(graph, [
      { triggerNodeId: 'ask', inputs: [{ name: 'tone', type: 'string', description: 'How', required: true }] },
    ]);
    const tool = toolOf(graph, exposed!)!;
    expect(tool.name).toBe('ask_a_question');
    expect(tool.inputSchema).toEqual({
      type: 'object',
      properties: {
        prompt: { type: 'string', description: 'The prompt (default: Default question)' },
        language: { type: 'string', description: 'Run input read by "tpl"' },
        tone: { type: 'string', description: 'How' },
      },
      required: ['tone'],
      additionalProperties: false,
    });
    expect(Object.keys((tool.outputSchema.properties as any).result.properties)).toEqual(['out']);
  });

  it('refuses what is not a trigger, and the same tool name twice', () => {
    expect(() => exposeTriggers(graph, [{ triggerNodeId: 'tpl' }])).toThrow(ValidationError);
    expect(() => exposeTriggers(graph, [{ triggerNodeId: 'missing' }])).toThrow(/not a node/);
    expect(() =>
      exposeTriggers(graph, [
        { triggerNodeId: 'ask', toolName: 'same' },
        { triggerNodeId: 'hook', toolName: 'same' },
      ]),
    ).toThrow(/used twice/);
    expect(() => exposeTriggers(graph, [{ triggerNodeId: 'ask', toolName: 'get_run_result' }])).toThrow(/reserved/);
  });

  it('checks arguments against the declared types; a webhook trigger takes any JSON object', () => {
    const [ask, hook] = exposeTriggers(graph, [
      { triggerNodeId: 'ask', inputs: [{ name: 'count', type: 'integer', description: 'n', required: false }] },
      { triggerNodeId: 'hook' },
    ]);
    const askTool = toolOf(graph, ask!)!;
    expect(runInputsOf(askTool, { prompt: 'hi', count: 2 })).toEqual({ prompt: 'hi', count: 2 });
    expect(() => runInputsOf(askTool, { count: 2.5 })).toThrow(/must be a integer/);
    expect(() => runInputsOf(askTool, { surprise: true })).toThrow(/takes no argument surprise/);
    expect(runInputsOf(toolOf(graph, hook!)!, { anything: { nested: 1 } })).toEqual({ anything: { nested: 1 } });
  });

  it('keeps the stored prompt out of tools/list when the owner hides it; the argument stays optional', () => {
    // Act
    const [hidden] = exposeTriggers(graph, [{ triggerNodeId: 'ask', hidePromptDefault: true }]);
    const tool = toolOf(graph, hidden!)!;

    // Assess
    expect(hidden!.hidePromptDefault).toBe(true);
    expect(JSON.stringify(tool)).not.toContain('Default question');
    expect(tool.inputSchema.properties).toMatchObject({ prompt: { description: expect.stringMatching(/default/) } });
    expect(tool.inputSchema.required).toBeUndefined();
  });

  it('drops a tool whose trigger left a latest canvas', () => {
    const [exposed] = exposeTriggers(graph, [{ triggerNodeId: 'ask' }]);
    expect(toolOf({ nodes: graph.nodes.filter((entry) => entry.id !== 'ask'), edges: [] }, exposed!)).toBeUndefined();
  });
});

const server: PublishedServer = {
  id: 'psv_0000000000aaaaaaaaaaaaaaaa',
  workspaceId: 'ws_1',
  slug: 'demo',
  name: 'Demo',
  description: 'Demo',
  canvasId: 'cnv_1',
  visibility: 'protected',
  version: 'latest',
  pinned: null,
  tools: [],
  limits: { callsPerMinute: 2, creditsPerDay: 10 },
  createdAt: at,
  updatedAt: at,
  createdByKeyId: 'key_1',
};

function repositoryWith(servers: PublishedServer[], lookups: ReturnType<typeof mintPublishedCredential>['lookup'][]) {
  return {
    findBySlug: async (slug: string) => servers.find((candidate) => candidate.slug === slug),
    findCredential: async (hash: string) => lookups.find((lookup) => lookup.keyHash === hash),
  } as unknown as PublishedServerRepository;
}
const clock = { now: () => new Date(at) };

describe('umcp_ credentials', () => {
  it('are umcp_ and 43 characters of base64url, stored as the SHA-256 workspace keys use, listed by prefix', () => {
    const { credential, record, lookup } = mintPublishedCredential({
      workspaceId: 'ws_1',
      serverId: server.id,
      name: 'agent',
      expiresInDays: 2,
      now: new Date(at),
    });
    expect(credential).toMatch(/^umcp_[A-Za-z0-9_-]{43}$/);
    expect(record.keyHash).toBe(hashWorkspaceKey(credential));
    expect(lookup.keyHash).toBe(hashPublishedCredential(credential));
    expect(record.prefix).toBe(credential.slice(0, 11));
    expect(JSON.stringify({ record, lookup })).not.toContain(credential);
    expect(record.expiresAt).toBe('2026-11-28T12:00:00.000Z');
  });

  it('open only their own server; workspace keys, OAuth tokens and other servers’ credentials are 401', async () => {
    const own = mintPublishedCredential({ workspaceId: 'ws_1', serverId: server.id, name: 'a', now: new Date(at) });
    const other = mintPublishedCredential({ workspaceId: 'ws_1', serverId: 'psv_other', name: 'b', now: new Date(at) });
    const servers = repositoryWith([server], [own.lookup, other.lookup]);
    const deps = { servers, clock };
    await expect(authenticatePublishedCaller('demo', `Bearer ${own.credential}`, deps)).resolves.toMatchObject({
      credentialId: own.record.id,
    });
    for (const token of [other.credential, `workspace_${'a'.repeat(40)}`, `mcp_at_${'b'.repeat(40)}`, 'umcp_short'])
      await expect(authenticatePublishedCaller('demo', `Bearer ${token}`, deps)).rejects.toThrow(UnauthorizedError);
    await expect(authenticatePublishedCaller('demo', undefined, deps)).rejects.toThrow(UnauthorizedError);
    await expect(authenticatePublishedCaller('nope', `Bearer ${own.credential}`, deps)).rejects.toThrow(/No published/);
  });

  it('expire; a public server needs none', async () => {
    const soon = mintPublishedCredential({
      workspaceId: 'ws_1',
      serverId: server.id,
      name: 'a',
      expiresInDays: 1,
      now: new Date('2026-11-20T00:00:00.000Z'),
    });
    const deps = {
      servers: repositoryWith([server, { ...server, slug: 'open', visibility: 'public' }], [soon.lookup]),
      clock,
    };
    await expect(authenticatePublishedCaller('demo', `Bearer ${soon.credential}`, deps)).rejects.toThrow(/expired/);
    await expect(authenticatePublishedCaller('open', undefined, deps)).resolves.toMatchObject({ credentialId: null });
  });
});

describe('limits before a run', () => {
  const limiter = (allowed: boolean) => ({
    hit: async () => (allowed ? { allowed: true as const } : { allowed: false as const, retryAfterSeconds: 17 }),
  });
  /** A day counter as the adapter keeps it: refuses what would pass the limit, or once the limit is reached. */
  function day(counted = 0) {
    const reservations = new Map<string, DayReservation>();
    const released: { executionId: string; charged: number }[] = [];
    const spend: PublishedDaySpend = {
      reserve: async (reservation, limit) => {
        if (limit <= 0 || counted >= limit || counted + reservation.credits > limit) return false;
        counted += reservation.credits;
        reservations.set(reservation.executionId, reservation);
        return true;
      },
      reservationOf: async (_workspaceId, executionId) => reservations.get(executionId),
      release: async (reservation, charged) => {
        if (!reservations.delete(reservation.executionId)) return;
        counted += charged - reservation.credits;
        released.push({ executionId: reservation.executionId, charged });
      },
      chargedBy: async () => 6,
    };
    return { spend, released, counted: () => counted };
  }
  const speaking = {
    nodes: [node('line', 'prompt', { prompt: '' }), node('speak', 'audio-generation', {})],
    edges: [edge('line', 'prompt-out', 'speak', 'text-in')],
  };
  /** A run of `speaking` whose prompt is `characters` long. */
  const runOf = (executionId: string, characters: number) => ({
    execution: { executionId, inputs: { prompt: 'x'.repeat(characters) } } as unknown as Execution,
    graph: speaking,
  });
  const deps = (spend: PublishedDaySpend, allowed = true) => ({
    rateLimiter: limiter(allowed),
    spend,
    clock,
    prices: priceBookFrom({}),
  });

  it('refuses past the calls per minute with the limiter’s Retry-After', async () => {
    const refused = admitCall(server, runOf('exe_1', 10), deps(day().spend, false));
    await expect(refused).rejects.toThrow(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 17 });
  });

  it('reserves the most a run can cost and refuses what would pass the day, until midnight UTC', async () => {
    // Prepare: 20 credits a day; speech costs 6 credits per started 1000 characters of the prompt
    const counter = day(0);
    const limited = { ...server, limits: { callsPerMinute: 2, creditsPerDay: 20 } };

    // Act
    const first = await admitCall(limited, runOf('exe_1', 900), deps(counter.spend));
    const second = admitCall(limited, runOf('exe_2', 2500), deps(counter.spend));
    const tooCostly = admitCall(limited, runOf('exe_3', 5000), deps(counter.spend));

    // Assess
    expect(first).toMatchObject({ credits: 6, day: '2026-11-26', serverId: server.id });
    await expect(second).rejects.toMatchObject({ retryAfterSeconds: 12 * 3600, message: /credits for today/ });
    await expect(tooCostly).rejects.toThrow(/may cost up to 30 credits, more than this server's 20 a day/);
    expect(counter.counted()).toBe(6);
  });

  it('turns an ended run’s reservation into its charge, once; other runs and live runs are left alone', async () => {
    // Prepare
    const counter = day(0);
    const limited = { ...server, limits: { callsPerMinute: 2, creditsPerDay: 100 } };
    await admitCall(limited, runOf('exe_1', 9000), deps(counter.spend));
    const run = (status: string, trigger: Execution['trigger'] = { kind: 'published', serverId: server.id }) =>
      ({ executionId: 'exe_1', workspaceId: 'ws_1', createdAt: at, status, trigger }) as unknown as Execution;

    // Act
    await releaseReservation(run('running'), { spend: counter.spend });
    await releaseReservation(run('succeeded', { kind: 'api' } as Execution['trigger']), { spend: counter.spend });
    const whileLive = counter.counted();
    await releaseReservation(run('succeeded'), { spend: counter.spend });
    await releaseReservation(run('succeeded'), { spend: counter.spend });

    // Assess
    expect(whileLive).toBe(54);
    expect(counter.released).toEqual([{ executionId: 'exe_1', charged: 6 }]);
    expect(counter.counted()).toBe(6);
  });
});
