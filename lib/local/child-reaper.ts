// local: makes sure the child processes the local stack starts (DynamoDB Local's `java`) die with us.
//
//   parent exits normally ──► 'exit' hook ──► SIGKILL every registered child (synchronous)
//   SIGINT / SIGTERM      ──► nobody else listens? SIGKILL children, re-raise (default: terminate)
//   parent is SIGKILLed   ──► watchdog `sh` sees its stdin pipe close ──► kills the child
//
// Node cannot set PR_SET_PDEATHSIG, so the last case needs the tiny watchdog process.
import { spawn, type ChildProcess } from 'node:child_process';

const children = new Set<ChildProcess>();
let hooksInstalled = false;

function killAll(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  // Someone else handles this signal (start.ts stops its children gracefully, so DynamoDB Local can
  // close its files); the 'exit' hook stays as the backstop.
  if (process.listenerCount(signal) > 1) return;
  killAll();
  // We only wanted to clean up: restore Node's default behaviour (terminate) by re-raising the
  // signal without our listener.
  process.removeListener(signal, onSignal);
  process.kill(process.pid, signal);
}

function installHooks(): void {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAll);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}

/**
 * Registers a child to be killed when this process ends, however it ends. Returns a function that
 * unregisters it (call it once the child has been stopped deliberately).
 */
export function reapOnExit(child: ChildProcess): () => void {
  installHooks();
  children.add(child);
  const watchdog = startWatchdog(child);
  const release = (): void => {
    children.delete(child);
    if (watchdog && watchdog.exitCode === null && watchdog.pid !== undefined) {
      try {
        process.kill(watchdog.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  };
  child.once('exit', release);
  return release;
}

/** A shell that blocks reading a pipe from us; when we die the pipe closes and it kills the child. */
function startWatchdog(child: ChildProcess): ChildProcess | undefined {
  if (child.pid === undefined || process.platform === 'win32') return undefined;
  const watchdog = spawn('sh', ['-c', `while read _; do :; done; kill -9 ${child.pid} 2>/dev/null`], {
    stdio: ['pipe', 'ignore', 'ignore'],
    // Own process group: a Ctrl-C aimed at the terminal's group must not kill the watchdog first.
    detached: true,
  });
  watchdog.on('error', () => undefined);
  // Neither the watchdog nor its pipe may keep the event loop alive.
  watchdog.unref();
  (watchdog.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return watchdog;
}
