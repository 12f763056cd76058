// infra: one API Gateway REST API per host, built from the route manifest. Each route becomes a
// resource path + method with a Lambda proxy integration to that route's own function.
import { Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct, type IDependable } from 'constructs';
import type { ErrorCode } from '#core/errors';
import type { Host, RouteDefinition } from '#route-table/manifest';
import { logRetentionOf } from './operations-context.ts';

/** The one stage of every API; a custom domain maps its base path "/" to it. */
export const STAGE_NAME = 'prod';

/** API Gateway's default (and, without a quota increase, maximum) integration timeout. */
export const DEFAULT_INTEGRATION_TIMEOUT_SECONDS = 29;

/**
 * Integration timeout of a route: 29 s, or the route's Lambda timeout when that is longer (the
 * `POST /api/run` sync wait). Above 29 s needs the Regional "Maximum integration timeout" quota raised.
 */
export function integrationTimeoutSeconds(route: Pick<RouteDefinition, 'timeoutSeconds'>): number {
  return Math.max(DEFAULT_INTEGRATION_TIMEOUT_SECONDS, route.timeoutSeconds ?? 0);
}

export interface RouteApiProps {
  /** The host this API serves; only routes with this host are mounted. */
  readonly host: Host;
  /** Routes of this host (already filtered). */
  readonly routes: readonly RouteDefinition[];
  /** The function serving a route, by route id. */
  readonly functionFor: (route: RouteDefinition) => lambda.IFunction;
  /** Stages deploy after this (the account-level CloudWatch role), so logging can be turned on. */
  readonly dependsOn?: IDependable;
  /**
   * Stage-wide throttling, per second / burst.
   * @default { rateLimit: 100, burstLimit: 200 }
   */
  readonly throttling?: { readonly rateLimit: number; readonly burstLimit: number };
  /**
   * Browser origin API Gateway's own answers (throttling, 5xx, timeouts) allow, so that a browser client
   * can read them as it reads the handlers' answers (which set CORS themselves).
   * @default undefined — API Gateway's own answers carry no CORS headers
   */
  readonly corsOrigin?: string;
  /**
   * Appended to API Gateway's 404 for an unknown route, e.g. which host serves what (a token is fine).
   * @default undefined — `No route for <method> <path>`
   */
  readonly unknownRouteHint?: string;
  /**
   * Retention of the access log group.
   * @default CDK context `logRetentionDays`, else logs.RetentionDays.THREE_MONTHS
   */
  readonly accessLogRetention?: logs.RetentionDays;
}

/**
 * AWS_PROXY integration to a function, like LambdaIntegration but without the Lambda permission that
 * LambdaIntegration would create in the method's stack (the caller adds it in the function's stack).
 */
function lambdaProxyIntegration(fn: lambda.IFunction, timeout: Duration): apigateway.Integration {
  return new apigateway.Integration({
    type: apigateway.IntegrationType.AWS_PROXY,
    integrationHttpMethod: 'POST',
    uri: `arn:${Aws.PARTITION}:apigateway:${Aws.REGION}:lambda:path/2015-03-31/functions/${fn.functionArn}/invocations`,
    options: { timeout },
  });
}

/** The REST API of one host. Authorization happens in the handlers; see the acknowledgments below. */
export class RouteApi extends Construct {
  readonly api: apigateway.RestApi;
  readonly accessLogs: logs.LogGroup;

