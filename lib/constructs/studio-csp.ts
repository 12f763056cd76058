// infra: the studio's response headers in AWS. The policy itself is defined once, in web/headers.ts (the
// local front sends it as is); in AWS generated media plays from presigned S3 URLs on another origin,
// so the media bucket's origin is added to the directives that load media, images and fetches.
import { STUDIO_CSP, STUDIO_SECURITY_HEADERS } from '../../web/headers.ts';

export { STUDIO_SECURITY_HEADERS };

/** Directives that must allow the media bucket: video/audio players, image previews, uploads and JSON/text outputs. */
const MEDIA_DIRECTIVES = ['media-src', 'img-src', 'connect-src'] as const;

/**
 * The studio's CSP with `mediaOrigins` (presigned URLs' origin,
 * `https://<bucket>.s3.<region>.amazonaws.com`: the SDK signs virtual-hosted URLs) allowed as media,
 * image and connect sources. A directive the base policy lacks starts from `'self'`, as default-src
 * would have given it; `media-src` also allows `blob:` for players fed from memory.
 */
export function studioContentSecurityPolicy(options: { readonly mediaOrigins: readonly string[] }, base: string = STUDIO_CSP): string {
  const directives = new Map<string, string[]>();
  for (const directive of base.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  if (!directives.has('media-src')) directives.set('media-src', ["'self'", 'blob:']);
  for (const name of MEDIA_DIRECTIVES) {
    const sources = directives.get(name) ?? ["'self'"];
    directives.set(name, [...sources, ...options.mediaOrigins.filter((origin) => !sources.includes(origin))]);
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}
