// adapter: names of the environment variables that wire handlers to their resources. The CDK bind*
// helpers set them, the local stack sets them, the adapters read them: typed once, here.
export const ENV = {
  tableName: 'TABLE_NAME',
  bucketName: 'MEDIA_BUCKET_NAME',
  stateMachineArn: 'RUN_STATE_MACHINE_ARN',
  /**
   * `on` (default) or `off`: whether the routes that accept runs run those that need no state machine
   * (instant nodes only, with or without a callback URL) themselves, see functions/core/runs/inline.ts
   * and docs/runs-engine.md.
   */
  inlineInstantRuns: 'INLINE_INSTANT_RUNS',
  /**
   * Deprecated: the deployment's shared secret for the older X-Service-Signature headers of result callbacks
   * (every callback is signed with its workspace's own secret; docs/callbacks.md "Signatures").
   */
  callbackSigningSecret: 'CALLBACK_SIGNING_SECRET',
  /**
   * In AWS: the Secrets Manager secret holding the callback signing secret (kept at most 5 minutes: adapters/secrets).
   */
  callbackSigningSecretArn: 'CALLBACK_SIGNING_SECRET_ARN',
  /**
   * The service's root key: webhook secrets, relay tokens, video status tokens and the OAuth signing keys all
   * derive from it (functions/adapters/composition/service-key.ts); in AWS, its Secrets Manager ARN.
   */
  serviceRootKey: 'SERVICE_ROOT_KEY',
  serviceRootKeyArn: 'SERVICE_ROOT_KEY_ARN',
  /**
   * @deprecated The old name of SERVICE_ROOT_KEY, from when only webhook secrets derived from it. Still read,
   * when SERVICE_ROOT_KEY is unset, so a local setup that sets it keeps its key (README, Configuration).
   */
  deprecatedServiceRootKey: 'WEBHOOK_SECRET_KEY',
  /**
   * Payment-provider webhook signing secret(s), `whsec_…` (local mode); in AWS, the Secrets Manager ARN holding them.
   */
  paymentsWebhookSecret: 'PAYMENTS_WEBHOOK_SECRET',
  paymentsWebhookSecretArn: 'PAYMENTS_WEBHOOK_SECRET_ARN',
  /** Calls per minute one webhook trigger accepts before 429. @default 60 */
  webhookRateLimit: 'WEBHOOK_RATE_LIMIT_PER_MINUTE',
  /**
   * Local development and tests only (ignored in Lambda): host:port list exempt from the public-HTTPS callback rule.
   */
  outboundAllowHosts: 'OUTBOUND_ALLOW_HOSTS',
  /**
   * Local mode and tests only (ignored in Lambda): host:port list the provider clients alone may reach
   * (a provider's media download), never a workspace's http-request node or callback. Local mode sets it
   * to its provider stand-ins.
   */
  providerAllowHosts: 'PROVIDER_ALLOW_HOSTS',
  /** Local development and tests only (ignored in Lambda): a PEM file of extra CAs trusted for outbound HTTPS. */
  outboundExtraCaFile: 'OUTBOUND_EXTRA_CA_FILE',
  /** Local mode only: endpoints of the protocol-speaking stand-ins. Unset in AWS. */
  dynamodbEndpoint: 'DYNAMODB_ENDPOINT',
  /**
   * Local mode only (`on`): a DynamoDB Local transaction is answered only once it is durable
   * (dynamodb/emulator-durability.ts). Local mode keeps its data across a kill; tests that count a
   * request's round trips leave it off, since the deployed stack never pays the extra read.
   */
  dynamodbCommitFence: 'DYNAMODB_COMMIT_FENCE',
  s3Endpoint: 'S3_ENDPOINT',
  sfnEndpoint: 'SFN_ENDPOINT',
  publicBaseUrl: 'PUBLIC_BASE_URL',
  publicAppUrl: 'PUBLIC_APP_URL',
  /** The base host's invoke URL, given by CDK to functions that serve another host (the gateway). */
  baseApiUrl: 'BASE_API_URL',
  /** Extra browser origins the gateway accepts besides PUBLIC_APP_URL (comma-separated). */
  gatewayAllowedOrigins: 'GATEWAY_ALLOWED_ORIGINS',
  // Integrations (docs/integrations.md). Shared provider credentials: the value itself (local mode) or,
  // in AWS, the Secrets Manager ARN under the same name with `_ARN` appended.
  providerOneApiKey: 'GEMINI_API_KEY',
  /**
   * The Gemini API. @default https://generativelanguage.googleapis.com (tests and the local sandbox point it at a
   * stand-in)
   */
  providerOneBaseUrl: 'PROVIDER_ONE_BASE_URL',
  providerTwoApiKey: 'FAL_KEY',
  /** fal's queue API. @default https://queue.fal.run (tests and the local sandbox point it at a stand-in) */
  providerTwoBaseUrl: 'PROVIDER_TWO_BASE_URL',
  speechApiKey: 'ELEVENLABS_API_KEY',
  /** ElevenLabs' API. @default https://api.elevenlabs.io (tests and the local sandbox point it at a stand-in) */
  speechBaseUrl: 'SPEECH_BASE_URL',
  workspaceSuiteClientId: 'WORKSPACE_SUITE_CLIENT_ID',
  codehostAppId: 'GITHUB_APP_ID',
  codehostPrivateKey: 'GITHUB_APP_PRIVATE_KEY',
  codehostWebhookSecret: 'GITHUB_WEBHOOK_SECRET',
  /** GitHub REST base URL. @default https://api.github.com (tests point it at a local server) */
  codehostApiUrl: 'GITHUB_API_URL',
  /** KMS key that wraps the data key of every stored third-party credential (AWS). */
  credentialsKmsKeyId: 'CREDENTIALS_KMS_KEY_ID',
  /**
   * Local mode: the file holding the master key that wraps credential data keys. @default
   * DATA_DIR/credentials-master.key
   */
  credentialsMasterKeyFile: 'CREDENTIALS_MASTER_KEY_FILE',
  /**
   * The value CloudFront sends in the origin secret header (#http/client-address), or in AWS its Secrets
   * Manager ARN. Unset (local mode, no studio): no request is taken to have come through CloudFront.
   */
  originSecret: 'ORIGIN_SECRET',
  originSecretArn: 'ORIGIN_SECRET_ARN',
} as const;

/** Where the service root key's value is read, first set wins: the current name, then the deprecated one. */
export const SERVICE_ROOT_KEY_NAMES = [ENV.serviceRootKey, ENV.deprecatedServiceRootKey] as const;
