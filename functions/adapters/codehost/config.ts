// adapter: the deployment's GitHub App, read once: app id and API URL from the environment, the private
// key and the webhook secret from the environment (local mode) or Secrets Manager (`…_ARN`, AWS).
import { NotFoundError } from '#core/errors';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';
import type { GithubCodeHost } from './github.ts';

const privateKey = secretSource(ENV.codehostPrivateKey, `${ENV.codehostPrivateKey}_ARN`);
export const githubWebhookSecret = secretSource(ENV.codehostWebhookSecret, `${ENV.codehostWebhookSecret}_ARN`);

let client: Promise<GithubCodeHost> | undefined;

/**
 * The GitHub client, built on first use. A deployment without a GitHub App answers 404 on code-host
 * routes: the integration does not exist here (not a server fault, so not a 5xx).
 */
export function githubCodeHost(): Promise<GithubCodeHost> {
  client ??= (async () => {
    const appId = process.env[ENV.codehostAppId];
    const key = await privateKey();
    if (!appId || !key) throw new NotFoundError('The code host is not configured in this deployment (no GitHub App)');
    // Loaded on first use: Octokit stays out of the cold start of every function that bundles this
    // module without calling GitHub (the gateway, the code-host routes that only read records).
    const { GithubCodeHost } = await import('./github.ts');
    return new GithubCodeHost({
      appId,
      privateKey: key.replace(/\\n/g, '\n'),
      baseUrl: process.env[ENV.codehostApiUrl] || undefined,
    });
  })().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}
