// infra: the functions of one route area in their own nested stack. A route costs about five
// resources here (function, role, policy, log group, permission); grouping by area keeps every
// template far below CloudFormation's 500-resource limit as the manifest grows to ~100 routes.
import { CfnParameter, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import type { RouteArea, RouteDefinition } from '#route-table/manifest';
import { RouteFunction } from './route-function.ts';
import {
  bindCodehostTo,
  bindGenerationTo,
  type CodehostAppRefs,
  type GenerationRefs,
  type RunWorkflowRefs,
} from './service-function.ts';

/** Most routes one area stack may hold: 5 resources each keeps it under ~450 of the 500 allowed. */
export const MAX_ROUTES_PER_AREA_STACK = 90;

export interface RouteAreaStackProps extends Omit<NestedStackProps, 'parameters'> {
  readonly area: RouteArea;
  /** The area's routes (already filtered). */
  readonly routes: readonly RouteDefinition[];
  readonly table: dynamodb.ITable;
  readonly bucket: s3.IBucket;
  /** The run workflow, for routes whose manifest entry declares `access.workflow`. */
  readonly workflow: RunWorkflowRefs;
  /**
   * Complete ARN of the deployment's (deprecated) shared callback secret (`access.callbacks`), for the older
   * X-Service-Signature headers.
   * @default undefined — those headers only where a workspace drew a secret; every callback carries its
   *   workspace's signature
   */
  readonly callbackSigningSecretArn?: string;
  /** ARN of the secret webhook secrets are derived from (routes with `access.webhookKey`). */
  readonly webhookSecretKeyArn: string;
  /**
   * ARN of the secret holding the payment provider's webhook signing secret(s) (routes with `access.paymentsSecret`).
   * @default undefined — such routes get no secret and refuse every delivery (500)
   */
  readonly paymentsWebhookSecretArn?: string;
  /**
   * Credit price configuration, env name → JSON text (routes with `access.prices`).
   * @default {} — the price list in functions/core/credits/prices.ts
   */
  readonly creditPricing?: Readonly<Record<string, string>>;
  /**
   * The GitHub App (routes with `access.codehost`).
   * @default undefined — code-host routes answer 404 until it is configured
   */
  readonly codehost?: CodehostAppRefs;
  /** The shared video-provider keys (routes with `access.generation`). */
  readonly generation?: GenerationRefs;
  /** ARN of the KMS key that wraps stored credentials' data keys (routes with `access.credentials`). */
  readonly credentialsKeyArn: string;
  /**
   * Origin of the base host behind a custom domain, for webhook URLs.
   * @default undefined — the handler uses the API Gateway domain and stage of the request
   */
  readonly publicBaseUrl?: string;
}

/**
 * Nested stack holding one `RouteFunction` per route of an area, bound to the table (and the bucket,
 * the run workflow, the callback secret when the route declares them). Table, bucket and workflow
 * come in as explicit, stably named parameters, so the templates (and cdk-nag finding ids) do not
 * depend on generated reference names.
 */
export class RouteAreaStack extends NestedStack {
  readonly functions = new Map<string, RouteFunction>();

  constructor(scope: Construct, id: string, props: RouteAreaStackProps) {
    if (props.routes.length > MAX_ROUTES_PER_AREA_STACK) {
      throw new Error(
        `Route area ${props.area} has ${props.routes.length} routes; split it into two areas (at most ${MAX_ROUTES_PER_AREA_STACK} per nested stack)`,
      );
    }
    const needsBucket = props.routes.some((route) => route.access.bucket);
    // Callbacks too: workspaces' default callback secrets derive from the service root key.
    const needsWebhookKey = props.routes.some((route) => route.access.webhookKey || route.access.callbacks);
    const needsPaymentsSecret =
      props.paymentsWebhookSecretArn !== undefined && props.routes.some((route) => route.access.paymentsSecret);
    const needsCredentialsKey = props.routes.some((route) => (route.access.credentials ?? []).length > 0);
    const workflowActions = new Set(props.routes.flatMap((route) => route.access.workflow ?? []));
    const needsExecutions = workflowActions.has('stop') || workflowActions.has('redrive');
    // Only the parameters the area's routes use (an area without run routes gets none of the workflow's),
    // each named once: its value here, its CfnParameter inside.
    const parameters = Object.entries({
      TableArn: { value: props.table.tableArn, description: 'ARN of the single table' },
      MediaBucketArn: needsBucket && { value: props.bucket.bucketArn, description: 'ARN of the media bucket' },
      MediaBucketName: needsBucket && { value: props.bucket.bucketName, description: 'Name of the media bucket' },
      // Only when the bucket is SSE-KMS (compliance mode strict): the functions' grants name its key.
      MediaBucketKeyArn: needsBucket &&
        props.bucket.encryptionKey !== undefined && {
          value: props.bucket.encryptionKey!.keyArn,
          description: 'ARN of the KMS key of the media bucket',
        },
      RunStateMachineArn: workflowActions.size > 0 && {
        value: props.workflow.stateMachineArn,
        description: 'ARN of the run state machine',
      },
      RunStateMachineName: needsExecutions && {
        value: props.workflow.stateMachineName,
        description: 'Name of the run state machine (execution ARNs contain it)',
      },
      WebhookSecretKeyArn: needsWebhookKey && {
        value: props.webhookSecretKeyArn,
        description: 'ARN of the secret webhook secrets are derived from',
      },
      PaymentsWebhookSecretArn: needsPaymentsSecret && {
        value: props.paymentsWebhookSecretArn!,
        description: "ARN of the secret holding the payment provider's webhook signing secret(s)",
      },
      CredentialsKeyArn: needsCredentialsKey && {
        value: props.credentialsKeyArn,
        description: 'ARN of the KMS key wrapping stored credentials',
      },
    }).filter((entry): entry is [string, { value: string; description: string }] => entry[1] !== false);
    super(scope, id, {
      ...props,
      description: props.description ?? `Route functions of the ${props.area} area`,
      parameters: Object.fromEntries(parameters.map(([name, { value }]) => [name, value])),
    });

    const given: Partial<Record<string, string>> = Object.fromEntries(
      parameters.map(([name, { description }]) => [
        name,
        new CfnParameter(this, name, { type: 'String', description }).valueAsString,
      ]),
    );
    const table = dynamodb.TableV2.fromTableAttributes(this, 'DataTable', { tableArn: given.TableArn! });
    const bucket = needsBucket
      ? s3.Bucket.fromBucketAttributes(this, 'MediaBucket', {
          bucketArn: given.MediaBucketArn,
          bucketName: given.MediaBucketName,
          encryptionKey: given.MediaBucketKeyArn
            ? kms.Key.fromKeyArn(this, 'MediaBucketKey', given.MediaBucketKeyArn)
            : undefined,
        })
      : undefined;
    const workflow: RunWorkflowRefs = {
      stateMachineArn: given.RunStateMachineArn ?? '',
      stateMachineName: given.RunStateMachineName ?? '',
    };
    const webhookSecretKeyArn = given.WebhookSecretKeyArn;
    const paymentsWebhookSecretArn = given.PaymentsWebhookSecretArn;
    const credentialsKeyArn = given.CredentialsKeyArn;

    for (const route of props.routes) {
      const fn = new RouteFunction(this, route.id, { route }).bindTable(table, route.access.table);
      if (route.access.bucket && bucket) fn.bindBucket(bucket, route.access.bucket);
      if (route.access.workflow) fn.bindWorkflow(workflow, route.access.workflow);
      if (route.access.callbacks) fn.bindCallbacks(props.callbackSigningSecretArn, webhookSecretKeyArn!);
      if (route.access.webhookKey && webhookSecretKeyArn) fn.bindWebhookKey(webhookSecretKeyArn, props.publicBaseUrl);
      if (route.access.paymentsSecret && paymentsWebhookSecretArn) fn.bindPaymentsSecret(paymentsWebhookSecretArn);
      if (route.access.prices && props.creditPricing) fn.bindPrices(props.creditPricing);
      if (route.access.credentials && credentialsKeyArn)
        fn.bindCredentials(credentialsKeyArn, route.access.credentials);
      if (route.access.codehost && props.codehost) bindCodehostTo(fn, props.codehost);
      if (route.access.generation && props.generation) bindGenerationTo(fn, props.generation);
      this.functions.set(route.id, fn);
    }
  }
}
