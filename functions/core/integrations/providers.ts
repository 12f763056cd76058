// core: the provider catalogue — which external providers the service knows, what each can do, which
// models and voices it offers and what a bring-your-own credential for it looks like. Data only, defined
// once: /api/integrations/providers shows it, connections validate credentials against it, policies
// check model and voice ids against it, and generation takes its model contract from it.
import * as z from '../schema.ts';
import { FAL_DEFAULT_ENDPOINT, FAL_ENDPOINTS } from '../generation/fal-models.ts';
import { VEO_DEFAULT_MODEL, VEO_MODELS } from '../generation/veo-models.ts';
import type { VideoMode } from '../generation/video-mode.ts';

export const PROVIDER_IDS = ['provider-one', 'provider-two', 'speech', 'codehost', 'workspace-suite', 'http'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];
export const ProviderIdSchema = z.enum(PROVIDER_IDS);

export type ProviderKind = 'video' | 'speech' | 'codehost' | 'workspace-suite' | 'http';

export type { VideoMode } from '../generation/video-mode.ts';

export interface ProviderModel {
  readonly id: string;
  readonly label: string;
  /** Video models: the generation modes the model serves. Speech models: `tts` or `sts`. */
  readonly modes: readonly (VideoMode | 'tts' | 'sts')[];
}

export interface ProviderDefinition {
  readonly id: ProviderId;
  readonly kind: ProviderKind;
  /** Who runs it (the spec names roles; the deployment names vendors). */
  readonly vendor: string;
  readonly label: string;
  readonly capabilities: readonly string[];
  /** The model contract: ids the service validates parameters for. Empty for non-generation providers. */
  readonly models: readonly ProviderModel[];
  /** The model used when a request names none. */
  readonly defaultModel: string | null;
  /** Speech only: the voice used when none is named. */
  readonly defaultVoice?: string;
  /** Whether a workspace may store its own credential for this provider (POST /api/integrations/connections). */
  readonly bringYourOwnCredential: boolean;
}

export const PROVIDERS: readonly ProviderDefinition[] = [
  {
    id: 'provider-one',
    kind: 'video',
    vendor: 'Google (Veo, Gemini API)',
    label: 'Video provider one',
    capabilities: ['text-to-video', 'image-to-video', 'reference-images', 'last-frame'],
    // The model contract (functions/core/generation/veo-models.ts).
    models: VEO_MODELS.map((model) => ({ id: model.id, label: model.label, modes: model.modes })),
    defaultModel: VEO_DEFAULT_MODEL,
    bringYourOwnCredential: true,
  },
  {
    id: 'provider-two',
    kind: 'video',
    vendor: 'fal.ai (queue API)',
    label: 'Video provider two',
    capabilities: ['text-to-video', 'image-to-video', 'reference-to-video', 'last-frame', 'model-params'],
    // The model contract (functions/core/generation/fal-models.ts): every endpoint and the default.
    models: FAL_ENDPOINTS.map((endpoint) => ({ id: endpoint.id, label: endpoint.label, modes: [endpoint.mode] })),
    defaultModel: FAL_DEFAULT_ENDPOINT,
    bringYourOwnCredential: true,
  },
  {
    id: 'speech',
    kind: 'speech',
    vendor: 'ElevenLabs',
    label: 'Speech provider',
    capabilities: ['text-to-speech', 'speech-to-speech', 'background-noise-removal'],
    models: [
      { id: 'multilingual_v2', label: 'Multilingual v2', modes: ['tts'] },
      { id: 'multilingual_sts_v2', label: 'Multilingual speech-to-speech v2', modes: ['sts'] },
    ],
    defaultModel: 'multilingual_v2',
    defaultVoice: 'EXAVITQu4vr4xnSDxMaL',
    bringYourOwnCredential: true,
  },
  {
    id: 'codehost',
    kind: 'codehost',
    vendor: 'GitHub (GitHub App)',
    label: 'Code host',
    capabilities: [
      'installations',
      'repositories',
      'code-search',
      'source-links',
      'repository-sync',
      'draft-pull-requests',
      'webhooks',
    ],
    models: [],
    defaultModel: null,
    // Access comes from installing the deployment's GitHub App, not from a stored token.
    bringYourOwnCredential: false,
  },
  {
    id: 'workspace-suite',
    kind: 'workspace-suite',
    vendor: 'Workspace productivity suite (OAuth)',
    label: 'Workspace suite',
    capabilities: ['documents', 'files'],
    models: [],
    defaultModel: null,
    bringYourOwnCredential: true,
  },
  {
    // Not a vendor: the workspace's named secrets for its own HTTP APIs, which http-request nodes put in
    // request headers as {{connections.http.NAME}} (never stored in node data).
    id: 'http',
    kind: 'http',
    vendor: 'Any HTTPS API (your own secrets)',
    label: 'HTTP request secrets',
    capabilities: ['http-request-node'],
    models: [],
    defaultModel: null,
    bringYourOwnCredential: true,
  },
];

export function providerById(id: ProviderId): ProviderDefinition {
  return PROVIDERS.find((provider) => provider.id === id)!;
}

/**
 * What a bring-your-own credential must look like, per provider. Shapes are checked before anything is
 * stored, so a typo is a 400 now rather than a failed generation later. Format rules are deliberately
 * loose where the vendor documents none (the vendor is the judge of validity, not us).
 */
export const CREDENTIAL_SHAPES = {
  // Gemini API keys: `AIza` + 35 URL-safe characters.
  'provider-one': z.strictObject({
    apiKey: z
      .string()
      .check(z.regex(/^AIza[0-9A-Za-z_-]{35}$/, 'apiKey must be a Gemini API key (AIza…, 39 characters)')),
  }),
  // fal keys are `key_id:key_secret`.
  'provider-two': z.strictObject({
    apiKey: z
      .string()
      .check(z.regex(/^[A-Za-z0-9-]{8,}:[A-Za-z0-9]{16,}$/, 'apiKey must be a fal key (key_id:key_secret)')),
  }),
  speech: z.strictObject({
    apiKey: z.string().check(z.regex(/^(sk_)?[A-Za-z0-9]{32,64}$/, 'apiKey must be an ElevenLabs API key')),
  }),
  'workspace-suite': z.strictObject({
    clientId: z.string().check(z.minLength(1), z.maxLength(200)),
    refreshToken: z.string().check(z.minLength(10), z.maxLength(2048)),
  }),
  // Named secrets, e.g. { "CRM_TOKEN": "…" }: names as environment variables are written.
  http: z
    .record(
      z
        .string()
        .check(
          z.regex(
            /^[A-Za-z_][A-Za-z0-9_]{0,63}$/,
            'secret names are letters, digits and _ (like CRM_TOKEN), at most 64',
          ),
        ),
      z.string().check(z.minLength(1), z.maxLength(4096)),
    )
    .check(
      z.refine(
        (secrets) => Object.keys(secrets).length >= 1 && Object.keys(secrets).length <= 50,
        'between 1 and 50 named secrets',
      ),
    ),
} as const satisfies Partial<Record<ProviderId, z.ZodMiniType<Record<string, string>>>>;

export type CredentialProvider = keyof typeof CREDENTIAL_SHAPES;
export const CREDENTIAL_PROVIDERS = Object.keys(CREDENTIAL_SHAPES) as CredentialProvider[];
