// infra: everything that can be replaced at will — one REST API per host, one Lambda per route (the
// functions grouped by area into nested stacks) and the run workflow in a nested stack of its own.
// Built from the route manifest; the workflow's references reach the route areas as parameters.
import { Annotations, Aws, CfnOutput, Duration, Fn, Lazy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ENV } from '#adapters/env';
import { otherHostHint } from '#http/unknown-route';
import { type Host, ROUTES, type RouteArea, type RouteDefinition } from '#route-table/manifest';
import { ApiFirewall } from './constructs/api-firewall.ts';
import { ApiGatewayAccount } from './constructs/api-gateway-account.ts';
import { isStrict, LogEncryption } from './constructs/compliance.ts';
import {
  concurrencyOf,
  SIGN_IN_ROUTES,
  wafManagedRulesOf,
  wafRateLimitOf,
  WEBHOOK_TRIGGER_ROUTE,
} from './constructs/operations-context.ts';
import { OperationsAlarms } from './constructs/operations-alarms.ts';
import { OperationsDashboard } from './constructs/operations-dashboard.ts';
import { integrationTimeoutSeconds, RouteApi, STAGE_NAME } from './constructs/rest-api.ts';
import { RouteAreaStack } from './constructs/route-area-stack.ts';
import type { RouteFunction } from './constructs/route-function.ts';
import { RunWorkflowStack } from './constructs/run-workflow-stack.ts';
import { CreditHoldsSweeper } from './constructs/credit-holds-sweeper.ts';
import { CloudFrontOriginSecret } from './constructs/origin-secret.ts';
import { StudioSite, type StudioSiteContent } from './constructs/studio-site.ts';
import type { CodehostAppRefs, GenerationRefs } from './constructs/service-function.ts';

export interface StatelessStackProps extends StackProps {
  readonly table: dynamodb.ITable;
  readonly bucket: s3.IBucket;
  /**
   * Routes to deploy.
   * @default ROUTES from functions/route-table/manifest.ts
   */
  readonly routes?: readonly RouteDefinition[];
  /**
   * Complete ARN of a Secrets Manager secret whose string value signs the older X-Service-Signature headers of
   * result callbacks, deprecated (CDK context `callbackSigningSecretArn`). Given to the workflow tasks and to
   * routes with `access.callbacks`.
   * @default undefined — those headers only where a workspace drew a secret; every callback carries its
   *   workspace's signature
   */
  readonly callbackSigningSecretArn?: string;
  /** The service root key (StatefulStack): webhook secrets, relay and status tokens and OAuth keys derive from it. */
  readonly serviceRootKey: secretsmanager.ISecret;
  /**
   * The payment provider's webhook signing secret(s) (StatefulStack), read by the payment webhook routes.
   * @default undefined — those routes refuse every delivery
   */
  readonly paymentsWebhookSecret?: secretsmanager.ISecret;
  /**
   * Credit price configuration from CDK context (`creditPrices`, `creditListPrice`, `creditPlans`), as
   * env name → JSON text for the routes that price credits.
   * @default {} — the defaults of functions/core/credits/prices.ts
   */
  readonly creditPricing?: Readonly<Record<string, string>>;
  /**
   * The GitHub App the code-host routes act as (CDK context githubAppId, githubAppPrivateKeySecretArn,
   * githubWebhookSecretArn, optional githubApiUrl).
   * @default undefined — code-host routes answer 404
   */
  readonly codehost?: CodehostAppRefs;
  /** The deployment's shared video-provider keys (CDK context), for the generation routes and Advance. */
  readonly generation?: GenerationRefs;
  /** The KMS key wrapping stored credentials' data keys (StatefulStack). */
  readonly credentialsKey: kms.IKey;
  /**
   * Origin of the base host behind a custom domain (CDK context `publicBaseUrl`), for webhook URLs.
   * @default undefined — the API Gateway domain and stage of each request
   */
  readonly publicBaseUrl?: string;
  /**
   * Origin of the app host behind a custom domain (CDK context `publicAppUrl`): the gateway's resource
   * URL, the OAuth issuer, the allowed browser origin.
   * @default undefined — the API Gateway domain and stage of each request
   */
  readonly publicAppUrl?: string;
  /**
   * The studio (CDK context `studio`, on by default): its files, and for a custom app domain the ACM
   * certificate (us-east-1) of `publicAppUrl`'s host and optionally a CloudFront web ACL.
   * @default undefined — no studio; the app host is its API Gateway URL
   */
  readonly studio?: {
    readonly content: StudioSiteContent;
    readonly certificateArn?: string;
    readonly webAclArn?: string;
  };
}

