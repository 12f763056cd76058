// unit: published servers' domain — the tools a canvas gives, the umcp_ credential family, who may call,
// and the limits a call passes before any run starts. In-memory fakes stand in for the ports.
import { describe, expect, it } from 'vitest';
import type { CanvasEdge, CanvasNode } from '#core/canvas/model';
import { RateLimitedError, UnauthorizedError, ValidationError } from '#core/errors';
import { hashWorkspaceKey } from '#core/keys/api-key';
import { admitCall } from '#core/published/calls';
import { hashPublishedCredential, mintPublishedCredential } from '#core/published/credentials';
import type { PublishedServer } from '#core/published/model';
import type { PublishedServerRepository } from '#core/published/ports';
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

  it("keeps the stored prompt out of tools/list when the owner hides it; the argument stays optional", () => {
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
  const spent = (credits: number) => ({ creditsSpent: async () => credits });

  it('refuses past the calls per minute with the limiter’s Retry-After', async () => {
    const refused = admitCall(server, { rateLimiter: limiter(false), spend: spent(0), clock });
    await expect(refused).rejects.toThrow(RateLimitedError);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 17 });
  });

  it('refuses once the day’s credits are spent, until midnight UTC', async () => {
    const refused = admitCall(server, { rateLimiter: limiter(true), spend: spent(10), clock });
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: 12 * 3600 });
    await expect(admitCall(server, { rateLimiter: limiter(true), spend: spent(9), clock })).resolves.toBeUndefined();
  });
});
