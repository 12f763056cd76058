// adapter: the deployment's GitHub App, read once: app id and API URL from the environment, the private
// key and the webhook secret from the environment (local mode) or Secrets Manager (`…_ARN`, AWS).
import { UpstreamError } from '#core/errors';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';
import { GithubCodeHost } from './github.ts';

const privateKey = secretSource(ENV.codehostPrivateKey, `${ENV.codehostPrivateKey}_ARN`);
export const githubWebhookSecret = secretSource(ENV.codehostWebhookSecret, `${ENV.codehostWebhookSecret}_ARN`);

let client: Promise<GithubCodeHost> | undefined;

/** The GitHub client, built on first use; a deployment without a GitHub App answers 502 on code-host routes. */
export function githubCodeHost(): Promise<GithubCodeHost> {
  client ??= (async () => {
    const appId = process.env[ENV.codehostAppId];
    const key = await privateKey();
    if (!appId || !key) throw new UpstreamError('The code host is not configured in this deployment (no GitHub App)');
    return new GithubCodeHost({ appId, privateKey: key.replace(/\\n/g, '\n'), baseUrl: process.env[ENV.codehostApiUrl] || undefined });
  })().catch((error: unknown) => {
    client = undefined;
    throw error;
  });
  return client;
}
