// operations: the output schemas of the integration operations (providers, connections, policies, the
// code host, the workspace suite). Loose objects, as in views.ts: described fields a client can rely on.
import * as z from '#core/schema';

const text = (description: string) => z.string().check(z.describe(description));
const flag = (description: string) => z.boolean().check(z.describe(description));
const nullableText = (description: string) => z.nullable(z.string()).check(z.describe(description));

const ProviderStatusView = z.enum(['available', 'bring-your-own', 'unavailable']).check(
  z.describe("available: the deployment's shared credential is configured; bring-your-own: usable with a workspace connection only; unavailable: not usable"),
);

export const ProviderCatalogueView = z.looseObject({
  providers: z
    .array(
      z.looseObject({
        id: text('Provider id: provider-one, provider-two (video), speech, codehost, workspace-suite'),
        kind: text('video, speech, codehost or workspace-suite'),
        vendor: text('Who runs the provider'),
        label: text('Display name'),
        capabilities: z.array(z.string()).check(z.describe('What the provider can do')),
        models: z
          .array(z.looseObject({ id: z.string(), label: z.string(), modes: z.array(z.string()) }))
          .check(z.describe('The model contract: models the service validates parameters for, with their modes')),
        defaultModel: nullableText('Model used when a request names none'),
        bringYourOwnCredential: flag('Whether a workspace may store its own credential for it'),
        sharedCredentials: flag("Whether the deployment's shared credential is configured"),
        status: ProviderStatusView,
      }),
    )
    .check(z.describe('Every provider the service knows')),
});

export const ServiceStatusView = z.looseObject({
  status: z.enum(['ok', 'degraded']).check(z.describe('degraded when at least one provider is unavailable')),
  checkedAt: text('When this answer was computed (ISO 8601, UTC)'),
  providers: z
    .array(z.looseObject({ id: z.string(), label: z.string(), sharedCredentials: z.boolean(), status: ProviderStatusView }))
    .check(z.describe('Per provider: shared credential configured and resulting status')),
});
