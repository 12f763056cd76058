// adapter: which credential cipher configuration asks for — KMS when CREDENTIALS_KMS_KEY_ID is set (AWS),
// else the local master key file (local mode and tests). A Lambda without a KMS key refuses rather than fall
// back to a key file on its ephemeral disk. The process's one cipher is the composition root's handle
// (composition/credentials.ts), built from this on first use.
import type { CredentialCipher } from '#core/integrations/ports';
import { ENV } from '../env.ts';
import { KmsCredentialCipher } from './kms-cipher.ts';
import { LocalCredentialCipher, loadOrCreateMasterKey } from './local-cipher.ts';

export function chooseCipher(env: NodeJS.ProcessEnv): CredentialCipher {
  const keyId = env[ENV.credentialsKmsKeyId];
  if (keyId) return new KmsCredentialCipher(keyId);
  if (env.AWS_LAMBDA_FUNCTION_NAME)
    throw new Error(`${ENV.credentialsKmsKeyId} is not set: credentials cannot be encrypted`);
  const file = env[ENV.credentialsMasterKeyFile];
  if (!file) throw new Error(`Neither ${ENV.credentialsKmsKeyId} nor ${ENV.credentialsMasterKeyFile} is set`);
  return new LocalCredentialCipher(loadOrCreateMasterKey(file));
}
