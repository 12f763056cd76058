// The code host end to end: real handlers, DynamoDB Local, and the real @octokit/core + @octokit/auth-app
// against a loopback server speaking GitHub's REST protocol; GitHub's webhooks signed with
// @octokit/webhooks-methods and posted raw.
import { createHash, randomUUID } from 'node:crypto';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { sign } from '@octokit/webhooks-methods';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { table } from '#adapters/dynamodb/client';
import { keys, TTL_ATTRIBUTE } from '#adapters/dynamodb/table-design';
import { ENV } from '#adapters/env';
import { startFakeGithub, type FakeGithub } from '../support/fakes/github-server.ts';
import { call, seedWorkspace } from './support/invoke.ts';

const WEBHOOK_SECRET = 'github-webhook-secret-for-tests';
const INSTALLATION = 4242;

describe('code host (GitHub App)', () => {
  let github: FakeGithub;
  let owner: Awaited<ReturnType<typeof seedWorkspace>>;
  let other: Awaited<ReturnType<typeof seedWorkspace>>;
  let initialHead: string;

  beforeAll(async () => {
    github = await startFakeGithub();
    Object.assign(process.env, {
      [ENV.codehostAppId]: github.appId,
      [ENV.codehostPrivateKey]: github.privateKey,
      [ENV.codehostApiUrl]: github.baseUrl,
      [ENV.codehostWebhookSecret]: WEBHOOK_SECRET,
    });
    github.installations.set(INSTALLATION, { account: 'acme', type: 'Organization', suspended: false });
    initialHead = github.addRepo(INSTALLATION, 'acme/docs', {
      'README.md': '# Docs',
      'guides/onboarding.md': 'Welcome aboard',
      'src/app.ts': 'export {}',
    }).headSha;
    github.addRepo(999, 'other/secret', { 'x.md': 'not yours' });
    [owner, other] = await Promise.all([seedWorkspace(), seedWorkspace()]);
  });
  afterAll(() => github.close());

  it('refuses to browse an installation the workspace has not linked (404)', async () => {
    const listed = await call('GET', '/api/mcp/codehost/installations', { key: owner.apiKey });
    expect(listed.body).toEqual({ items: [], nextCursor: null });
    const repositories = await call('GET', '/api/mcp/codehost/repositories', {
      key: owner.apiKey,
      query: { installationId: String(INSTALLATION) },
    });
    expect(repositories.status).toBe(404);
  });

  it('syncs a repository: links the installation, reads the branch head and counts files', async () => {
    // Act
    const synced = await call('POST', '/api/mcp/codehost/repositories/sync', {
      key: owner.apiKey,
      body: { installationId: INSTALLATION, repository: 'acme/docs' },
    });
    // Assess
    expect(synced.status).toBe(200);
    expect(synced.body.syncTarget).toMatchObject({
      repository: 'acme/docs',
      branch: 'main',
      syncedCommit: initialHead,
      fileCount: 3,
      stale: false,
    });
    expect(synced.body.installation).toMatchObject({
      installationId: INSTALLATION,
      account: 'acme',
      accountType: 'Organization',
    });
    const installations = await call('GET', '/api/mcp/codehost/installations', { key: owner.apiKey });
    expect(installations.body.items.map((item: { installationId: number }) => item.installationId)).toEqual([
      INSTALLATION,
    ]);
    const target = await call('GET', '/api/mcp/codehost/repositories/sync-target', { key: owner.apiKey });
    expect(target.body.syncTarget.syncedCommit).toBe(initialHead);
    // The App JWT was used for /app/*, installation tokens for the rest.
    expect(github.requests.find((request) => request.path === `/app/installations/${INSTALLATION}`)?.auth).toBe(
      'app-jwt',
    );
    expect(github.requests.find((request) => request.path === '/repos/acme/docs/git/ref/heads/main')?.auth).toBe(
      'installation-token',
    );
  });

  it('keeps an installation to the workspace that linked it', async () => {
    const stolen = await call('POST', '/api/mcp/codehost/repositories/sync', {
      key: other.apiKey,
      body: { installationId: INSTALLATION, repository: 'acme/docs' },
    });
    expect(stolen.status).toBe(404);
    const browse = await call('GET', '/api/mcp/codehost/repository', {
      key: other.apiKey,
      query: { installationId: String(INSTALLATION), repository: 'acme/docs' },
    });
    expect(browse.status).toBe(404);
  });

  it('lists repositories, reads one and searches files through the installation', async () => {
    const query = { installationId: String(INSTALLATION) };
    const repositories = await call('GET', '/api/mcp/codehost/repositories', { key: owner.apiKey, query });
    expect(repositories.body.items).toEqual([
      expect.objectContaining({ fullName: 'acme/docs', defaultBranch: 'main', private: true }),
    ]);
    const repository = await call('GET', '/api/mcp/codehost/repository', {
      key: owner.apiKey,
      query: { ...query, repository: 'acme/docs' },
    });
    expect(repository.body.fullName).toBe('acme/docs');
    const outside = await call('GET', '/api/mcp/codehost/repository', {
      key: owner.apiKey,
      query: { ...query, repository: 'other/secret' },
    });
    expect(outside.status).toBe(404);
    const found = await call('GET', '/api/mcp/codehost/files/search', {
      key: owner.apiKey,
      query: { ...query, repository: 'acme/docs', query: 'welcome' },
    });
    expect(found.status).toBe(200);
    expect(found.body.items.map((item: { path: string }) => item.path)).toEqual(['guides/onboarding.md']);
    const bad = await call('GET', '/api/mcp/codehost/repository', {
      key: owner.apiKey,
      query: { ...query, repository: 'no-slash' },
    });
    expect(bad.status).toBe(400);
  });

  it('links a node to a file at the commit the branch points at, and refuses a missing file', async () => {
    const canvas = await call('POST', '/api/mcp/canvas/create', { key: owner.apiKey, body: { name: 'Linked' } });
    await call('POST', '/api/mcp/canvas/node/add', {
      key: owner.apiKey,
      body: { canvasId: canvas.body.id, id: 'notes', type: 'text' },
    });
    const body = {
      canvasId: canvas.body.id,
      nodeId: 'notes',
      installationId: INSTALLATION,
      repository: 'acme/docs',
      path: 'guides/onboarding.md',
    };
    const linked = await call('POST', '/api/mcp/codehost/source-links/attach', { key: owner.apiKey, body });
    expect(linked.status).toBe(200);
    expect(linked.body.sourceLink).toMatchObject({
      repository: 'acme/docs',
      path: 'guides/onboarding.md',
      commitSha: initialHead,
    });
    const state = await call('GET', '/api/mcp/canvas/state', {
      key: owner.apiKey,
      query: { canvasId: canvas.body.id },
    });
    expect(state.body.nodes.find((node: { id: string }) => node.id === 'notes').sourceLink.commitSha).toBe(initialHead);
    const missing = await call('POST', '/api/mcp/codehost/source-links/attach', {
      key: owner.apiKey,
      body: { ...body, path: 'nope.md' },
    });
    expect(missing.status).toBe(404);
    const readOnly = await call('POST', '/api/mcp/api-keys/create', {
      key: owner.apiKey,
      body: { name: 'ro', scopes: ['read:canvases'] },
    });
    expect((await call('POST', '/api/mcp/codehost/source-links/attach', { key: readOnly.body.key, body })).status).toBe(
      403,
    );
  });

  it('exports node documents as one commit on a new branch and a draft pull request, once', async () => {
    // Prepare
    const canvas = await call('POST', '/api/mcp/canvas/create', { key: owner.apiKey, body: { name: 'Spec' } });
    await call('POST', '/api/mcp/canvas/node/add', {
      key: owner.apiKey,
      body: { canvasId: canvas.body.id, id: 'intro', type: 'text' },
    });
    await call('POST', '/api/mcp/canvas/node/document-write', {
      key: owner.apiKey,
      body: { canvasId: canvas.body.id, nodeId: 'intro', content: '# Intro\nHello', format: 'markdown' },
    });
    // Act
    const prepared = await call('POST', '/api/mcp/codehost/exports/draft-pr/prepare', {
      key: owner.apiKey,
      body: { canvasId: canvas.body.id, installationId: INSTALLATION },
    });
    const pullsBefore = github.pulls.length;
    const opened = await call('POST', '/api/mcp/codehost/exports/draft-pr/result', {
      key: owner.apiKey,
      body: { exportId: prepared.body.exportId },
    });
    const again = await call('POST', '/api/mcp/codehost/exports/draft-pr/result', {
      key: owner.apiKey,
      body: { exportId: prepared.body.exportId },
    });
    // Assess
    expect(prepared.status).toBe(201);
    expect(prepared.body).toMatchObject({
      status: 'prepared',
      repository: 'acme/docs',
      baseBranch: 'main',
      files: [{ path: 'canvas-docs/intro.md', nodeId: 'intro', bytes: 13 }],
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ status: 'opened', result: { pullRequestNumber: pullsBefore + 1 } });
    expect(again.body.result).toEqual(opened.body.result);
    expect(github.pulls).toHaveLength(pullsBefore + 1);
    expect(github.pulls.at(-1)).toMatchObject({ draft: true, base: 'main', head: prepared.body.branch });
    expect(github.fileAt('acme/docs', prepared.body.branch, 'canvas-docs/intro.md')).toBe('# Intro\nHello');
    expect(github.fileAt('acme/docs', prepared.body.branch, 'README.md')).toBe('# Docs');
    expect(github.fileAt('acme/docs', 'main', 'canvas-docs/intro.md')).toBeUndefined();
    const other404 = await call('POST', '/api/mcp/codehost/exports/draft-pr/result', {
      key: other.apiKey,
      body: { exportId: prepared.body.exportId },
    });
    expect(other404.status).toBe(404);
  });

  describe('POST /api/webhooks/github', () => {
    const deliver = async (
      event: string,
      payload: unknown,
      options: { deliveryId?: string; signature?: string | null; tamper?: boolean } = {},
    ) => {
      const raw = JSON.stringify(payload);
      const signature = options.signature === undefined ? await sign(WEBHOOK_SECRET, raw) : options.signature;
      const headers: Record<string, string> = {
        'X-GitHub-Event': event,
        'X-GitHub-Delivery': options.deliveryId ?? randomUUID(),
        'User-Agent': 'GitHub-Hookshot/abc',
      };
      if (signature !== null) headers['X-Hub-Signature-256'] = signature;
      return call('POST', '/api/webhooks/github', {
        rawBody: options.tamper ? raw.replace('acme', 'evil') : raw,
        headers,
      });
    };

    it('applies a verified push once: the sync target sees the new head; a redelivery changes nothing', async () => {
      const newHead = github.push('acme/docs', 'main', { 'guides/new.md': 'fresh' });
      const payload = {
        ref: 'refs/heads/main',
        after: newHead,
        repository: { full_name: 'acme/docs' },
        installation: { id: INSTALLATION },
      };
      const deliveryId = randomUUID();
      const first = await deliver('push', payload, { deliveryId });
      const second = await deliver('push', payload, { deliveryId });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ applied: true, duplicate: false });
      expect(second.status).toBe(200);
      expect(second.body).toMatchObject({ applied: false, duplicate: true });
      const target = await call('GET', '/api/mcp/codehost/repositories/sync-target', { key: owner.apiKey });
      expect(target.body.syncTarget).toMatchObject({ remoteHead: newHead, syncedCommit: initialHead, stale: true });
      const resynced = await call('POST', '/api/mcp/codehost/repositories/sync', {
        key: owner.apiKey,
        body: { installationId: INSTALLATION, repository: 'acme/docs' },
      });
      expect(resynced.body.syncTarget).toMatchObject({ syncedCommit: newHead, stale: false, fileCount: 4 });
    });

    it('changes nothing when a captured delivery is resent under a new delivery id, however late', async () => {
      // Prepare: a suspend delivery as GitHub signed it (the delivery id is outside the signature)
      const payload = {
        action: 'suspend',
        installation: { id: INSTALLATION, account: { login: 'acme' }, suspended_at: new Date().toISOString() },
      };
      // Act
      const first = await deliver('installation', payload);
      await deliver('installation', { ...payload, action: 'unsuspend' });
      const replay = await deliver('installation', payload, { deliveryId: randomUUID() });
      // Assess: the replay is a duplicate, the installation stays unsuspended
      expect(first.body).toMatchObject({ applied: true, effect: 'installation suspended' });
      expect(replay.body).toMatchObject({ applied: false, duplicate: true });
      const installations = await call('GET', '/api/mcp/codehost/installations', { key: owner.apiKey });
      expect(installations.body.items[0].suspended).toBe(false);
      // The body's record has no TTL: DynamoDB never deletes it, so no wait makes the replay new.
      const digest = createHash('sha256').update(JSON.stringify(payload)).digest('hex');
      const { client, tableName } = table();
      const record = await client.send(
        new GetCommand({ TableName: tableName, Key: keys.githubDelivery(`body:${digest}`), ConsistentRead: true }),
      );
      expect(record.Item).toBeDefined();
      expect(record.Item).not.toHaveProperty(TTL_ATTRIBUTE);
    });

    it('refuses a tampered body, a wrong secret and a missing signature (401), and changes nothing', async () => {
      const payload = { action: 'suspend', installation: { id: INSTALLATION, account: { login: 'acme' } } };
      expect((await deliver('installation', payload, { tamper: true })).status).toBe(401);
      expect(
        (await deliver('installation', payload, { signature: await sign('wrong-secret', JSON.stringify(payload)) }))
          .status,
      ).toBe(401);
      expect((await deliver('installation', payload, { signature: null })).status).toBe(401);
      expect((await deliver('installation', payload, { signature: 'sha256=00' })).status).toBe(401);
      const installations = await call('GET', '/api/mcp/codehost/installations', { key: owner.apiKey });
      expect(installations.body.items[0].suspended).toBe(false);
    });

    it('applies installation events: suspend blocks browsing, unsuspend restores it, deleted unlinks', async () => {
      const event = (action: string) => ({
        action,
        installation: { id: INSTALLATION, account: { login: 'acme' }, repository_selection: 'selected' },
      });
      expect((await deliver('installation', event('suspend'))).body.effect).toBe('installation suspended');
      const blocked = await call('GET', '/api/mcp/codehost/repositories', {
        key: owner.apiKey,
        query: { installationId: String(INSTALLATION) },
      });
      expect(blocked.status).toBe(409);
      await deliver('installation', event('unsuspend'));
      expect(
        (
          await call('GET', '/api/mcp/codehost/repositories', {
            key: owner.apiKey,
            query: { installationId: String(INSTALLATION) },
          })
        ).status,
      ).toBe(200);
      await deliver('installation', event('deleted'));
      expect((await call('GET', '/api/mcp/codehost/installations', { key: owner.apiKey })).body.items).toEqual([]);
    });

    it('acknowledges events it does not act on, and rejects a missing delivery id', async () => {
      expect((await deliver('ping', { zen: 'Keep it logically awesome.', hook_id: 1 })).body).toMatchObject({
        applied: true,
        effect: 'ignored',
      });
      const raw = JSON.stringify({ zen: 'x' });
      const response = await call('POST', '/api/webhooks/github', {
        rawBody: raw,
        headers: { 'X-GitHub-Event': 'ping', 'X-Hub-Signature-256': await sign(WEBHOOK_SECRET, raw) },
      });
      expect(response.status).toBe(400);
    });
  });
});
