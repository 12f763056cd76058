// adapter: where the callback signing secret comes from. In AWS it lives in Secrets Manager and is
// read once per cold start (never in the template or the function's environment); locally it may be
// given directly in CALLBACK_SIGNING_SECRET. Neither set: callbacks are sent unsigned.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { ENV } from '../env.ts';

let cached: Promise<string | undefined> | undefined;

export function callbackSigningSecret(): Promise<string | undefined> {
  cached ??= load().catch((error: unknown) => {
    // Do not cache a failure: the next delivery tries again.
    cached = undefined;
    throw error;
  });
  return cached;
}

async function load(): Promise<string | undefined> {
  const direct = process.env[ENV.callbackSigningSecret];
  if (direct) return direct;
  const arn = process.env[ENV.callbackSigningSecretArn];
  if (!arn) return undefined;
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
  return SecretString;
}
