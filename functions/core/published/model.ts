// core: a published server — a canvas served as an MCP server of its own at /mcp/s/<slug> on the app host,
// with the trigger nodes its owner exposes as tools, a visibility, the canvas version it serves and its limits.
import type { CanvasEdge, CanvasNode } from '../canvas/model.ts';
import { ClientId, CanvasId } from '../canvas/model.ts';
import * as z from '../schema.ts';

export const PUBLISHED_SERVER_ID_PREFIX = 'psv';
export const PUBLISHED_CREDENTIAL_ID_PREFIX = 'pck';

/** Where a published server answers, on the app host (docs/published-servers.md). */
export const PUBLISHED_PATH_PREFIX = '/mcp/s/';
export const publishedPath = (slug: string) => `${PUBLISHED_PATH_PREFIX}${slug}`;

export const VISIBILITIES = ['protected', 'public'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** `latest`: every call runs the canvas as it is now; `pinned`: the canvas as it was when pinned. */
export const VERSIONS = ['latest', 'pinned'] as const;

/**
 * Limits per visibility. A public server spends the workspace's money for anyone on the internet, so its
 * ceilings are lower and its defaults tighter; an owner may lower any limit, never raise one past its ceiling.
 */
export const LIMITS = {
  protected: { callsPerMinute: { default: 60, max: 600 }, creditsPerDay: { default: 1000, max: 100_000 } },
  public: { callsPerMinute: { default: 10, max: 60 }, creditsPerDay: { default: 200, max: 5000 } },
} as const satisfies Record<Visibility, Record<string, { default: number; max: number }>>;

export interface ServerLimits {
  /** Tool calls that start a run, per minute, across all callers of the server. */
  callsPerMinute: number;
  /** Credits the server's runs may spend per UTC day; once spent, calls answer 429 without starting a run. */
  creditsPerDay: number;
}

/** A run input the owner declares for a tool: its name in the run's `inputs`, JSON type and description. */
export interface DeclaredInput {
  name: string;
  type: 'string' | 'number' | 'integer' | 'boolean';
  description: string;
  required: boolean;
}

/** A trigger node exposed as a tool. */
export interface ExposedTrigger {
  triggerNodeId: string;
  /** The tool's name (unique in the server). */
  toolName: string;
  description: string;
  inputs: DeclaredInput[];
  /** A prompt trigger's stored prompt stays out of tools/list (the argument only says it has a default). */
  hidePromptDefault?: boolean;
}

/** The canvas as published, when the server is pinned to it (`latest` servers read the live canvas). */
export interface PinnedCanvas {
  canvasVersion: number;
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export interface PublishedServer {
  id: string;
  workspaceId: string;
  slug: string;
  name: string;
  description: string;
  canvasId: string;
  visibility: Visibility;
  /** `latest`: every call runs the canvas as it is now; `pinned`: the canvas as it was when pinned. */
  version: (typeof VERSIONS)[number];
  pinned: PinnedCanvas | null;
  tools: ExposedTrigger[];
  limits: ServerLimits;
  createdAt: string;
  updatedAt: string;
  createdByKeyId: string;
}

/** A `umcp_` credential's listing record: never the credential itself. */
export interface PublishedCredentialRecord {
  id: string;
  workspaceId: string;
  serverId: string;
  name: string;
  prefix: string;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  keyHash: string;
}

/** The authentication item, addressed by the credential's hash; deleted when the credential is revoked. */
export interface PublishedCredentialLookup {
  keyHash: string;
  workspaceId: string;
  serverId: string;
  credentialId: string;
  expiresAt: string | null;
}

// ── Input schemas ─────────────────────────────────────────────────────────────────────────────────────

export const Slug = z
  .string()
  .check(
    z.regex(
      /^[a-z0-9](?:[a-z0-9-]{1,46})[a-z0-9]$/,
      'must be 3–48 characters of a-z, 0-9 and -, starting and ending with a letter or digit',
    ),
  );
export const ServerId = z
  .string()
  .check(z.regex(/^psv_[0-9a-hjkmnp-tv-z]{26}$/, 'is not a published server id (psv_…)'));
const ToolName = z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1–64 characters of A-Z a-z 0-9 _ . -'));
const InputName = z
  .string()
  .check(z.regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be an identifier: a letter or _, then letters, digits, _'));

const DeclaredInputSchema = z.strictObject({
  name: InputName.check(z.describe('Name of the run input ({{inputs.name}} in templates; `prompt` for the prompt)')),
  type: z
    ._default(z.enum(['string', 'number', 'integer', 'boolean']), 'string')
    .check(z.describe('JSON type the caller sends (default string)')),
  description: z.string().check(z.minLength(1), z.maxLength(500), z.describe('What the caller should put there')),
  required: z._default(z.boolean(), false).check(z.describe('Whether a call must carry it (default false)')),
});

export const ExposedTriggerInput = z.strictObject({
  triggerNodeId: ClientId.check(z.describe('A prompt or webhook-trigger node of the canvas')),
  toolName: z.optional(ToolName.check(z.describe('Tool name (default: the node label or id, made safe)'))),
  description: z.optional(
    z.string().check(z.minLength(1), z.maxLength(1000), z.describe('What the tool does, for the calling agent')),
  ),
  inputs: z.optional(
    z
      .array(DeclaredInputSchema)
      .check(
        z.maxLength(20),
        z.describe('Declared run inputs; a prompt trigger always takes `prompt`, templates add {{inputs.name}}'),
      ),
  ),
  hidePromptDefault: z.optional(
    z
      .boolean()
      .check(
        z.describe(
          "A prompt trigger's stored prompt is its argument's default: true keeps its text out of tools/list (default false: shown, up to 200 characters)",
        ),
      ),
  ),
});
export type ExposedTriggerInput = z.infer<typeof ExposedTriggerInput>;

const LimitsInput = z.strictObject({
  callsPerMinute: z.optional(z.int().check(z.minimum(1), z.describe('Tool calls per minute (ceiling by visibility)'))),
  creditsPerDay: z.optional(
    z.int().check(z.minimum(0), z.describe('Credits per UTC day the server may spend (ceiling by visibility)')),
  ),
});

const Name = z.string().check(z.trim(), z.minLength(1), z.maxLength(100));
const Description = z.string().check(z.trim(), z.minLength(1), z.maxLength(2000));

export const PublishInput = z.strictObject({
  canvasId: CanvasId.check(z.describe('Canvas to publish')),
  slug: Slug.check(z.describe('URL name: the server answers at /mcp/s/<slug> on the app host')),
  name: Name.check(z.describe('Server name agents see')),
  description: Description.check(z.describe('What the server is for, shown to agents as its instructions')),
  visibility: z
    ._default(z.enum(VISIBILITIES), 'protected')
    .check(z.describe('protected: a umcp_ credential is required; public: anyone may call (lower limits)')),
  version: z
    ._default(z.enum(VERSIONS), 'latest')
    .check(z.describe('latest: calls run the canvas as it is; pinned: as it is now, until updated')),
  tools: z
    .array(ExposedTriggerInput)
    .check(z.minLength(1), z.maxLength(20), z.describe('Trigger nodes exposed as tools, one tool each')),
  limits: z.optional(LimitsInput.check(z.describe('Per-server limits; defaults by visibility'))),
});
export type PublishInput = z.infer<typeof PublishInput>;

export const UpdateInput = z.strictObject({
  serverId: ServerId.check(z.describe('The published server')),
  name: z.optional(Name.check(z.describe('New server name'))),
  description: z.optional(Description.check(z.describe('New description (the MCP instructions)'))),
  visibility: z.optional(z.enum(VISIBILITIES).check(z.describe('protected or public (public clamps the limits)'))),
  version: z.optional(
    z
      .enum(VERSIONS)
      .check(z.describe('pinned: pin the canvas as it is now (again, when already pinned); latest: unpin')),
  ),
  tools: z.optional(
    z
      .array(ExposedTriggerInput)
      .check(z.minLength(1), z.maxLength(20), z.describe('The exposed triggers, replacing the current list')),
  ),
  limits: z.optional(LimitsInput.check(z.describe('New limits; omitted ones stay'))),
});
export type UpdateInput = z.infer<typeof UpdateInput>;

export const CreateCredentialInput = z.strictObject({
  serverId: ServerId.check(z.describe('The published server the credential opens')),
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100), z.describe('Who or what uses it')),
  expiresInDays: z.optional(z.int().check(z.minimum(1), z.maximum(365), z.describe('Expiry, 1–365 days; none'))),
});
export type CreateCredentialInput = z.infer<typeof CreateCredentialInput>;
