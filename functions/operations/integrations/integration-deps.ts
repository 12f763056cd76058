// operation helper: what the integration routes share — a view onto the composition root's handles.
import { systemClock } from '#core/clock';
import { credentialCipher } from '#adapters/composition/credentials';
import { connections, policies } from '#adapters/composition/stores';

export const connectionDeps = { connections, cipher: credentialCipher, clock: systemClock };
export const policyDeps = { policies, clock: systemClock };
