// infra: bindings of the deployment's own secrets and keys to a function — the GitHub App, the shared
// provider keys, the credentials KMS key: each sets the env var the handler reads and grants exactly
// that secret or key, in one call.
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { ENV } from '#adapters/env';
import { assertSecretCompleteArn, CREDENTIAL_ACTIONS, type CredentialAction } from './grants.ts';

/** What a binding needs of a function (a ServiceFunction has both). */
export interface BindableFunction {
  readonly function: lambda.Function;
  readonly role: iam.IRole;
}

/** The deployment's GitHub App, as CDK context gives it (secrets by complete Secrets Manager ARN). */
export interface CodehostAppRefs {
  readonly appId: string;
  readonly privateKeySecretArn: string;
  readonly webhookSecretArn: string;
  /** @default https://api.github.com */
  readonly apiUrl?: string;
}

/**
 * Lets the handler act as the GitHub App: sets its id (and API URL) and the ARNs of its private key and
 * webhook secret, and grants secretsmanager:GetSecretValue on exactly those two secrets.
 */
export function bindCodehostTo(fn: BindableFunction, app: CodehostAppRefs): void {
  assertSecretCompleteArn(app.privateKeySecretArn);
  assertSecretCompleteArn(app.webhookSecretArn);
  fn.function.addEnvironment(ENV.codehostAppId, app.appId);
  fn.function.addEnvironment(`${ENV.codehostPrivateKey}_ARN`, app.privateKeySecretArn);
  fn.function.addEnvironment(`${ENV.codehostWebhookSecret}_ARN`, app.webhookSecretArn);
  if (app.apiUrl) fn.function.addEnvironment(ENV.codehostApiUrl, app.apiUrl);
  iam.Grant.addToPrincipal({
    grantee: fn.function,
    actions: ['secretsmanager:GetSecretValue'],
    resourceArns: [app.privateKeySecretArn, app.webhookSecretArn],
  });
}

/**
 * The deployment's shared video-provider credentials, as CDK context gives them (complete Secrets
 * Manager ARNs: `-c providerTwoApiKeySecretArn=arn:…`). Absent ones leave workspaces to bring their own.
 */
export interface GenerationRefs {
  readonly providerOneApiKeySecretArn?: string;
  readonly providerTwoApiKeySecretArn?: string;
  readonly speechApiKeySecretArn?: string;
}

/** Gives a generation function the ARNs of the shared provider keys (env `<NAME>_ARN`) and read access to them. */
export function bindGenerationTo(fn: BindableFunction, refs: GenerationRefs): void {
  const secrets: [string, string | undefined][] = [
    [ENV.providerOneApiKey, refs.providerOneApiKeySecretArn],
    [ENV.providerTwoApiKey, refs.providerTwoApiKeySecretArn],
    [ENV.speechApiKey, refs.speechApiKeySecretArn],
  ];
  const arns: string[] = [];
  for (const [name, arn] of secrets) {
    if (!arn) continue;
    assertSecretCompleteArn(arn);
    fn.function.addEnvironment(`${name}_ARN`, arn);
    arns.push(arn);
  }
  if (arns.length > 0)
    iam.Grant.addToPrincipal({ grantee: fn.function, actions: ['secretsmanager:GetSecretValue'], resourceArns: arns });
}

/**
 * Lets the handler tell a request that came through the studio's CloudFront distribution (the origin
 * secret header, #http/client-address): sets `ENV.originSecretArn` and grants
 * secretsmanager:GetSecretValue on exactly that secret (kept at most 5 minutes, see secret-source.ts).
 */
export function bindOriginSecretTo(fn: BindableFunction, secret: secretsmanager.ISecret): void {
  fn.function.addEnvironment(ENV.originSecretArn, secret.secretArn);
  iam.Grant.addToPrincipal({
    grantee: fn.function,
    actions: ['secretsmanager:GetSecretValue'],
    resourceArns: [secret.secretArn],
  });
}

/**
 * Lets the handler seal and/or open stored third-party credentials: sets `ENV.credentialsKmsKeyId` and
 * grants exactly the KMS actions of `actions` on that one key, and only for requests whose encryption
 * context names a workspace and a provider (the context the cipher always sends), so the grant cannot be
 * used to encrypt or decrypt anything else with this key.
 */
export function bindCredentialsTo(fn: BindableFunction, keyArn: string, actions: readonly CredentialAction[]): void {
  if (actions.length === 0) return;
  fn.function.addEnvironment(ENV.credentialsKmsKeyId, keyArn);
  fn.role.addToPrincipalPolicy(
    new iam.PolicyStatement({
      actions: actions.flatMap((action) => [...CREDENTIAL_ACTIONS[action]]),
      resources: [keyArn],
      conditions: {
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['workspaceId', 'provider'] },
        Null: { 'kms:EncryptionContext:workspaceId': 'false' },
      },
    }),
  );
}
