// infra: the studio's response headers in AWS. The policy itself is defined once, in web/headers.ts (the
// local front sends it too, opened to the local S3 front); in AWS generated media plays from presigned
// S3 URLs on another origin, so studio-site.ts opens it to the media bucket's origin with the same function.
export { STUDIO_SECURITY_HEADERS, studioContentSecurityPolicy } from '../../web/headers.ts';
