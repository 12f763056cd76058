// infra entry: StatefulStack (table, bucket) → StatelessStack (APIs, route functions, run workflow, the
// studio's hosting), cdk-nag on top.
// `npx cdk synth` runs this file (cdk.json); tests import buildApp() and synthesize in-process.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Annotations, App, type AppProps, Aspects, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { PRICE_CONFIG_ENV, priceBookFrom } from '#core/credits/prices';
import type { RouteDefinition } from '#route-table/manifest';
import { StatefulStack } from '../lib/stateful-stack.ts';
import { StatelessStack } from '../lib/stateless-stack.ts';
import { tagsOf } from '../lib/constructs/operations-context.ts';
import { isStrict, StrictKeyPolicies, vpcPlacementIdsOf } from '../lib/constructs/compliance.ts';
import { STUDIO_BUILD_SCRIPT, studioBuildContent, studioDirectoryContent } from '../lib/constructs/studio-build.ts';
import { SERVICE_NAME } from '../functions/adapters/observability/names.ts';

export interface BuildAppOptions extends AppProps {
  /**
   * Register cdk-nag's AwsSolutions pack as a synthesis validation plugin (synth fails on findings).
   * @default true
   */
  readonly nag?: boolean;
  /**
   * Routes to deploy.
   * @default the manifest's ROUTES
   */
  readonly routes?: readonly RouteDefinition[];
}

