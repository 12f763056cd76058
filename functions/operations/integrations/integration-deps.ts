// operation helper: what the integration routes share, built once per cold start.
import { systemClock } from '#core/clock';
import { connections, policies } from '#adapters/dynamodb/integration-repository';
import { credentialCipher } from '#adapters/credentials/cipher';

export const connectionDeps = { connections, cipher: credentialCipher, clock: systemClock };
export const policyDeps = { policies, clock: systemClock };
