// infra: what must survive every deployment — the single table and the media bucket. Termination
// protection, RETAIN removal policies, no physical names; the stateless stack receives them as props.
import { CfnOutput, Duration, RemovalPolicy, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import * as kms from 'aws-cdk-lib/aws-kms';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { DataTable } from './constructs/data-table.ts';
import { MediaBucket } from './constructs/media-bucket.ts';

export interface StatefulStackProps extends StackProps {
  /**
   * Origin of the app host behind a custom domain (CDK context `publicAppUrl`): the only origin whose
   * pages may PUT to presigned upload URLs. Without it the API's own domain is unknown here (it is made
   * in the stateless stack), so any origin may, which a presigned URL's signature makes safe enough:
   * CORS only decides whether a page may read the answer; the URL itself is the credential.
   */
  readonly publicAppUrl?: string;
}

export class StatefulStack extends Stack {
  readonly data: DataTable;
  readonly media: MediaBucket;
  /**
   * The service root key: webhook secrets, relay and status tokens and the OAuth keys derive from it
   * (functions/adapters/composition/service-key.ts).
   */
  readonly serviceRootKey: secretsmanager.Secret;
  /** The payment provider's webhook signing secret(s), set by the operator (docs/billing.md "Payments"). */
  readonly paymentsWebhookSecret: secretsmanager.Secret;
  /** Wraps the data key of every stored third-party credential (envelope encryption, docs/integrations.md). */
  readonly credentialsKey: kms.Key;

  constructor(scope: Construct, id: string, props: StatefulStackProps = {}) {
    super(scope, id, { terminationProtection: true, ...props });
    // Construct ids 'DataTable' and 'Media' are part of the logical ids: never rename them.
    this.data = new DataTable(this, 'DataTable');
    // Browsers PUT to presigned URLs from the app's pages: with a custom app domain, only that origin.
    this.media = new MediaBucket(this, 'Media', {
      corsAllowedOrigins: props.publicAppUrl ? [props.publicAppUrl] : undefined,
    });

    // Stateful: every registered webhook's secret is derived from it, so losing or replacing it would
    // invalidate them all. Retained, never rotated automatically. The construct id (and so the logical id)
    // keeps the name from when only webhooks used it: a new id would replace the secret, and the key.
    this.serviceRootKey = new secretsmanager.Secret(this, 'WebhookSecretKey', {
      description:
        'Service root key: webhook secrets, relay and status tokens and OAuth keys derive from it (HMAC-SHA256); never rotate casually',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.serviceRootKey).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Every registered webhook secret is derived from this key; automatic rotation would silently break every webhook integration at once. Rotation is a deliberate procedure: revoke and re-register the triggers.',
    });

    // Holds what the payment provider shows for its webhook endpoints (`whsec_…`, comma-separated for
    // two endpoints or a rotation); created with a random placeholder, so until an operator sets it
    // every delivery fails verification (400) instead of being accepted unsigned.
    this.paymentsWebhookSecret = new secretsmanager.Secret(this, 'PaymentsWebhookSecret', {
      description:
        'Payment provider webhook signing secret(s) (whsec_..., comma-separated); set it to the value the provider shows',
      generateSecretString: { passwordLength: 32, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.paymentsWebhookSecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'The payment provider issues this signing secret; it is rotated in the provider dashboard (roll the endpoint secret) and then copied here, which Secrets Manager rotation cannot do.',
    });

    // The output keeps its name: operators' scripts read it (docs/infrastructure.md).
    new CfnOutput(this, 'WebhookSecretKeyArn', {
      value: this.serviceRootKey.secretArn,
      description: 'Service root key (admin: relay-token --secret-arn)',
    });
    new CfnOutput(this, 'PaymentsWebhookSecretArn', {
      value: this.paymentsWebhookSecret.secretArn,
      description: 'Set to the payment provider webhook signing secret(s)',
    });
    // Stateful: every stored bring-your-own credential is sealed under a data key this key wraps, so
    // deleting it would make them all unreadable. Yearly automatic rotation keeps old versions for
    // decryption, so rotation never breaks a stored secret. No grants here: each function that seals
    // or opens credentials gets exactly GenerateDataKey or Decrypt (ServiceFunction.bindCredentials).
    this.credentialsKey = new kms.Key(this, 'CredentialsKey', {
      description: 'Wraps the data keys of stored third-party credentials (bring-your-own provider keys)',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
      pendingWindow: Duration.days(30),
    });

    new CfnOutput(this, 'TableName', { value: this.data.table.tableName, description: 'Single table (admin scripts)' });
    new CfnOutput(this, 'MediaBucketName', { value: this.media.bucket.bucketName, description: 'Media bucket' });
  }
}
