// local: the studio's static files on the app host, as CloudFront serves them in AWS — the build in
// web/dist at `/`, index.html for the app's own (extension-less) paths, the same security headers —
// while everything the API owns (/api, /oauth, /.well-known, and the meta routes for non-browsers)
// stays with the routes.
//
//   GET|HEAD ─► /assets/… or another file of the build ─► the file
//            ─► `/` from a browser (Accept: text/html) ─► index.html   (curl, fetch: the meta index)
//            ─► no route, extension-less, not an API path, browser ─► index.html (deep links, reloads)
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, resolve, sep } from 'node:path';
import { ASSET_CACHE_CONTROL, INDEX_CACHE_CONTROL, STUDIO_SECURITY_HEADERS } from '../../web/headers.ts';

/** The security headers every file is sent with (web/headers.ts; local mode adds the S3 front's origin). */
export type StudioHeaders = Readonly<Record<string, string>>;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

const API_PREFIXES = ['/api/', '/oauth/', '/.well-known/'];

export type StudioAnswer = 'served' | 'not-mine';

const wantsHtml = (request: IncomingMessage) => (request.headers.accept ?? '').includes('text/html');
const isApiPath = (path: string) =>
  API_PREFIXES.some((prefix) => path.startsWith(prefix) || path === prefix.slice(0, -1));

/** Before the routes: the build's files, and `/` for browsers. */
export async function serveStudioFile(
  dir: string,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  headers: StudioHeaders = STUDIO_SECURITY_HEADERS,
): Promise<StudioAnswer> {
  const method = request.method ?? 'GET';
  if ((method !== 'GET' && method !== 'HEAD') || isApiPath(path)) return 'not-mine';
  if (path === '/' || path === '/index.html')
    return wantsHtml(request) ? sendFile(response, method, dir, 'index.html', headers) : 'not-mine';
  if (!extname(path)) return 'not-mine';
  return sendFile(response, method, dir, path.slice(1), headers);
}

/** After the routes found nothing: a deep link into the app (e.g. /canvases/cnv_1) gets index.html. */
export async function serveStudioFallback(
  dir: string,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  headers: StudioHeaders = STUDIO_SECURITY_HEADERS,
): Promise<StudioAnswer> {
  const method = request.method ?? 'GET';
  if ((method !== 'GET' && method !== 'HEAD') || isApiPath(path) || extname(path) || !wantsHtml(request))
    return 'not-mine';
  return sendFile(response, method, dir, 'index.html', headers);
}

async function sendFile(
  response: ServerResponse,
  method: string,
  dir: string,
  file: string,
  headers: StudioHeaders,
): Promise<StudioAnswer> {
  const root = resolve(dir);
  const path = resolve(root, decodeURIComponent(file));
  if (!path.startsWith(root + sep)) return 'not-mine';
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) return 'not-mine';
  const body = await readFile(path);
  const isIndex = file === 'index.html';
  response.writeHead(200, {
    ...headers,
    'content-type': TYPES[extname(path)] ?? 'application/octet-stream',
    'content-length': body.length,
    'cache-control': isIndex ? INDEX_CACHE_CONTROL : ASSET_CACHE_CONTROL,
  });
  response.end(method === 'HEAD' ? undefined : body);
  return 'served';
}
