// adapter: the credential cipher of this process, chosen once from configuration — KMS when
// CREDENTIALS_KMS_KEY_ID is set (AWS), else the local master key file (local mode and tests). A Lambda
// without a KMS key refuses rather than fall back to a key file on its ephemeral disk.
import type { CredentialCipher } from '#core/integrations/ports';
import { ENV } from '../env.ts';
import { KmsCredentialCipher } from './kms-cipher.ts';
import { LocalCredentialCipher, loadOrCreateMasterKey } from './local-cipher.ts';

let chosen: CredentialCipher | undefined;

function choose(env: NodeJS.ProcessEnv): CredentialCipher {
  const keyId = env[ENV.credentialsKmsKeyId];
  if (keyId) return new KmsCredentialCipher(keyId);
  if (env.AWS_LAMBDA_FUNCTION_NAME)
    throw new Error(`${ENV.credentialsKmsKeyId} is not set: credentials cannot be encrypted`);
  const file = env[ENV.credentialsMasterKeyFile];
  if (!file) throw new Error(`Neither ${ENV.credentialsKmsKeyId} nor ${ENV.credentialsMasterKeyFile} is set`);
  return new LocalCredentialCipher(loadOrCreateMasterKey(file));
}

/** Built on first use (the environment is read then, not at import), then reused. */
function cipher(): CredentialCipher {
  chosen ??= choose(process.env);
  return chosen;
}

export const credentialCipher: CredentialCipher = {
  seal: (plaintext, context) => cipher().seal(plaintext, context),
  open: (sealed, context) => cipher().open(sealed, context),
};
