// infra: the IAM actions each kind of access means (table, bucket, run workflow, credential key) and the
// check that a secret is named by its complete ARN. These change when AWS's actions or the manifest's
// access levels do; the bind* helpers (service-function.ts, secret-bindings.ts) grant them.
import type { RouteAccess } from '#route-table/manifest';

/**
 * DynamoDB actions per access level. `read` is exactly what the manifest promises (GetItem, Query,
 * BatchGetItem); `readWrite` adds the item writes. TransactWriteItems has no IAM action of its own:
 * it is authorized by the Put/Update/Delete/ConditionCheck actions of its parts.
 */
export const TABLE_ACTIONS = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  readWrite: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
    'dynamodb:ConditionCheckItem',
  ],
} as const;

/** S3 object actions per access level (presigned URLs are signed with these permissions). */
export const BUCKET_ACTIONS = {
  read: ['s3:GetObject'],
  // DeleteObjectVersion: purging an asset deletes the exact version of its bytes (the bucket is versioned).
  readWrite: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:DeleteObjectVersion', 's3:AbortMultipartUpload'],
} as const;

/**
 * KMS actions on the media bucket's key per access level, when the bucket is SSE-KMS (compliance mode
 * strict). A multipart upload and a copy decrypt as well as encrypt, so writing needs both.
 */
export const BUCKET_KEY_ACTIONS = {
  read: ['kms:Decrypt'],
  readWrite: ['kms:Decrypt', 'kms:GenerateDataKey'],
} as const;

/** Run-workflow operations a function may perform (the manifest's `access.workflow`). */
export type WorkflowAction = NonNullable<RouteAccess['workflow']>[number];

/**
 * IAM actions per workflow operation. A throttled StartExecution needs nothing more: the run stays
 * queued in the run outbox and the sweeper starts it.
 */
export const WORKFLOW_ACTIONS = {
  start: ['states:StartExecution'],
  stop: ['states:StopExecution'],
  // DescribeExecution: a redrive waits, briefly, for a failing execution to close.
  redrive: ['states:RedriveExecution', 'states:DescribeExecution'],
  // A task token belongs to its state machine: granted there (as CDK's grantTaskResponse does).
  signal: ['states:SendTaskSuccess'],
} as const satisfies Record<WorkflowAction, readonly string[]>;

/**
 * What a function needs to know about the run workflow. Plain strings (tokens), so the values can be
 * CloudFormation parameters of a nested stack rather than cross-stack references.
 */
export interface RunWorkflowRefs {
  readonly stateMachineArn: string;
  /** The state machine's name: execution ARNs are `arn:…:execution:<name>:<executionId>`. */
  readonly stateMachineName: string;
}

/**
 * A complete Secrets Manager secret ARN (with the 6-character suffix Secrets Manager appends), so the
 * grant names exactly one secret and needs no `-??????` wildcard.
 */
const SECRET_COMPLETE_ARN =
  /^arn:aws[a-z-]*:secretsmanager:[a-z0-9-]+:\d{12}:secret:[A-Za-z0-9/_+=.@-]+-[A-Za-z0-9]{6}$/;

/** Throws unless `arn` is a complete Secrets Manager secret ARN. */
export function assertSecretCompleteArn(arn: string): void {
  if (!SECRET_COMPLETE_ARN.test(arn)) {
    throw new Error(
      `callbackSigningSecretArn must be the complete ARN of a Secrets Manager secret (arn:aws:secretsmanager:<region>:<account>:secret:<name>-<6 chars>), got "${arn}"`,
    );
  }
}

/** KMS actions per credential operation (the manifest's `access.credentials`). */
export const CREDENTIAL_ACTIONS = {
  seal: ['kms:GenerateDataKey'],
  open: ['kms:Decrypt'],
} as const satisfies Record<CredentialAction, readonly string[]>;

export type CredentialAction = NonNullable<RouteAccess['credentials']>[number];
