// infra: the studio's hosting — its static build in a private S3 bucket behind CloudFront (origin access
// control), with the app host's API paths as a second origin of the same distribution, so the studio
// and the gateway share one origin (design.md "The web app"; docs/studio.md "Hosting in AWS").
import { Annotations, Aws, CfnOutput, Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3assets from 'aws-cdk-lib/aws-s3-assets';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import type { CloudFrontOriginSecret } from './origin-secret.ts';
import { studioApiBehavior } from './studio-api-behavior.ts';
import { STUDIO_SECURITY_HEADERS, studioContentSecurityPolicy } from './studio-csp.ts';
import { logRetentionOf } from './operations-context.ts';
import { compliantKey, isStrict, VPC_ACCESS_POLICY, vpcPlacementOf } from './compliance.ts';
import { flattenReference } from './service-function.ts';

// The API behaviors' viewer-address function lives in studio-api-behavior.ts; the tests read its code here.
export { VIEWER_ADDRESS_CODE } from './studio-api-behavior.ts';

/** Where the build keeps its content-hashed files; everything else (index.html) is re-read on every visit. */
export const STUDIO_ASSETS_PREFIX = 'assets/';

/** Cache-Control of the hashed files: a new build gets new names, so a name's content never changes. */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Cache-Control of index.html and the other unhashed files: the browser asks again every time. */
export const SHELL_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The viewer-request function of the static behavior: a path whose last segment has no dot is a route
 * of the single-page app and gets the app shell. A rewrite, not distribution-wide `errorResponses`,
 * which would turn the API's 403/404 answers into index.html with 200 as well.
 */
export const SPA_REWRITE_CODE = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  if (uri.lastIndexOf('.') < uri.lastIndexOf('/')) {
    request.uri = '/index.html';
  }
  return request;
}`;

/** Headers a ResponseHeadersPolicy sets through securityHeadersBehavior (CloudFront refuses them as custom headers). */
const SECURITY_HEADER_NAMES = new Set([
  'content-security-policy',
  'strict-transport-security',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'x-xss-protection',
]);

/** The studio's files: a built directory, or a build run by CDK's asset bundling (like Lambda bundles). */
export type StudioSiteContent =
  | { readonly directory: string }
  | {
      /** Folder whose changes trigger a rebuild's upload (its files are not uploaded themselves). */
      readonly sourceDirectory: string;
      /** Writes the built site (index.html, assets/…) into `outputDir`; throws on failure. */
      readonly build: (outputDir: string) => void;
    };

export interface StudioSiteProps {
  readonly content: StudioSiteContent;
  /** The app host's REST API (gateway, OAuth, well-known documents). */
  readonly api: apigateway.IRestApi;
  /** Its stage, the origin path. */
  readonly stageName: string;
  /** Path patterns served by the API, e.g. `/api/*`, `/oauth/*`, `/.well-known/*`. */
  readonly apiPathPatterns: readonly string[];
  /**
   * How long CloudFront waits for the API's first byte (at most 60 s without a quota increase).
   * @default 30 s
   */
  readonly apiReadTimeout?: Duration;
  /** The media bucket: its presigned URLs are allowed as media, image and connect sources. */
  readonly mediaBucket: s3.IBucket;
  /**
   * A custom domain (host name) and its ACM certificate in us-east-1; both or neither.
   * @default the distribution's cloudfront.net domain and CloudFront's default certificate
   */
  readonly domain?: { readonly domainName: string; readonly certificateArn: string };
  /**
   * ARN of a WAFv2 web ACL with CLOUDFRONT scope (made in us-east-1).
   * @default none
   */
  readonly webAclArn?: string;
  /**
   * The secret CloudFront sends to the API origin (with the viewer's address, VIEWER_ADDRESS_CODE), so the
   * app host's web ACL and functions can tell requests that came through this distribution.
   * @default none — the API sees requests through CloudFront as it sees direct ones
   */
  readonly originSecret?: CloudFrontOriginSecret;
}

export class StudioSite extends Construct {
  readonly bucket: s3.Bucket;
  /** CloudFront standard logs and the site bucket's server access logs (ACLs on: CloudFront needs them). */
  readonly logBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly responseHeadersPolicy: cloudfront.ResponseHeadersPolicy;
  readonly spaRewrite: cloudfront.Function;
  /** Sets the viewer address header on the API behaviors (with `originSecret` only). */
  readonly viewerAddress?: cloudfront.Function;
  /** Hashed files (long-lived) and the app shell (revalidated, invalidated on deploy). */
  readonly assetsDeployment: s3deploy.BucketDeployment;
  readonly shellDeployment: s3deploy.BucketDeployment;
  /** The studio's origin, `https://<custom domain or distribution domain>`. */
  readonly url: string;

