// local: s3rver, a small S3-compatible server, storing objects under a directory, behind a front that
// checks what S3 checks on presigned requests and s3rver does not (s3-presigned.ts).
//
//   client ──► front (127.0.0.1:<endpoint port>) ── presigned: signature, declared digests ──► s3rver
//                     └── refused: S3's status and error XML                      (127.0.0.1, another port)
import { createReadStream, createWriteStream, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';
import { listenOnLoopback, LOOPBACK, portOf } from './ports.ts';
import { LOCAL_CREDENTIALS } from './provision.ts';
import {
  declaredDigests,
  digestMismatch,
  errorXml,
  isPresigned,
  verifyPresignedSignature,
  type S3Error,
} from './s3-presigned.ts';

export interface S3LocalOptions {
  /**
   * Directory for buckets and objects (created if missing). Omit for a fresh temporary directory
   * that stop() deletes, which is what tests want.
   * @default a temporary directory
   */
  readonly dataDir?: string;
}

export interface S3Local {
  /** `http://127.0.0.1:<port>`; clients need `forcePathStyle: true`. */
  readonly endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts s3rver and its front on ports of 127.0.0.1 the kernel picks and resolves once both listen.
 * Never a port chosen beforehand: s3rver attaches no error listener to its server, so a port taken
 * before it binds would be an uncaught EADDRINUSE, not a rejection.
 */
export async function startS3Local(options: S3LocalOptions = {}): Promise<S3Local> {
  const temporary = options.dataDir === undefined;
  const directory = temporary ? mkdtempSync(join(tmpdir(), 's3rver-')) : resolve(options.dataDir!);
  mkdirSync(directory, { recursive: true });
  // s3rver logs every request unless silenced.
  const server = new S3rver({ address: LOOPBACK, port: 0, directory, silent: true });
  const { port } = await server.run();
  const front = createServer((request, response) => {
    forward(request, response, port).catch((error: unknown) => {
      console.error('[s3-local]', error);
      if (!response.headersSent)
        answerError(
          response,
          { status: 500, code: 'InternalError', message: 'We encountered an internal error. Please try again.' },
          request,
        );
      else response.destroy();
    });
  });
  try {
    await listenOnLoopback(front, 0);
  } catch (error) {
    await server.close();
    throw error;
  }
  return {
    endpoint: `http://${LOOPBACK}:${portOf(front)}`,
    async stop() {
      await closeFront(front);
      await server.close();
      if (temporary) rmSync(directory, { recursive: true, force: true });
    },
  };
}

async function forward(request: IncomingMessage, response: ServerResponse, s3rverPort: number): Promise<void> {
  let body: Readable = request;
  let spool: string | undefined;
  try {
    // A CORS preflight carries the URL but no credentials of its own: S3 answers it from the CORS rules.
    if (request.method !== 'OPTIONS' && isPresigned(new URL(request.url ?? '/', 'http://s3.local'))) {
      const signature = await verifyPresignedSignature(request, LOCAL_CREDENTIALS);
      if (!signature.ok) return answerError(response, signature.error, request);
      const declared = declaredDigests(request.headers);
      if (declared.length > 0) {
        // The whole body must be read before S3 answers, so a mismatch stores nothing.
        spool = await mkdtemp(join(tmpdir(), 's3-local-put-'));
        const file = join(spool, 'body');
        const hashes = new Map(
          [...new Set(declared.map((digest) => digest.algorithm))].map((algorithm) => [
            algorithm,
            createHash(algorithm),
          ]),
        );
        const hashing = new Transform({
          transform(chunk: Buffer, _encoding, done) {
            for (const hash of hashes.values()) hash.update(chunk);
            done(null, chunk);
          },
        });
        await pipeline(request, hashing, createWriteStream(file));
        const mismatch = digestMismatch(
          declared,
          new Map([...hashes].map(([algorithm, hash]) => [algorithm, hash.digest('base64')])),
        );
        if (mismatch) return answerError(response, mismatch, request);
        body = createReadStream(file);
      }
    }
    await new Promise<void>((done, fail) => {
      const upstream = httpRequest(
        { host: LOOPBACK, port: s3rverPort, method: request.method, path: request.url, headers: request.headers },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(response);
          answer.once('end', done);
          answer.once('error', fail);
        },
      );
      upstream.once('error', fail);
      body.once('error', fail);
      body.pipe(upstream);
    });
  } finally {
    if (spool) await rm(spool, { recursive: true, force: true });
  }
}

function answerError(response: ServerResponse, error: S3Error, request: IncomingMessage): void {
  const xml = errorXml(error, (request.url ?? '/').split('?')[0]!);
  // A page's refused PUT must be readable by the page (S3 adds its CORS headers to error answers too, and
  // the bucket's rule allows any origin: lib/local/provision.ts); without them the studio would see
  // only a network error instead of SignatureDoesNotMatch or BadDigest.
  const cors = request.headers.origin ? { 'access-control-allow-origin': '*', vary: 'Origin' } : {};
  // The client may still be sending a body it will never need; close once answered.
  response.writeHead(error.status, {
    ...cors,
    'content-type': 'application/xml',
    'content-length': Buffer.byteLength(xml),
    connection: 'close',
  });
  response.end(xml);
  request.resume();
}

/** Stops listening and drops idle keep-alive connections (an SDK client keeps some open). */
function closeFront(front: Server): Promise<void> {
  return new Promise<void>((done) => {
    front.close(() => done());
    front.closeAllConnections();
  });
}
