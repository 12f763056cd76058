// unit: the video job's status token — valid for its own job, workspace and canvas until it expires;
// any change to its body or signature, another key, or the wrong workspace is refused.
import { describe, expect, it } from 'vitest';
import { ForbiddenError, UnauthorizedError } from '#core/errors';
import {
  STATUS_TOKEN_TTL_SECONDS,
  issueStatusToken,
  statusTokenKey,
  verifyStatusToken,
} from '#core/generation/status-token';

const key = statusTokenKey('service-key-for-tests');
const now = new Date('2026-11-24T10:00:00.000Z');
const claims = { workspaceId: 'ws_1', canvasId: 'cnv_1', jobId: 'vjb_1' };

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};

describe('status tokens', () => {
  it('verify for their own workspace until they expire, naming canvas and job', () => {
    const { token, expiresAt } = issueStatusToken(claims, key, now);
    expect(expiresAt).toBe(new Date(now.getTime() + STATUS_TOKEN_TTL_SECONDS * 1000).toISOString());
    expect(verifyStatusToken(token, key, 'ws_1', new Date(now.getTime() + 60_000))).toMatchObject(claims);
    const expired = refusal(() => verifyStatusToken(token, key, 'ws_1', new Date(expiresAt)));
    expect(expired).toBeInstanceOf(UnauthorizedError);
    expect((expired as Error).message).toMatch(/expired/);
  });

  it('refuse a changed body, a changed signature, another key and garbage', () => {
    const { token } = issueStatusToken(claims, key, now);
    const [body, signature] = token.split('.') as [string, string];
    const otherJob = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), j: 'vjb_2' }),
    ).toString('base64url');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    for (const forged of [
      `${otherJob}.${signature}`,
      `${body}.${flipped}`,
      issueStatusToken(claims, statusTokenKey('another key'), now).token,
      'abc',
      `${body}.${signature}.x`,
      '',
    ]) {
      expect(
        refusal(() => verifyStatusToken(forged, key, 'ws_1', now)),
        forged,
      ).toBeInstanceOf(UnauthorizedError);
    }
  });

  it('refuse a genuine token presented by another workspace with 403', () => {
    const { token } = issueStatusToken(claims, key, now);
    expect(refusal(() => verifyStatusToken(token, key, 'ws_2', now))).toBeInstanceOf(ForbiddenError);
  });
});