/** Hosts in a fixed order, so construct ids never depend on manifest order. */
const HOSTS: readonly Host[] = ['base', 'app'];

const pascal = (text: string) => text.replace(/(^|[-_/])(\w)/g, (_, __, c: string) => c.toUpperCase());

export class StatelessStack extends Stack {
  /** Nested stack per route area, by area. */
  readonly areas = new Map<RouteArea, RouteAreaStack>();
  /** REST API per host; a host without routes has none. */
  readonly apis = new Map<Host, RouteApi>();
  readonly functions = new Map<string, RouteFunction>();
  /** State machine, task functions and the run outbox's sweeper. */
  readonly runWorkflow: RunWorkflowStack;
  /** Releases credit holds left open by operations that died (functions/workers/release-holds.ts). */
  readonly creditHoldsSweeper: CreditHoldsSweeper;
  /** Every alarm, on one SNS topic (output AlarmTopicArn). */
  readonly operationsAlarms: OperationsAlarms;
  readonly operationsDashboard: OperationsDashboard;
  /** The WAF web ACLs on the APIs, when CDK context `wafRateLimit` or `wafManagedRules` is set. */
  readonly apiFirewall?: ApiFirewall;
  /** What CloudFront sends the app host's API to prove a request came through it (with the studio). */
  readonly originSecret?: CloudFrontOriginSecret;
  /** The studio's hosting (S3 + CloudFront, the app API as second origin), unless context `studio` is false. */
  readonly studio?: StudioSite;
  /** The key of every log group here and in the nested stacks, in compliance mode strict only. */
  readonly logEncryption?: LogEncryption;

