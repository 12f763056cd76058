// composition: the handles of the adapters that hold the deployment's secrets — the credential cipher (KMS
// in AWS, the local master key file otherwise) and the GitHub App client — each built on first use, once
// per process, and replaceable in a test (./root.ts: overrideDeps).
import type { CodeHost } from '#core/codehost/ports';
import { githubCodeHost } from '../codehost/config.ts';
import { chooseCipher } from '../credentials/cipher.ts';
import { adapter } from './root.ts';

/** Reads the environment on its first seal or open, not at import. */
export const credentialCipher = /* @__PURE__ */ adapter('credentialCipher', () => chooseCipher(process.env));

/**
 * The GitHub client behind the CodeHost port. Its key is read (Secrets Manager in AWS) and Octokit loaded
 * on the first call to GitHub, so a route that only reads records never needs either.
 */
export const codeHost = /* @__PURE__ */ adapter(
  'codeHost',
  () =>
    new Proxy({} as CodeHost, {
      get:
        (_target, method: keyof CodeHost) =>
        async (...args: unknown[]) => {
          const client = await githubCodeHost();
          return (client[method] as (...a: unknown[]) => unknown).apply(client, args);
        },
    }),
);
