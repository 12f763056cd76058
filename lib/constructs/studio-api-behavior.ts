// infra: the studio distribution's API behaviors — the app host's REST API as an uncached origin, and
// with the origin secret the viewer-request function that passes the viewer's address on to it.
// Created under the StudioSite construct with the ids it always had, so no logical id moves.
import { Aws, Duration } from 'aws-cdk-lib';
import type * as apigateway from 'aws-cdk-lib/aws-apigateway';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Construct } from 'constructs';
import { VIEWER_ADDRESS_HEADER } from '#http/client-address';
import type { CloudFrontOriginSecret } from './origin-secret.ts';

/**
 * The viewer-request function of the API behaviors: the viewer's IP in a header of its own, over any
 * the viewer sent. The regional web ACL can aggregate on it (WAF reads one address per header, the first,
 * and X-Forwarded-For's first is the viewer's to write), and so can the sign-in limiter; either believes
 * it only beside the origin secret (#http/client-address).
 */
export const VIEWER_ADDRESS_CODE = `function handler(event) {
  var request = event.request;
  request.headers['${VIEWER_ADDRESS_HEADER}'] = { value: event.viewer.ip };
  return request;
}`;

export interface StudioApiOriginProps {
  readonly api: apigateway.IRestApi;
  readonly stageName: string;
  readonly apiReadTimeout?: Duration;
  readonly originSecret?: CloudFrontOriginSecret;
}

/**
 * The behavior shared by the API path patterns, and the viewer-address function it runs (with the origin
 * secret only), made in `scope` (the StudioSite construct).
 */
export function studioApiBehavior(
  scope: Construct,
  props: StudioApiOriginProps,
): { readonly behavior: cloudfront.BehaviorOptions; readonly viewerAddress?: cloudfront.Function } {
  // Built from the API id, not RestApi.url: that URL references the deployment stage, which depends on
  // every method, whose functions get this distribution's domain as PUBLIC_APP_URL (a cycle).
  const apiOrigin = new origins.HttpOrigin(`${props.api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
    originPath: `/${props.stageName}`,
    protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
    originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
    readTimeout: props.apiReadTimeout ?? Duration.seconds(30),
    // CloudFront replaces a viewer's header of the same name with this one.
    customHeaders: props.originSecret?.header,
  });
  const viewerAddress = props.originSecret
    ? new cloudfront.Function(scope, 'ViewerAddress', {
        comment: 'App host API paths: the viewer IP in its own header, for the web ACL and the sign-in limit',
        code: cloudfront.FunctionCode.fromInline(VIEWER_ADDRESS_CODE),
        runtime: cloudfront.FunctionRuntime.JS_2_0,
      })
    : undefined;
  const behavior: cloudfront.BehaviorOptions = {
    origin: apiOrigin,
    viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
    // Nothing the API answers is cached, so Authorization can be forwarded (it would otherwise have to
    // be part of a cache key). AllViewerExceptHostHeader forwards every viewer header but Host (API
    // Gateway routes by its own host name) plus CloudFront's headers, CloudFront-Viewer-Address among
    // them: the viewer's address, since the API itself sees CloudFront's.
    cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
    originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
    compress: true,
    ...(viewerAddress
      ? { functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }] }
      : {}),
  };
  return { behavior, viewerAddress };
}