  constructor(scope: Construct, id: string, props: StatelessStackProps) {
    super(scope, id, props);
    const routes = props.routes ?? ROUTES;
    assertUnique(routes);
    if (isStrict(this)) this.logEncryption = new LogEncryption(this, 'LogEncryption');

    this.runWorkflow = new RunWorkflowStack(this, 'RunWorkflow', {
      table: props.table,
      bucket: props.bucket,
      callbackSigningSecretArn: props.callbackSigningSecretArn,
      credentialsKeyArn: props.credentialsKey.keyArn,
      serviceRootKeyArn: props.serviceRootKey.secretArn,
      creditPricing: props.creditPricing,
      generation: props.generation,
    });
    new CfnOutput(this, 'RunStateMachineArn', {
      description: 'Run workflow state machine (executions are named by executionId)',
      value: this.runWorkflow.workflow.stateMachine.stateMachineArn,
    });

    this.creditHoldsSweeper = new CreditHoldsSweeper(this, 'CreditHoldsSweeper', { table: props.table });

    const areaNames = [...new Set(routes.map((route) => route.area))].sort();
    for (const area of areaNames) {
      const stack = new RouteAreaStack(this, `${pascal(area)}Routes`, {
        area,
        routes: routes.filter((route) => route.area === area),
        table: props.table,
        bucket: props.bucket,
        workflow: this.runWorkflow.refs,
        callbackSigningSecretArn: props.callbackSigningSecretArn,
        webhookSecretKeyArn: props.serviceRootKey.secretArn,
        paymentsWebhookSecretArn: props.paymentsWebhookSecret?.secretArn,
        creditPricing: props.creditPricing,
        credentialsKeyArn: props.credentialsKey.keyArn,
        codehost: props.codehost,
        generation: props.generation,
        publicBaseUrl: props.publicBaseUrl,
      });
      this.areas.set(area, stack);
      for (const [routeId, fn] of stack.functions) this.functions.set(routeId, fn);
    }
    // Routes that accept or redrive runs ask for an inline run's callback to be sent promptly (CallbackDelivery).
    for (const route of routes) {
      if (route.access.workflow?.some((action) => action === 'start' || action === 'redrive'))
        this.runWorkflow.workflow.callbackDelivery.allowDispatchFrom(this.functions.get(route.id)!.function);
    }

    const hosts = HOSTS.filter((host) => routes.some((route) => route.host === host));
    const account = hosts.length > 0 ? new ApiGatewayAccount(this, 'ApiGatewayAccount') : undefined;
    for (const host of hosts) {
      const api = new RouteApi(this, `${pascal(host)}Api`, {
        host,
        routes: routes.filter((route) => route.host === host),
        functionFor: (route) => this.functions.get(route.id)!.handler,
        dependsOn: account?.account,
        // The gateway is called from browsers too: its host's own error answers carry CORS.
        corsOrigin: host === 'app' ? (props.publicAppUrl ?? '*') : undefined,
        // A REST path tried on the app host is the likeliest wrong call: its 404 names the base host.
        // Lazy, since the base host's API may be made after this one.
        unknownRouteHint:
          host === 'app' && (props.publicBaseUrl || hosts.includes('base'))
            ? Lazy.string({
                produce: () => otherHostHint('app', props.publicBaseUrl ?? invokeUrl(this.apis.get('base')!)),
              })
            : undefined,
      });
      this.apis.set(host, api);
    }

    // The studio and the app host share one origin: the distribution serves the static build and passes
    // the app API's paths through, so that origin is the app host's public one.
    const appApi = this.apis.get('app');
    // Whether the studio's distribution is the app host's only way in: not when its custom domain points
    // elsewhere (publicAppUrl without the studio's certificate, an API Gateway custom domain).
    const appOnlyThroughCloudFront = !props.publicAppUrl || Boolean(props.studio?.certificateArn);
    if (props.studio && appApi) {
      const appRoutes = routes.filter((route) => route.host === 'app');
      if (props.studio.certificateArn && !props.publicAppUrl) {
        throw new Error(
          'Context studioCertificateArn needs publicAppUrl: the certificate is for the host name of the app custom domain',
        );
      }
      if (props.publicAppUrl && !props.studio.certificateArn) {
        Annotations.of(this).addWarning(
          'publicAppUrl is set without studioCertificateArn: the studio is served at its cloudfront.net domain, which the gateway refuses as a browser origin. Give the ACM certificate (us-east-1) of the app domain, and point the domain at the distribution.',
        );
      }
      this.originSecret = new CloudFrontOriginSecret(this, 'CloudFrontOriginSecret');
      this.studio = new StudioSite(this, 'Studio', {
        content: props.studio.content,
        api: appApi.api,
        stageName: STAGE_NAME,
        apiPathPatterns: apiPathPatterns(appRoutes),
        // CloudFront's origin timeout is at most 60 s without a quota increase.
        apiReadTimeout: Duration.seconds(
          Math.min(60, Math.max(30, ...appRoutes.map((route) => integrationTimeoutSeconds(route) + 1))),
        ),
        mediaBucket: props.bucket,
        domain:
          props.publicAppUrl && props.studio.certificateArn
            ? { domainName: new URL(props.publicAppUrl).host, certificateArn: props.studio.certificateArn }
            : undefined,
        webAclArn: props.studio.webAclArn,
        originSecret: this.originSecret,
      });
      for (const routeId of CLIENT_ADDRESS_ROUTES) {
        const fn = this.functions.get(routeId);
        if (fn) this.originSecret.bindTo(fn);
      }
    }
    // The distribution's domain reaches the functions' nested stacks as a parameter; the distribution
    // references the API by id only (StudioSite), so the stage still deploys after the functions.
    const publicAppUrl = props.publicAppUrl ?? this.studio?.url;

    // App-host functions (the gateway) hand out base-host URLs (webhook URLs) and name their own origin.
    const baseApi = this.apis.get('base');
    for (const route of routes.filter((candidate) => candidate.host === 'app')) {
      const fn = this.functions.get(route.id)!.function;
      if (publicAppUrl) fn.addEnvironment(ENV.publicAppUrl, publicAppUrl);
      if (baseApi && !props.publicBaseUrl) fn.addEnvironment(ENV.baseApiUrl, invokeUrl(baseApi));
    }
    // Base-host routes that hand people app-host links (invite links to /oauth/invite) name the app origin too.
    for (const routeId of APP_LINK_ROUTES) {
      if (publicAppUrl) this.functions.get(routeId)?.function.addEnvironment(ENV.publicAppUrl, publicAppUrl);
    }

    // Reserved concurrency (CDK context, operations-context.ts): the run path keeps its capacity and the
    // public entry points cannot take more than their cap, however hard they are flooded.
    const concurrency = concurrencyOf(this);
    const reserve = (fn: lambda.IFunction | undefined, count: number) => {
      if (fn && count > 0) (fn.node.defaultChild as lambda.CfnFunction).reservedConcurrentExecutions = count;
    };
    reserve(this.runWorkflow.workflow.advance.function, concurrency.advance);
    reserve(this.runWorkflow.workflow.finalize.function, concurrency.finalize);
    reserve(this.functions.get(WEBHOOK_TRIGGER_ROUTE)?.function, concurrency.webhookTrigger);
    for (const routeId of SIGN_IN_ROUTES) reserve(this.functions.get(routeId)?.function, concurrency.signIn);

    const wafRateLimit = wafRateLimitOf(this);
    const wafManagedRules = wafManagedRulesOf(this);
    if ((wafRateLimit !== undefined || wafManagedRules) && this.apis.size > 0) {
      const fronted = this.originSecret && appApi;
      this.apiFirewall = new ApiFirewall(this, 'ApiFirewall', {
        rateLimit: wafRateLimit,
        managedRules: wafManagedRules,
        directApis: [...this.apis.values()].filter((api) => api !== fronted).map((api) => api.api),
        behindCloudFront:
          fronted && this.originSecret
            ? { api: fronted.api, originSecret: this.originSecret, only: appOnlyThroughCloudFront }
            : undefined,
      });
    }

    // The on-call view: alarms on one topic the deployer subscribes to, and a dashboard
    // (docs/observability.md "Runbook").
    const workflow = this.runWorkflow.workflow;
    const functions = new Map<string, lambda.Function>([
      ...[...this.functions.entries()].map(([routeId, fn]) => [routeId, fn.function] as const),
      ['workflow-advance', workflow.advance.function],
      ['workflow-finalize', workflow.finalize.function],
      ['worker-sweep-runs', workflow.sweepRuns.function],
      ['worker-deliver-callback', workflow.callbackDelivery.deliver.function],
      ['worker-release-holds', this.creditHoldsSweeper.sweeper.function],
    ]);
    const apis = new Map([...this.apis.entries()].map(([host, api]) => [host, api.api] as const));
    this.operationsAlarms = new OperationsAlarms(this, 'OperationsAlarms', {
      stateMachine: workflow.stateMachine,
      functions,
      table: props.table,
      apis,
      existingAlarms: [workflow.sweepFailures.alarm, this.creditHoldsSweeper.failures.alarm],
    });
    this.operationsDashboard = new OperationsDashboard(this, 'OperationsDashboard', {
      stateMachine: workflow.stateMachine,
      functions,
      apis,
      table: props.table,
      alarms: this.operationsAlarms.alarms,
    });
    new CfnOutput(this, 'AlarmTopicArn', {
      description:
        'SNS topic of every alarm: subscribe the on-call address or pager to it (docs/observability.md "Runbook")',
      value: this.operationsAlarms.topic.topicArn,
    });
    new CfnOutput(this, 'DashboardName', {
      description: 'CloudWatch dashboard of the service (runs, callbacks, webhooks, 429s, APIs, functions, alarms)',
      value: this.operationsDashboard.dashboard.dashboardName,
    });
  }
}