/**
 * The `context` block of cdk.json (feature flags). The CDK CLI hands it to the app; an app built
 * in-process (tests) must pass it itself, or it would synthesize with different defaults.
 */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(new URL('../cdk.json', import.meta.url), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/**
 * CDK context key: complete ARN of the deployment's shared callback secret (deprecated: it signs only the older
 * X-Service-Signature headers; every callback is signed with its workspace's own secret, docs/callbacks.md).
 */
export const CALLBACK_SIGNING_SECRET_ARN_CONTEXT = 'callbackSigningSecretArn';
/** CDK context key: the https origin of the base host's custom domain (webhook URLs use it). */
export const PUBLIC_BASE_URL_CONTEXT = 'publicBaseUrl';
/** CDK context key: the https origin of the app host's custom domain (gateway resource, OAuth issuer, CORS). */
export const PUBLIC_APP_URL_CONTEXT = 'publicAppUrl';

/**
 * CDK context keys of the studio's hosting: `studio` (default true; false leaves it out), `studioDir` (a
 * built studio to upload instead of building web/ during synth), `studioCertificateArn` (ACM, us-east-1,
 * for publicAppUrl's host), `studioWebAclArn` (a WAFv2 web ACL with CLOUDFRONT scope).
 */
export const STUDIO_CONTEXT = {
  enabled: 'studio',
  dir: 'studioDir',
  certificateArn: 'studioCertificateArn',
  webAclArn: 'studioWebAclArn',
} as const;

/** CDK context keys of the credit price configuration (functions/core/credits/prices.ts), each JSON. */
export const CREDIT_PRICING_CONTEXT = {
  creditPrices: PRICE_CONFIG_ENV.prices,
  creditListPrice: PRICE_CONFIG_ENV.creditListPrice,
  creditPlans: PRICE_CONFIG_ENV.plans,
} as const;

/**
 * The credit price configuration from context (a JSON string or the JSON value itself), as env name →
 * JSON text; checked now, so a bad price list fails the synth rather than the first charge.
 */
function creditPricingContext(app: App): Record<string, string> {
  const pricing: Record<string, string> = {};
  for (const [key, envName] of Object.entries(CREDIT_PRICING_CONTEXT)) {
    const value: unknown = app.node.tryGetContext(key);
    if (value === undefined || value === null || value === '') continue;
    pricing[envName] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  priceBookFrom({
    prices: pricing[PRICE_CONFIG_ENV.prices],
    creditListPrice: pricing[PRICE_CONFIG_ENV.creditListPrice],
    plans: pricing[PRICE_CONFIG_ENV.plans],
  });
  return pricing;
}

/** An optional https-origin context value, checked. */
function originContext(app: App, key: string): string | undefined {
  const value: unknown = app.node.tryGetContext(key);
  if (value !== undefined && (typeof value !== 'string' || !/^https:\/\/[^/]+$/.test(value))) {
    throw new Error(`Context ${key} must be an https origin such as https://api.example.com`);
  }
  return value || undefined;
}

/** The studio's hosting settings from context, or undefined when it is off or cannot be built. */
function studioContext(app: App) {
  const enabled: unknown = app.node.tryGetContext(STUDIO_CONTEXT.enabled);
  if (enabled === false || enabled === 'false') return undefined;
  const text = (key: string) => {
    const value: unknown = app.node.tryGetContext(key);
    if (value !== undefined && typeof value !== 'string') throw new Error(`Context ${key} must be a string`);
    return value || undefined;
  };
  const dir = text(STUDIO_CONTEXT.dir);
  const content = dir ? studioDirectoryContent(dir) : studioBuildContent();
  if (!content) return undefined;
  return { content, certificateArn: text(STUDIO_CONTEXT.certificateArn), webAclArn: text(STUDIO_CONTEXT.webAclArn) };
}

export function buildApp(options: BuildAppOptions = {}) {
  const { nag = true, routes, ...appProps } = options;
  const app = new App(appProps);
  // Optional and deprecated (`cdk deploy -c callbackSigningSecretArn=arn:…`): without it callbacks carry only
  // their workspace's signature (docs/infrastructure-workflow.md).
  // Only the ARN is in the template; the functions read the value from Secrets Manager.
  const secretArn: unknown = app.node.tryGetContext(CALLBACK_SIGNING_SECRET_ARN_CONTEXT);
  if (secretArn !== undefined && typeof secretArn !== 'string') {
    throw new Error(`Context ${CALLBACK_SIGNING_SECRET_ARN_CONTEXT} must be a string (a Secrets Manager secret ARN)`);
  }
  // Optional (`-c publicBaseUrl=https://api.example.com -c publicAppUrl=https://app.example.com`): the
  // custom domains of the two hosts. The app host's is what the OAuth well-known documents need.
  const publicBaseUrl = originContext(app, PUBLIC_BASE_URL_CONTEXT);
  const publicAppUrl = originContext(app, PUBLIC_APP_URL_CONTEXT);
  const creditPricing = creditPricingContext(app);
  // Optional: the GitHub App of the code host (all three or none; secrets by complete ARN).
  const appId: unknown = app.node.tryGetContext('githubAppId');
  const codehost =
    appId === undefined
      ? undefined
      : {
          appId: String(appId),
          privateKeySecretArn: String(app.node.tryGetContext('githubAppPrivateKeySecretArn') ?? ''),
          webhookSecretArn: String(app.node.tryGetContext('githubWebhookSecretArn') ?? ''),
          apiUrl: (app.node.tryGetContext('githubApiUrl') as string | undefined) || undefined,
        };
  // Optional: the deployment's shared video-provider keys (complete Secrets Manager ARNs).
  const generation = {
    providerOneApiKeySecretArn:
      (app.node.tryGetContext('providerOneApiKeySecretArn') as string | undefined) || undefined,
    providerTwoApiKeySecretArn:
      (app.node.tryGetContext('providerTwoApiKeySecretArn') as string | undefined) || undefined,
    speechApiKeySecretArn: (app.node.tryGetContext('speechApiKeySecretArn') as string | undefined) || undefined,
  };
  // Optional (`-c compliance=strict`, `-c vpcId=… -c vpcSubnetIds=… -c vpcSecurityGroupIds=…`): checked
  // here so a bad value fails before any stack is built; the constructs read them (compliance.ts).
  const strict = isStrict(app);
  vpcPlacementIdsOf(app);
  const studio = studioContext(app);
  const studioWanted = ![false, 'false'].includes(app.node.tryGetContext(STUDIO_CONTEXT.enabled) as boolean | string);
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };

  const stateful = new StatefulStack(app, 'StatefulStack', {
    env,
    description: 'Workspace automation: single table and media bucket (retained)',
    publicAppUrl,
  });
  const stateless = new StatelessStack(app, 'StatelessStack', {
    env,
    description: 'Workspace automation: REST APIs, one Lambda per route, run workflow',
    table: stateful.data.table,
    bucket: stateful.media.bucket,
    routes,
    callbackSigningSecretArn: secretArn || undefined,
    serviceRootKey: stateful.serviceRootKey,
    paymentsWebhookSecret: stateful.paymentsWebhookSecret,
    creditPricing,
    credentialsKey: stateful.credentialsKey,
    codehost,
    generation,
    publicBaseUrl,
    publicAppUrl,
    studio,
  });
  if (!studio && studioWanted) {
    Annotations.of(stateless).addWarning(
      `The studio is left out: ${STUDIO_BUILD_SCRIPT} is missing and context ${STUDIO_CONTEXT.dir} is not set.`,
    );
  }

  // Every taggable resource says whose it is; the deployer's own tags (context `tags`) come on top.
  Tags.of(app).add('service', SERVICE_NAME);
  for (const [key, value] of Object.entries(tagsOf(app))) Tags.of(app).add(key, value);

  // Strict: every KMS key of the app, ours and future ones, allows grants only for AWS services.
  if (strict) Aspects.of(app).add(new StrictKeyPolicies());

  // cdk-nag 3 is a policy-validation plugin (its v2 form was an Aspect).
  if (nag) Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stateful, stateless };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  buildApp().app.synth();
}
