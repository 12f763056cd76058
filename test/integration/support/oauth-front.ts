// test support: the app host's HTTP front (the one local mode runs) on a free loopback port, with
// PUBLIC_APP_URL pointing at it, so OAuth clients talk real HTTP to the real handlers.
import { randomBytes } from 'node:crypto';
import { startHttpFront, type HttpFront } from '../../../lib/local/http-front.ts';
import { freePort } from '../../../lib/local/ports.ts';

export async function startAppFront(): Promise<HttpFront> {
  const port = await freePort();
  process.env.PUBLIC_APP_URL = `http://127.0.0.1:${port}`;
  process.env.SERVICE_ROOT_KEY ??= randomBytes(32).toString('base64url');
  return startHttpFront({ host: 'app', port, log: () => {} });
}