  constructor(scope: Construct, id: string, props: RouteApiProps) {
    super(scope, id);
    if (props.routes.length === 0) throw new Error(`RouteApi ${id}: host ${props.host} has no routes`);

    this.accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      retention: props.accessLogRetention ?? logRetentionOf(this, logs.RetentionDays.THREE_MONTHS),
      removalPolicy: RemovalPolicy.DESTROY,
    });

    const throttling = props.throttling ?? { rateLimit: 100, burstLimit: 200 };
    this.api = new apigateway.RestApi(this, 'Api', {
      // API Gateway's metrics are keyed by ApiName: one name per host and stack, or the 5xx alarms and
      // the dashboard would add both hosts together (both used to be named "Api").
      restApiName: `${Stack.of(this).stackName}-${props.host}`,
      description: `Workspace automation service, ${props.host} host`,
      endpointConfiguration: { types: [apigateway.EndpointType.REGIONAL] },
      // Every body reaches the handler byte for byte (base64 with isBase64Encoded); the handlers decode
      // it (functions/http/request.ts rawBody). Without this, a binary webhook body arrives mangled.
      binaryMediaTypes: ['*/*'],
      // The account-level role is ApiGatewayAccount's job (cdk.json disables the per-API role).
      cloudWatchRole: false,
      deployOptions: {
        stageName: STAGE_NAME,
        tracingEnabled: true,
        metricsEnabled: true,
        loggingLevel: apigateway.MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        accessLogDestination: new apigateway.LogGroupLogDestination(this.accessLogs),
        accessLogFormat: apigateway.AccessLogFormat.jsonWithStandardFields(),
        throttlingRateLimit: throttling.rateLimit,
        throttlingBurstLimit: throttling.burstLimit,
      },
    });
    if (props.dependsOn) this.api.deploymentStage.node.addDependency(props.dependsOn);

    // API Gateway's own answers follow the interface too: `{ "error", "code" }` (codes from ERROR_CODES),
    // 404 for an unknown route (not 403 "Missing Authentication Token"), and Retry-After on its 429.
    // A gateway response template is substitution only (no VTL), so a code is one response per type: the
    // types this stack can meet have their own, any other 4xx is the request's (validation_failed) and
    // every 5xx of API Gateway's is ours (an integration that failed or timed out).
    const cors: Record<string, string> = props.corsOrigin
      ? {
          'Access-Control-Allow-Origin': `'${props.corsOrigin}'`,
          'Access-Control-Expose-Headers': "'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version'",
          Vary: "'Origin'",
        }
      : {};
    // $context.error.messageString is API Gateway's message already quoted as a JSON string.
    const body = (code: ErrorCode, error = '$context.error.messageString') => ({
      'application/json': `{"error":${error},"code":"${code}"}`,
    });
    const hint = props.unknownRouteHint ? ` ${props.unknownRouteHint}` : '';
    const unknownRoute = `"No route for $context.httpMethod $context.path${hint}"`;
    const answers: ReadonlyArray<[string, apigateway.GatewayResponseOptions]> = [
      [
        'UnknownRoute',
        {
          type: apigateway.ResponseType.MISSING_AUTHENTICATION_TOKEN,
          statusCode: '404',
          templates: body('not_found', unknownRoute),
        },
      ],
      [
        'Throttled',
        {
          type: apigateway.ResponseType.THROTTLED,
          statusCode: '429',
          responseHeaders: { 'Retry-After': "'1'" },
          templates: body('rate_limited'),
        },
      ],
      ['RequestTooLarge', { type: apigateway.ResponseType.REQUEST_TOO_LARGE, templates: body('payload_too_large') }],
      ['Default4xx', { type: apigateway.ResponseType.DEFAULT_4XX, templates: body('validation_failed') }],
      ['Default5xx', { type: apigateway.ResponseType.DEFAULT_5XX, templates: body('internal_error') }],
    ];
    for (const [id, answer] of answers) {
      this.api.addGatewayResponse(id, { ...answer, responseHeaders: { ...answer.responseHeaders, ...cors } });
    }

    // Parameters and bodies are validated by each handler's zod schema; this validator makes API
    // Gateway enforce whatever request parameters/models a method declares, before a Lambda runs.
    const validator = this.api.addRequestValidator('RequestValidator', {
      validateRequestBody: true,
      validateRequestParameters: true,
    });

    for (const route of props.routes) {
      if (route.host !== props.host)
        throw new Error(`Route ${route.id} belongs to host ${route.host}, not ${props.host}`);
      const fn = props.functionFor(route);
      const method = this.api.root
        .resourceForPath(route.path)
        .addMethod(route.method, lambdaProxyIntegration(fn, Duration.seconds(integrationTimeoutSeconds(route))), {
          authorizationType: apigateway.AuthorizationType.NONE,
          requestValidator: validator,
        });
      // The permission lives with the function (in its area's nested stack), not here: that keeps
      // this stack at ~2 resources per route (path resource + method). Scoped to this method + stage.
      fn.addPermission(`Invoke${props.host === 'app' ? 'App' : 'Base'}Api`, {
        principal: new iam.ServicePrincipal('apigateway.amazonaws.com'),
        // Stage name as a literal: referencing the stage resource would make the nested stack depend
        // on the deployment, which depends on this method, which depends on the nested stack (cycle).
        sourceArn: this.api.arnForExecuteApi(method.httpMethod, route.path, STAGE_NAME),
      });
    }

    new CfnOutput(this, 'Url', {
      description: `Invoke URL of the ${props.host} host API (map a custom domain at "/" to this stage)`,
      value: this.api.url,
    });

    const authReason = `Every ${props.host}-host route authenticates in its handler: the presented workspace key is hashed and looked up with one strongly consistent DynamoDB GetItem, and the route's scope from the manifest is checked there, so API Gateway carries no authorizer.`;
    Validations.of(this).acknowledge(
      { id: 'AwsSolutions-APIG4', reason: authReason },
      {
        id: 'AwsSolutions-COG4',
        reason: `The ${props.host}-host API is called by machines with workspace API keys, not by Cognito users; keys are verified in the handlers against their hashes in DynamoDB.`,
      },
      {
        id: 'AwsSolutions-APIG3',
        reason: `The ${props.host}-host API is protected by stage throttling, reserved-concurrency caps on its public entry points and per-key authentication in the handlers; a WAF web ACL with a per-client rate rule and optionally the AWS managed rule groups is attached when the deployer sets CDK context wafRateLimit or wafManagedRules (off by default: it costs monthly and a per-client limit can block legitimate webhook senders).`,
      },
    );
  }
}
