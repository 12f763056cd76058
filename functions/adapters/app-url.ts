// adapters: the app origin for links handed to people (invite links), read once from PUBLIC_APP_URL.
import * as z from '#core/schema';
import { ENV } from '#adapters/env';

const AppUrlConfig = z.object({ [ENV.publicAppUrl]: z.optional(z.url()) });

/**
 * PUBLIC_APP_URL (CDK sets it on the functions that build app-host links when the app host has a
 * custom domain; local mode always sets it). Without it, invite links cannot be built: ValidationError
 * would blame the caller, so this is a configuration error (500) with a message saying what to set.
 */
export function configuredAppUrl(): string {
  const value = AppUrlConfig.parse(process.env)[ENV.publicAppUrl];
  if (!value)
    throw new Error(
      `${ENV.publicAppUrl} is not set: invite links need the app host's public origin (CDK context publicAppUrl)`,
    );
  return new URL(value).origin;
}
