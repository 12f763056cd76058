// The provider access decision as a table: every rule of functions/core/integrations/access.ts, and
// the order in which they apply.
import { describe, expect, it } from 'vitest';
import { decideAccess, type AccessFacts, type AccessRequest, type DenyReason } from '#core/integrations/access';
import { defaultPolicy, type WorkspacePolicy } from '#core/integrations/policies';

const policy = (overrides: Partial<WorkspacePolicy> = {}): WorkspacePolicy => ({
  ...defaultPolicy('ws_a'),
  ...overrides,
});
const speech: AccessRequest = { provider: 'speech', model: 'multilingual_v2', voice: 'voice-a' };
const video: AccessRequest = { provider: 'provider-two', model: 'fal-ai/wan/v2.7/text-to-video' };

/** Expected: the credential chosen ('workspace' | 'shared') or the deny reason. */
type Row = [label: string, request: AccessRequest, facts: AccessFacts, expected: 'workspace' | 'shared' | DenyReason];

const ROWS: Row[] = [
  [
    'default policy, own key → own key',
    video,
    { policy: policy(), hasActiveConnection: true, sharedConfigured: true },
    'workspace',
  ],
  [
    'default policy, no own key, shared configured → shared',
    video,
    { policy: policy(), hasActiveConnection: false, sharedConfigured: true },
    'shared',
  ],
  [
    'no own key, no shared → no-credential',
    video,
    { policy: policy(), hasActiveConnection: false, sharedConfigured: false },
    'no-credential',
  ],
  [
    'shared not allowed, no own key → shared-credentials-not-allowed',
    video,
    { policy: policy({ allowSharedCredentials: false }), hasActiveConnection: false, sharedConfigured: true },
    'shared-credentials-not-allowed',
  ],
  [
    'shared not allowed, own key → own key',
    video,
    { policy: policy({ allowSharedCredentials: false }), hasActiveConnection: true, sharedConfigured: true },
    'workspace',
  ],
  [
    'provider not in the list → provider-not-allowed (even with own key)',
    video,
    { policy: policy({ allowedProviders: ['speech'] }), hasActiveConnection: true, sharedConfigured: true },
    'provider-not-allowed',
  ],
  [
    'provider in the list → allowed',
    video,
    { policy: policy({ allowedProviders: ['provider-two'] }), hasActiveConnection: false, sharedConfigured: true },
    'shared',
  ],
  [
    'model not in the list → model-not-allowed (even with own key)',
    video,
    {
      policy: policy({ allowedModels: ['fal-ai/wan/v2.7/image-to-video'] }),
      hasActiveConnection: true,
      sharedConfigured: true,
    },
    'model-not-allowed',
  ],
  [
    'model in the list → allowed',
    video,
    {
      policy: policy({ allowedModels: ['fal-ai/wan/v2.7/text-to-video'] }),
      hasActiveConnection: false,
      sharedConfigured: true,
    },
    'shared',
  ],
  [
    'no model named, model list set → allowed (the default model is checked by the caller)',
    { provider: 'provider-two' },
    { policy: policy({ allowedModels: ['x'] }), hasActiveConnection: false, sharedConfigured: true },
    'shared',
  ],
  [
    'voice not in the list with the shared key → voice-not-allowed',
    speech,
    { policy: policy({ allowedVoices: ['voice-b'] }), hasActiveConnection: false, sharedConfigured: true },
    'voice-not-allowed',
  ],
  [
    'voice not in the list with own key → own key (voices restrict the shared key only)',
    speech,
    { policy: policy({ allowedVoices: ['voice-b'] }), hasActiveConnection: true, sharedConfigured: true },
    'workspace',
  ],
  [
    'voice in the list with the shared key → shared',
    speech,
    { policy: policy({ allowedVoices: ['voice-a'] }), hasActiveConnection: false, sharedConfigured: true },
    'shared',
  ],
  [
    'cap reached → credit-cap-reached (even with own key)',
    video,
    {
      policy: policy({ monthlyCreditCap: 100 }),
      hasActiveConnection: true,
      sharedConfigured: true,
      creditsUsedThisMonth: 100,
    },
    'credit-cap-reached',
  ],
  [
    'cap not reached → allowed',
    video,
    {
      policy: policy({ monthlyCreditCap: 100 }),
      hasActiveConnection: false,
      sharedConfigured: true,
      creditsUsedThisMonth: 99,
    },
    'shared',
  ],
  [
    'cap 0 blocks everything once usage is known',
    video,
    {
      policy: policy({ monthlyCreditCap: 0 }),
      hasActiveConnection: true,
      sharedConfigured: true,
      creditsUsedThisMonth: 0,
    },
    'credit-cap-reached',
  ],
  [
    'cap set, usage unknown → not checked here',
    video,
    { policy: policy({ monthlyCreditCap: 0 }), hasActiveConnection: false, sharedConfigured: true },
    'shared',
  ],
  [
    'provider rule wins over model and cap',
    video,
    {
      policy: policy({ allowedProviders: [], allowedModels: [], monthlyCreditCap: 0 }),
      hasActiveConnection: true,
      sharedConfigured: true,
      creditsUsedThisMonth: 5,
    },
    'provider-not-allowed',
  ],
];

describe('decideAccess', () => {
  it.each(ROWS)('%s', (_label, request, facts, expected) => {
    const decision = decideAccess(request, facts);
    if (expected === 'workspace' || expected === 'shared') {
      expect(decision).toEqual({ allowed: true, credential: expected });
    } else {
      expect(decision).toMatchObject({ allowed: false, reason: expected });
      expect((decision as { message: string }).message.length).toBeGreaterThan(10);
    }
  });
});