  constructor(scope: Construct, id: string, props: StudioSiteProps) {
    super(scope, id);
    const stack = Stack.of(this);

    this.logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logging writes with the awslogsdelivery account's ACL grant.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'expire-logs', expiration: Duration.days(365) }],
      // Logs are records: they outlive the stack (the site bucket does not).
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.logBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason:
        'This bucket is itself the destination of the studio distribution logs and the studio bucket server access logs; logging it into another bucket would only move the same question one bucket further.',
    });

    // Strict: SSE-KMS under a key of its own; S3BucketOrigin adds the key policy statement that lets
    // CloudFront (origin access control) decrypt for this account's distributions. The log bucket stays
    // SSE-S3: S3 server access logging delivers only to SSE-S3 buckets.
    const siteKey = isStrict(this)
      ? compliantKey(this, 'SiteKey', {
          description: 'Encrypts the studio site bucket (compliance mode strict)',
          removalPolicy: RemovalPolicy.DESTROY,
        })
      : undefined;
    this.bucket = new s3.Bucket(this, 'Site', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      ...(siteKey
        ? { encryption: s3.BucketEncryption.KMS, encryptionKey: siteKey, bucketKeyEnabled: true }
        : { encryption: s3.BucketEncryption.S3_MANAGED }),
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site/',
      // A build output: every deploy uploads it again, so it may go with the stack.
      removalPolicy: RemovalPolicy.DESTROY,
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Studio routes (paths without a file extension) get the app shell /index.html',
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_CODE),
      runtime: cloudfront.FunctionRuntime.JS_2_0,
    });

    const mediaOrigin = `https://${props.mediaBucket.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.responseHeadersPolicy = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Studio: CSP without inline scripts, HSTS, no framing, nosniff, no referrers',
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: studioContentSecurityPolicy({ mediaOrigins: [mediaOrigin] }),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(365), includeSubdomains: true, override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        contentTypeOptions: { override: true },
        // The OAuth callback URL carries the authorization code until the app replaces it (web/headers.ts).
        referrerPolicy: {
          referrerPolicy: STUDIO_SECURITY_HEADERS['referrer-policy'] as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: Object.entries(STUDIO_SECURITY_HEADERS)
          .filter(([name]) => !SECURITY_HEADER_NAMES.has(name))
          .map(([header, value]) => ({ header, value, override: true })),
      },
    });

    // The app host's API paths: an uncached second origin, the same behavior for every pattern.
    const { behavior: apiBehavior, viewerAddress } = studioApiBehavior(this, props);
    this.viewerAddress = viewerAddress;

    const certificate = props.domain
      ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn)
      : undefined;
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Studio: static build from S3, app host API paths from API Gateway',
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: this.responseHeadersPolicy,
        functionAssociations: [{ function: this.spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        compress: true,
      },
      additionalBehaviors: Object.fromEntries(props.apiPathPatterns.map((pattern) => [pattern, apiBehavior])),
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: this.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.domain && certificate
        ? {
            domainNames: [props.domain.domainName],
            certificate,
            minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
            sslSupportMethod: cloudfront.SSLMethod.SNI,
          }
        : {}),
      webAclId: props.webAclArn,
    });
    this.url = `https://${props.domain?.domainName ?? this.distribution.distributionDomainName}`;
    if (siteKey) {
      Annotations.of(this).acknowledgeWarning(
        '@aws-cdk/aws-cloudfront-origins:wildcardKeyPolicyForOac',
        "The site key's CloudFront statement matches this account's distributions: naming this one would make the key depend on the distribution that depends on the bucket that depends on the key.",
      );
    }

    const content =
      'directory' in props.content
        ? new s3assets.Asset(this, 'Content', { path: props.content.directory })
        : new s3assets.Asset(this, 'Content', {
            path: props.content.sourceDirectory,
            bundling: bundlingOf(props.content.build),
          });
    const source = s3deploy.Source.bucket(content.bucket, content.s3ObjectKey);
    const deploymentLogs = new logs.LogGroup(this, 'DeploymentLogs', {
      retention: logRetentionOf(this, logs.RetentionDays.ONE_MONTH),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    // Optional (context vpcSubnetIds…): the deployment handler runs in the functions' subnets too.
    const placement = vpcPlacementOf(this);
    // Hashed files first and never pruned: a tab still running the previous build loads its chunks
    // after the new index.html is out.
    this.assetsDeployment = new s3deploy.BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: [`${STUDIO_ASSETS_PREFIX}*`],
      prune: false,
      retainOnDelete: false,
      cacheControl: [s3deploy.CacheControl.fromString(ASSETS_CACHE_CONTROL)],
      logGroup: deploymentLogs,
      memoryLimit: 512,
      ...placement,
    });
    this.shellDeployment = new s3deploy.BucketDeployment(this, 'DeployShell', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: [`${STUDIO_ASSETS_PREFIX}*`],
      prune: false,
      retainOnDelete: false,
      cacheControl: [s3deploy.CacheControl.fromString(SHELL_CACHE_CONTROL)],
      // Every studio route is served as /index.html (the rewrite above), so one path covers them all.
      distribution: this.distribution,
      distributionPaths: ['/index.html'],
      logGroup: deploymentLogs,
      memoryLimit: 512,
      ...placement,
    });
    this.shellDeployment.node.addDependency(this.assetsDeployment);

    this.acknowledgeFindings(stack, props, content);
    new CfnOutput(this, 'Url', {
      description: 'The studio (open it and sign in); also the app host origin the gateway and OAuth use',
      value: this.url,
    });
    new CfnOutput(this, 'DistributionDomainName', {
      description:
        'CloudFront domain of the studio: point the app custom domain (context publicAppUrl) at it with a CNAME or alias record',
      value: this.distribution.distributionDomainName,
    });
  }

  private acknowledgeFindings(stack: Stack, props: StudioSiteProps, content: s3assets.Asset): void {
    const acknowledgments = [
      {
        id: 'AwsSolutions-CFR1',
        reason:
          'The studio distribution serves a product meant for every country; sign-in and workspace membership decide who uses it, so no geo restriction is set.',
      },
    ];
    if (!props.webAclArn) {
      acknowledgments.push({
        id: 'AwsSolutions-CFR2',
        reason:
          'A CloudFront web ACL must be created in us-east-1 and costs monthly; the studio is static files plus the app host API, which has stage throttling, reserved-concurrency caps and an optional regional WAF (wafRateLimit). Set context studioWebAclArn to attach one.',
      });
    }
    if (!props.domain) {
      acknowledgments.push({
        id: 'AwsSolutions-CFR4',
        reason:
          "Without a custom domain the studio distribution uses CloudFront's default certificate, whose minimum protocol CloudFront fixes at TLSv1; set context publicAppUrl with studioCertificateArn to serve TLSv1.2_2021 only.",
      });
    }
    Validations.of(this.distribution).acknowledge(...acknowledgments);

    // BucketDeployment's handler is a stack-level singleton Lambda (one per stack and memory size).
    const handler = stack.node.children.find((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (handler) {
      Validations.of(handler).acknowledge(
        {
          id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
          reason:
            'The studio BucketDeployment handler is created by aws-s3-deployment with the basic execution role; it only runs at deploy time to copy the build and invalidate index.html.',
        },
        ...[
          ...['s3:GetBucket*', 's3:GetObject*', 's3:List*', 's3:Abort*', 's3:DeleteObject*'].map(
            (action) => `Action::${action}`,
          ),
          ...[content.bucket.arnForObjects('*'), this.bucket.arnForObjects('*')].map(
            (arn) => `Resource::${flattenReference(stack.resolve(arn))}`,
          ),
          'Resource::*',
        ].map((finding) => ({
          id: `AwsSolutions-IAM5[${finding}]`,
          reason: `The studio BucketDeployment handler copies every file of the build from the asset bucket into the studio bucket: aws-s3-deployment grants these object wildcards (${finding}), and CloudFront invalidations (cloudfront:CreateInvalidation) have no resource-level permission.`,
        })),
        {
          id: 'AwsSolutions-L1',
          reason:
            'The studio BucketDeployment handler runtime is chosen by aws-s3-deployment itself and moves with aws-cdk-lib upgrades; the function only runs at deploy time.',
        },
        ...(vpcPlacementOf(this)
          ? [
              {
                id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/${VPC_ACCESS_POLICY}]`,
                reason:
                  'The studio BucketDeployment handler runs in the VPC given by context, and aws-s3-deployment gives it the AWS VPC access policy to create its network interfaces, actions without resource-level permissions.',
              },
            ]
          : []),
        // Compliance mode strict: the site bucket's key, granted by the bucket's own grantReadWrite.
        ...(this.bucket.encryptionKey ? ['kms:GenerateDataKey*', 'kms:ReEncrypt*'] : []).map((action) => ({
          id: `AwsSolutions-IAM5[Action::${action}]`,
          reason: `The studio BucketDeployment handler writes the build into the SSE-KMS site bucket: aws-s3-deployment grants ${action} on that bucket's own key, and on no other key.`,
        })),
      );
    }
  }
}

/** Asset bundling that builds the site locally; the Docker fallback is never reached (the build throws). */
function bundlingOf(build: (outputDir: string) => void): import('aws-cdk-lib').BundlingOptions {
  return {
    image: lambda.Runtime.NODEJS_22_X.bundlingImage,
    local: {
      tryBundle(outputDir: string) {
        build(outputDir);
        return true;
      },
    },
  };
}
