// e2e: `npm start` with BOOTSTRAP_USER_EMAIL/PASSWORD, and `admin create-user --local`: both users can
// sign in through the OAuth pages of the running local stack.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/local/ports.ts';
import { startLocalProcess, waitUntilReady, type LocalProcess } from '../support/local-process.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const insecure = { [oauth.allowInsecureRequests]: true } as const;

function run(args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, args, { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** fetch with a cookie jar and no automatic redirects. */
function browserLike() {
  const jar = new Map<string, string>();
  return async (url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: {
        ...(init.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const line of response.headers.getSetCookie()) {
      const [name, ...value] = line.split(';')[0]!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
    return response;
  };
}

describe('OAuth users in local mode', () => {
  let local: LocalProcess | undefined;
  let dataDir: string;
  let appUrl: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'oauth-e2e-'));
    const [appPort, basePort] = [await freePort(), await freePort()];
    local = startLocalProcess({
      APP_PORT: String(appPort),
      BASE_PORT: String(basePort),
      DATA_DIR: dataDir,
      BOOTSTRAP_API_KEY: '',
      PUBLIC_APP_URL: '',
      BOOTSTRAP_USER_EMAIL: 'Owner@Example.test',
      BOOTSTRAP_USER_PASSWORD: 'owner password 1',
    });
    // The first start creates the workspace and prints its key with the banner.
    const ready = await waitUntilReady(local);
    expect(ready.apiKey).toBeDefined();
    appUrl = ready.appUrl;
  }, 120_000);

  afterAll(async () => {
    if (local && local.child.exitCode === null) {
      local.child.kill('SIGTERM');
      await local.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(email: string, password: string): Promise<Response> {
    const issuer = new URL(appUrl);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    const redirectUri = 'http://127.0.0.1:9/callback';
    const client = await oauth.processDynamicClientRegistrationResponse(
      await oauth.dynamicClientRegistrationRequest(
        as,
        { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' },
        insecure,
      ),
    );
    const url = new URL(as.authorization_endpoint!);
    url.search = new URLSearchParams({
      client_id: client.client_id,
      redirect_uri: redirectUri,
      response_type: 'code',
      code_challenge: await oauth.calculatePKCECodeChallenge(oauth.generateRandomCodeVerifier()),
      code_challenge_method: 'S256',
      resource: `${appUrl}/api/mcp`,
    }).toString();
    const go = browserLike();
    const interaction = (await go(url.href)).headers.get('location')!;
    const page = await (await go(interaction)).text();
    const csrf = /name="csrf" value="([^"]+)"/.exec(page)![1]!;
    return go(`${interaction}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, email, password }).toString(),
    });
  }

  it('lets the bootstrap user sign in and reach the consent step', async () => {
    const signedIn = await signIn('owner@example.test', 'owner password 1');
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get('location')).toMatch(/\/oauth\/authorize\//);
    expect((await signIn('owner@example.test', 'wrong password')).status).toBe(401);
  }, 60_000);

  it('creates a user with the admin CLI who can then sign in', async () => {
    const workspaceId = /Created workspace (ws_\w+)/.exec(local!.output())![1]!;
    const created = await run(
      [
        'scripts/admin.ts',
        'create-user',
        '--email',
        'viewer@example.test',
        '--password',
        'viewer password',
        '--workspace',
        workspaceId,
        '--role',
        'viewer',
        '--local',
      ],
      { DATA_DIR: dataDir },
    );
    expect(created.code).toBe(0);
    expect(created.stdout).toMatch(/userId:\s+usr_/);
    expect(created.stdout).toContain(`workspace:   ${workspaceId} (viewer)`);
    const again = await run(
      ['scripts/admin.ts', 'create-user', '--email', 'viewer@example.test', '--password', 'viewer password', '--local'],
      { DATA_DIR: dataDir },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');
    expect((await signIn('viewer@example.test', 'viewer password')).status).toBe(303);
  }, 60_000);
});
