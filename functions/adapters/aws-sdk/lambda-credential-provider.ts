// adapter (Lambda bundles only): stands in for `@aws-sdk/credential-provider-node`, the SDK's default
// credential chain. lib/constructs/bundling.ts aliases that package to this file when it bundles a
// function; nothing imports this file directly, and unbundled code (local mode, tests, scripts/admin.ts)
// keeps the full chain.
//
// Why: every client's runtimeConfig imports the chain, which pulls in the SSO, ini-file, process,
// web-identity, login, container/IMDS providers and `@aws-sdk/nested-clients` (its own STS/SSO clients),
// about a quarter of a small bundle. A Lambda needs none of it: the runtime puts the function role's
// credentials in AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, and the default chain's
// first link (fromEnv) is what answers there anyway. The one difference: the chain skips the
// environment when AWS_PROFILE is set, which the Lambda runtime never sets.
import { fromEnv } from '@aws-sdk/credential-provider-env';

/**
 * Same name and call shape as the chain's `defaultProvider`: each client calls it once with its config
 * (only `logger` is read) and memoises the credentials it returns. Without the variables it fails, as
 * the chain's last link does, and says where the other sources went.
 */
export const defaultProvider = (init?: Parameters<typeof fromEnv>[0]): ReturnType<typeof fromEnv> => {
  const fromEnvironment = fromEnv(init);
  return (properties) =>
    fromEnvironment(properties).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(
        `${reason} Lambda bundles read AWS credentials from the environment only (LAMBDA_ALIASES in lib/constructs/bundling.ts).`,
        { cause: error },
      );
    });
};
