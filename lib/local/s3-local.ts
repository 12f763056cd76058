// local: s3rver, a small S3-compatible server, storing objects under a directory.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import S3rver from 's3rver';
import { LOOPBACK } from './ports.ts';

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
 * Starts s3rver on a port of 127.0.0.1 the kernel picks and resolves once it listens. Never a port
 * chosen beforehand: s3rver attaches no error listener to its server, so a port taken before it binds
 * would be an uncaught EADDRINUSE, not a rejection.
 */
export async function startS3Local(options: S3LocalOptions = {}): Promise<S3Local> {
  const temporary = options.dataDir === undefined;
  const directory = temporary ? mkdtempSync(join(tmpdir(), 's3rver-')) : resolve(options.dataDir!);
  mkdirSync(directory, { recursive: true });
  // s3rver does not verify signatures (presigned-URL security is tested at the unit level), and it
  // logs every request unless silenced.
  const server = new S3rver({ address: LOOPBACK, port: 0, directory, silent: true });
  const { port } = await server.run();
  return {
    endpoint: `http://${LOOPBACK}:${port}`,
    async stop() {
      await server.close();
      if (temporary) rmSync(directory, { recursive: true, force: true });
    },
  };
}
