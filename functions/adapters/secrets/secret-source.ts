// adapter: where the service's own secrets come from. In AWS they live in Secrets Manager (never in
// the template or the function's environment); locally they are given directly in an environment
// variable. A value read from Secrets Manager is kept for SECRET_MAX_AGE_MS, not for the life of the
// process: an operator who puts a new value (the payment provider's real whsec_ over the placeholder,
// a rotated key) sees warm functions use it within minutes, and at once where a caller asks for a
// refresh after a signature did not verify. This is the caching of Powertools Parameters (maxAge,
// forceFetch), written out so the clock can be injected and the local value path shares it.
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { systemClock, type Clock } from '#core/clock';
import { telemetry } from '#core/telemetry';

/** How long a value read from Secrets Manager is used before it is read again. */
export const SECRET_MAX_AGE_MS = 5 * 60 * 1000;
/**
 * The shortest time between two reads forced by refresh(): anyone can send a bad signature, and each
 * must not cost a GetSecretValue call (price, and the account's API rate shared with every function).
 */
export const SECRET_MIN_REFRESH_INTERVAL_MS = 30 * 1000;

export interface SecretReader {
  /**
   * The current value: `valueEnv` if set (the first one set, when several names are given), else the Secrets
   * Manager secret named by `arnEnv` (cached), else undefined.
   */
  (): Promise<string | undefined>;
  /**
   * Reads the secret again now, unless it was read less than SECRET_MIN_REFRESH_INTERVAL_MS ago.
   * Resolves to whether the value changed: only then is a second verification worth trying.
   */
  refresh(): Promise<boolean>;
}

export interface SecretSourceOptions {
  /** @default process.env */
  env?: Readonly<Record<string, string | undefined>>;
  /** Reads the secret's current string value. @default Secrets Manager GetSecretValue */
  fetch?: (arn: string) => Promise<string>;
  clock?: Clock;
}

async function getSecretValue(arn: string): Promise<string> {
  const { SecretString } = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
  if (!SecretString) throw new Error(`Secret ${arn} has no string value`);
  return SecretString;
}

export function secretSource(
  valueEnv: string | readonly string[],
  arnEnv: string,
  options: SecretSourceOptions = {},
): SecretReader {
  const env = options.env ?? process.env;
  const valueNames = typeof valueEnv === 'string' ? [valueEnv] : valueEnv;
  /** The value given directly in the environment, under the first of the names that is set. */
  const directValue = () => valueNames.map((name) => env[name]).find((value) => value);
  const fetch = options.fetch ?? getSecretValue;
  const clock = options.clock ?? systemClock;
  let cached: { value: string; readAt: number } | undefined;
  /** When the last read was started, successful or not: the refresh interval counts from it. */
  let lastAttempt = Number.NEGATIVE_INFINITY;
  let inFlight: Promise<string> | undefined;
  const now = () => clock.now().getTime();
  const recentlyAttempted = () => now() - lastAttempt < SECRET_MIN_REFRESH_INTERVAL_MS;

  /** One read at a time: concurrent callers share it. A failed read keeps the last value, if any. */
  const load = (arn: string): Promise<string> => {
    if (inFlight) return inFlight;
    lastAttempt = now();
    inFlight = fetch(arn)
      .then(
        (value) => {
          cached = { value, readAt: now() };
          return value;
        },
        (error: unknown) => {
          if (!cached) throw error;
          // Secrets Manager unreachable: a signature check with the last value beats failing every call.
          telemetry.warn('Could not re-read a secret; using the last value', { arnEnv, error: String(error) });
          return cached.value;
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };

  const read = (async () => {
    const direct = directValue();
    if (direct) return direct;
    const arn = env[arnEnv];
    if (!arn) return undefined;
    // Past its age, a value is read again, but not more often than the refresh interval while reads fail.
    if (cached && (now() - cached.readAt < SECRET_MAX_AGE_MS || recentlyAttempted())) return cached.value;
    return load(arn);
  }) as SecretReader;

  read.refresh = async () => {
    const arn = env[arnEnv];
    if (directValue() || !arn) return false;
    const before = cached?.value;
    if (!inFlight && recentlyAttempted()) return false;
    return (await load(arn)) !== before;
  };
  return read;
}
