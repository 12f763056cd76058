// composition: the origin secret CloudFront adds to app-host requests (ORIGIN_SECRET, or its Secrets
// Manager ARN, cached by secretSource), which lets a handler believe the viewer address header.
import { telemetry } from '#core/telemetry';
import { ENV } from '../env.ts';
import { secretSource } from '../secrets/secret-source.ts';

const readSecret = secretSource(ENV.originSecret, ENV.originSecretArn);

/**
 * The origin secret, or undefined where none is configured or it cannot be read: then every request is
 * counted by the address that called API Gateway, as before CloudFront was trusted, rather than failing.
 */
export async function readOriginSecret(): Promise<string | undefined> {
  try {
    return await readSecret();
  } catch (error) {
    telemetry.warn('Could not read the origin secret; counting requests by their source address', {
      error: String(error),
    });
    return undefined;
  }
}