/** Routes (by manifest id) that count per client address (the sign-in limiter): they get the origin secret. */
export const CLIENT_ADDRESS_ROUTES = ['oauth-server'] as const;

/** Routes (by manifest id) whose answers contain links to the app host. */
const APP_LINK_ROUTES = ['workspace-invite'] as const;

/**
 * The stage's invoke URL built from the API id alone. `RestApi.url` references the deployment stage,
 * which depends on every method, which depends on the nested stacks of the route functions: a function
 * given that URL would close a cycle whenever it shares a nested stack with a route of that API.
 */
function invokeUrl(api: RouteApi): string {
  return Fn.join('', [
    'https://',
    api.api.restApiId,
    '.execute-api.',
    Aws.REGION,
    '.',
    Aws.URL_SUFFIX,
    `/${STAGE_NAME}`,
  ]);
}

/**
 * CloudFront path patterns of the app host's routes, from the manifest: `/api/mcp` and `/api/billing/…`
 * give `/api/*`, `/oauth/{proxy+}` gives `/oauth/*`, a one-segment path (`/health`) itself. The root
 * route is left out: `/` is the studio.
 */
export function apiPathPatterns(appRoutes: readonly RouteDefinition[]): string[] {
  const patterns = new Set<string>();
  for (const route of appRoutes) {
    const segments = route.path.split('/').filter(Boolean);
    if (segments.length === 0) continue;
    patterns.add(segments.length === 1 && !segments[0]!.startsWith('{') ? `/${segments[0]}` : `/${segments[0]}/*`);
  }
  return [...patterns].sort();
}

function assertUnique(routes: readonly RouteDefinition[]): void {
  const seen = new Set<string>();
  for (const route of routes) {
    const keys = [`id:${route.id}`, `route:${route.host} ${route.method} ${route.path}`];
    for (const key of keys) {
      if (seen.has(key)) throw new Error(`Duplicate ${key} in the route manifest`);
      seen.add(key);
    }
  }
}
