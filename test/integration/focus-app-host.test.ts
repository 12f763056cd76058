// integration: the FOCUS export on the app host, through the local HTTP front and the real handlers: the
// key fixes the workspace, a member's signed-in session serves only the workspace it names, and base-host
// routes are not served there.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeAccountId } from '#core/oauth/tokens';
import { DynamoOAuthAdapter } from '#adapters/dynamodb/oauth-store';
import { startHttpFront, type HttpFront } from '../../lib/local/http-front.ts';
import { checkCsv } from '../../scripts/focus-check-input.ts';
import { APP_URL, lines, seedFocusLedger } from './support/focus-ledger.ts';

let owner: Awaited<ReturnType<typeof seedFocusLedger>>['owner'];
let other: Awaited<ReturnType<typeof seedFocusLedger>>['other'];

beforeAll(async () => {
  ({ owner, other } = await seedFocusLedger());
});

describe('the app host', () => {
  let front: HttpFront;
  const accessTokens = new DynamoOAuthAdapter('AccessToken');

  beforeAll(async () => {
    front = await startHttpFront({ host: 'app', port: 0, log: () => undefined });
  });
  afterAll(async () => front?.stop());

  const fetchApp = (path: string, token: string) =>
    fetch(`${front.url}${path}`, { headers: { authorization: `Bearer ${token}` } });

  /**
   * An access token of the app host's authorization server for `userId` in `workspaceId`, as oidc-provider stores it.
   */
  async function sessionToken(workspaceId: string, userId: string): Promise<string> {
    const token = `oat_${randomBytes(32).toString('base64url')}`;
    const exp = Math.floor(Date.now() / 1000) + 900;
    await accessTokens.upsert(
      token,
      {
        accountId: encodeAccountId(userId, workspaceId),
        clientId: 'dashboard',
        grantId: `grant_${randomUUID()}`,
        scope: 'read:billing',
        aud: `${APP_URL}/api/mcp`,
        exp,
        kind: 'AccessToken',
      },
      900,
    );
    return token;
  }

  it('serves the export for the workspace of the key (the key fixes the workspace)', async () => {
    // Act
    const answer = await fetchApp('/api/billing/focus-export?from=2026-05-01&to=2026-06-01', owner.apiKey);
    const foreign = await fetchApp('/api/billing/focus-export?from=2026-05-01&to=2026-06-01', other.apiKey);
    // Assess
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="focus-export.jsonl"');
    const rows = lines(await answer.text());
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.BillingAccountId))).toEqual(new Set([owner.workspaceId]));
    expect(foreign.status).toBe(200);
    expect(await foreign.text()).toBe('');
    expect((await fetchApp('/api/billing/focus-metadata?from=2026-05-01&to=2026-06-01', owner.apiKey)).status).toBe(
      200,
    );
  });

  it("serves a member's signed-in session that names its workspace, and only that", async () => {
    // Prepare
    const token = await sessionToken(owner.workspaceId, owner.ownerUserId);
    // Act
    const named = await fetchApp(
      `/api/billing/focus-export?from=2026-05-01&to=2026-06-01&format=csv&workspaceId=${owner.workspaceId}`,
      token,
    );
    const unnamed = await fetchApp('/api/billing/focus-export?from=2026-05-01&to=2026-06-01', token);
    const elsewhere = await fetchApp(
      `/api/billing/focus-export?from=2026-05-01&to=2026-06-01&workspaceId=${other.workspaceId}`,
      token,
    );
    const notMember = await fetchApp(
      `/api/billing/focus-export?from=2026-05-01&to=2026-06-01&workspaceId=${owner.workspaceId}`,
      await sessionToken(owner.workspaceId, 'usr_stranger'),
    );
    // Assess
    expect(named.status).toBe(200);
    expect(named.headers.get('content-type')).toBe('text/csv');
    expect((await checkCsv(await named.text(), { asOurExport: true })).rows).toBe(4);
    expect(unnamed.status).toBe(400);
    expect(((await unnamed.json()) as { error: string }).error).toContain('workspaceId');
    expect(elsewhere.status).toBe(403);
    expect(notMember.status).toBe(401);
  });

  it('does not serve base-host routes', async () => {
    expect((await fetchApp('/api/canvases', owner.apiKey)).status).toBe(404);
  });
});
