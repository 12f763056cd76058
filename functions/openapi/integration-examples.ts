// openapi: the examples of the integration operations (kept beside examples.ts so the two lists grow apart).
import type { OperationExample } from './examples.ts';

const AT = '2026-11-23T20:00:00.000Z';

const providerStatus = [
  { id: 'provider-one', label: 'Video provider one', sharedCredentials: true, status: 'available' },
  { id: 'provider-two', label: 'Video provider two', sharedCredentials: false, status: 'bring-your-own' },
  { id: 'speech', label: 'Speech provider', sharedCredentials: true, status: 'available' },
  { id: 'codehost', label: 'Code host', sharedCredentials: true, status: 'available' },
  { id: 'workspace-suite', label: 'Workspace suite', sharedCredentials: false, status: 'bring-your-own' },
];

const connection = {
  provider: 'provider-two',
  label: 'Our fal account',
  status: 'active',
  masked: { apiKey: '…x9Qz' },
  createdAt: AT,
  updatedAt: AT,
  revokedAt: null,
  updatedBy: 'key_01jd8x6e8g0j2l4n6q8s0u2w4y',
};
const policy = {
  workspaceId: 'ws_01jd8x3q2v5k7m9p1r3t5w7y9a',
  allowedProviders: ['provider-two', 'speech'],
  allowedModels: null,
  allowedVoices: ['EXAVITQu4vr4xnSDxMaL'],
  allowSharedCredentials: true,
  monthlyCreditCap: 5000,
  updatedAt: AT,
};

export const INTEGRATION_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  get_service_status: { input: {}, status: 200, output: { status: 'ok', checkedAt: AT, providers: providerStatus } },
  list_connections: { input: {}, status: 200, output: { items: [connection], nextCursor: null } },
  upsert_connection: {
    input: { provider: 'provider-two', credential: { apiKey: '3f1c2b7a-0d4e:9a8b7c6d5e4f3a2b1c0dx9Qz' }, label: 'Our fal account' },
    status: 201,
    output: { ...connection, created: true },
    also: { status: 200, description: 'An existing credential was replaced', output: { ...connection, created: false } },
  },
  revoke_connection: { input: { provider: 'provider-two' }, status: 200, output: { ...connection, status: 'revoked', revokedAt: AT } },
  get_integration_policy: { input: {}, status: 200, output: policy },
  update_integration_policy: { input: { allowedProviders: ['provider-two', 'speech'], monthlyCreditCap: 5000 }, status: 200, output: policy },
  get_workspace_suite_connection: {
    input: {},
    status: 200,
    output: {
      provider: 'workspace-suite',
      label: 'Workspace suite',
      vendor: 'Workspace productivity suite (OAuth)',
      state: 'connected',
      credential: 'workspace',
      sharedCredentials: false,
      capabilities: ['documents', 'files'],
      connection: { label: 'Acme suite', status: 'active', masked: { clientId: '…', refreshToken: '…Zk3q' }, createdAt: AT, updatedAt: AT, revokedAt: null },
    },
  },
  list_providers: {
    input: {},
    status: 200,
    output: {
      providers: [
        {
          id: 'speech',
          kind: 'speech',
          vendor: 'ElevenLabs',
          label: 'Speech provider',
          capabilities: ['text-to-speech', 'speech-to-speech'],
          models: [{ id: 'multilingual_v2', label: 'Multilingual v2', modes: ['tts'] }],
          defaultModel: 'multilingual_v2',
          defaultVoice: 'EXAVITQu4vr4xnSDxMaL',
          bringYourOwnCredential: true,
          sharedCredentials: true,
          status: 'available',
        },
      ],
    },
  },
};
