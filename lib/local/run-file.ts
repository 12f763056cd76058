// local: the run files of `npm start`. Each running local server announces itself with a small file
// (its pid, DATA_DIR and URLs) in one folder of this checkout and removes it when it exits, so tools
// such as `npm run admin -- … --local` find the running server's DATA_DIR without being told.
//
//   npm start ──► .local-run/<pid>.json ──► admin --local: live pids only (a file left by kill -9
//        │                                   names a dead pid: ignored and removed)
//        └─ exit (any way but SIGKILL) ──► file removed
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as z from '../../functions/core/schema.ts';

const ROOT = resolve(import.meta.dirname, '..', '..');

/** Where run files live: $LOCAL_RUN_DIR, else `.local-run` in this checkout (git-ignored). */
export function runFileDir(env: NodeJS.ProcessEnv = process.env): string {
  return env.LOCAL_RUN_DIR ? resolve(env.LOCAL_RUN_DIR) : join(ROOT, '.local-run');
}

export const RunFile = z.object({
  pid: z.int(),
  dataDir: z.string(),
  appUrl: z.string(),
  baseUrl: z.string(),
  startedAt: z.string(),
});
export type RunFile = z.infer<typeof RunFile>;

/**
 * Writes this process's run file; returns the (synchronous, idempotent) function that removes it.
 * It is also removed when the process exits, so a crash short of SIGKILL leaves nothing behind.
 */
export function announceRunning(server: Omit<RunFile, 'pid' | 'startedAt'>, dir = runFileDir()): () => void {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${process.pid}.json`);
  const content: RunFile = { pid: process.pid, ...server, startedAt: new Date().toISOString() };
  writeFileSync(file, `${JSON.stringify(content)}\n`);
  const remove = () => {
    process.off('exit', remove);
    rmSync(file, { force: true });
  };
  process.on('exit', remove);
  return remove;
}

/** The local servers running now (their run files name live processes); stale files are removed. */
export function runningServers(dir = runFileDir()): RunFile[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const running: RunFile[] = [];
  for (const name of names) {
    const file = join(dir, name);
    const parsed = RunFile.safeParse(parseJson(file));
    if (parsed.success && isAlive(parsed.data.pid)) running.push(parsed.data);
    else if (parsed.success) rmSync(file, { force: true });
  }
  return running.sort((a, b) => a.startedAt.localeCompare(b.startedAt));
}

function parseJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The DATA_DIR of the local stack a tool should use: the one named (flag or $DATA_DIR), else the one
 * running server. None running, or several and none named, is a question only the user can answer:
 * the error says what to do (and lists the servers).
 */
export function chooseDataDir(named: string | undefined, running: RunFile[]): string {
  if (named) return resolve(named);
  if (running.length === 1) return running[0]!.dataDir;
  if (running.length === 0) {
    throw new Error(
      'No running local stack found: start it with npm start (or name its DATA_DIR with --data-dir <dir>)',
    );
  }
  const list = running
    .map((server) => `  DATA_DIR=${server.dataDir}  (pid ${server.pid}, ${server.baseUrl})`)
    .join('\n');
  throw new Error(`Several local stacks are running; choose one with --data-dir <dir> or DATA_DIR=<dir>:\n${list}`);
}
