// test support: runs local mode (the `start` script) as a child process, as a developer would, and inspects what it
// leaves behind. Used by test/e2e.
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface LocalProcess {
  readonly child: ChildProcess;
  /** Everything printed so far (stdout and stderr interleaved as received). */
  output(): string;
  /** Resolves with the exit code (or the signal name) once the process has exited. */
  readonly exited: Promise<number | string>;
}

export interface Ready {
  readonly appUrl: string;
  readonly baseUrl: string;
  /** Present only when this start created the first workspace. */
  readonly apiKey?: string;
}

/**
 * Spawns the command of the `start` script (`tsx lib/local/start.ts`) in the repository with `env`
 * added to the current environment. Not through `npm start` itself: npm does not forward SIGTERM to
 * its script (it dies and leaves the script running), so a SIGTERM test of npm would test npm.
 */
export function startLocalProcess(env: Record<string, string>, options: { detached?: boolean } = {}): LocalProcess {
  const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  };
  const [bin, ...args] = packageJson.scripts.start.split(/\s+/);
  const child = spawn(join(repoRoot, 'node_modules', '.bin', bin!), args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so a test can kill the whole stack at once (process.kill(-pid)).
    detached: options.detached ?? false,
  });
  let text = '';
  child.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | string>((resolve) =>
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => text, exited };
}

/** Waits for the "running" banner and reads the URLs (and the key, when printed) from it. */
export async function waitUntilReady(local: LocalProcess, timeoutMs = 90_000): Promise<Ready> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | string | undefined;
  void local.exited.then((code) => (exitCode = code));
  for (;;) {
    const text = local.output();
    const app = /app host:\s+(http:\/\/\S+)/.exec(text);
    const base = /base host:\s+(http:\/\/\S+)/.exec(text);
    const data = /data:\s+\S+/.exec(text);
    if (app && base && data) {
      // The key line follows the banner in the same synchronous burst of console.log calls.
      const key = /API key:\s+(workspace_\S+)/.exec(text);
      return { appUrl: app[1]!, baseUrl: base[1]!, ...(key && { apiKey: key[1]! }) };
    }
    if (exitCode !== undefined) throw new Error(`local mode exited (${exitCode}) before it was ready:\n${text}`);
    if (Date.now() > deadline) throw new Error(`local mode was not ready within ${timeoutMs} ms:\n${text}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Live descendants of `pid` (children, grandchildren, …), read from /proc. Zombies count as gone. */
export function descendantsOf(pid: number): { pid: number; command: string }[] {
  const parentOf = new Map<number, number>();
  const commandOf = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProc(`/proc/${entry}/stat`);
    if (!stat) continue;
    // Format: pid (comm) state ppid …; comm may contain spaces and parentheses, so split after the last ')'.
    const [state, ppid] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (state === 'Z') continue;
    parentOf.set(Number(entry), Number(ppid));
    commandOf.set(Number(entry), (readProc(`/proc/${entry}/cmdline`) ?? '').replace(/\0/g, ' ').trim());
  }
  const found: { pid: number; command: string }[] = [];
  const queue = [pid];
  while (queue.length > 0) {
    const parent = queue.shift()!;
    for (const [child, ppid] of parentOf) {
      if (ppid === parent) {
        found.push({ pid: child, command: commandOf.get(child) ?? '' });
        queue.push(child);
      }
    }
  }
  return found;
}

/** True while `pid` is a live (non-zombie) process. */
export function isAlive(pid: number): boolean {
  const stat = readProc(`/proc/${pid}/stat`);
  if (!stat) return false;
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] !== 'Z';
}

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended while we were reading
  }
}

/** A listening TCP socket as /proc/net/tcp{,6} shows it. */
export interface Listener {
  readonly pid: number;
  readonly address: string;
  readonly port: number;
}

/**
 * The TCP sockets in LISTEN state that the processes `pids` hold open, read from /proc (each process's
 * fds name socket inodes; /proc/net/tcp and tcp6 give each inode's local address).
 */
export function listenersOf(pids: readonly number[]): Listener[] {
  const ownerOf = new Map<string, number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // the process ended
    }
    for (const fd of fds) {
      let target: string;
      try {
        target = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
      if (inode) ownerOf.set(inode, pid);
    }
  }
  const listeners: Listener[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const row of (readProc(table) ?? '').split('\n').slice(1)) {
      const fields = row.trim().split(/\s+/);
      // sl local_address rem_address st … inode (10th); st 0A is LISTEN
      if (fields.length < 10 || fields[3] !== '0A') continue;
      const pid = ownerOf.get(fields[9]!);
      if (pid === undefined) continue;
      const [hexAddress, hexPort] = fields[1]!.split(':') as [string, string];
      listeners.push({ pid, address: addressOf(hexAddress), port: parseInt(hexPort, 16) });
    }
  }
  return listeners;
}

/** /proc/net writes an address as 32-bit words in host (little-endian) order. */
function addressOf(hex: string): string {
  const words = hex
    .toLowerCase()
    .match(/.{8}/g)!
    .map((word) => word.match(/../g)!.reverse().join(''));
  if (words.length === 1)
    return words[0]!
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join('.');
  const groups = words
    .join('')
    .match(/.{4}/g)!
    .map((group) => group.replace(/^0+(?=.)/, ''));
  // ::ffff:a.b.c.d — an IPv4 address on an IPv6 socket (Java's sockets are all IPv6)
  if (groups.slice(0, 5).every((group) => group === '0') && groups[5] === 'ffff') {
    return `::ffff:${words[3]!
      .match(/../g)!
      .map((byte) => parseInt(byte, 16))
      .join('.')}`;
  }
  return groups.join(':').replace(/(^|:)0(:0)+(:|$)/, '::');
}

/** 127.0.0.0/8, ::1, or an IPv4-mapped loopback address. */
export function isLoopback(address: string): boolean {
  return /^(::ffff:)?127\./.test(address) || address === '::1';
}
