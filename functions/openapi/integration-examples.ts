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

export const INTEGRATION_EXAMPLES: Readonly<Record<string, OperationExample>> = {
  get_service_status: { input: {}, status: 200, output: { status: 'ok', checkedAt: AT, providers: providerStatus } },
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
