// adapter: where the service's own secrets come from. In AWS they live in Secrets Manager and are
// read once per cold start (never in the template or the function's environment); locally they are
// given directly in an environment variable.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';

/** Returns a memoised reader: `valueEnv` if set, else the Secrets Manager secret named by `arnEnv`, else undefined. */
export function secretSource(valueEnv: string, arnEnv: string): () => Promise<string | undefined> {
  let cached: Promise<string | undefined> | undefined;
  const load = async () => {
    const direct = process.env[valueEnv];
    if (direct) return direct;
    const arn = process.env[arnEnv];
    if (!arn) return undefined;
    const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
    return SecretString;
  };
  return () => {
    cached ??= load().catch((error: unknown) => {
      // Not cached: the next call tries again.
      cached = undefined;
      throw error;
    });
    return cached;
  };
}
