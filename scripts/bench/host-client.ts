// bench orchestrator side of the host process (host.ts): start it, and call its commands over IPC.
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Ready {
  dataDir: string;
  appUrl: string;
  baseUrl: string;
  bareUrl: string;
  apiKey: string;
  workspaceId: string;
  noopArn: string;
}
export interface EngineStats {
  started: number;
  settled: number;
  states: Record<string, number>;
  tasks: Record<string, number>;
  taskMs: Record<string, number>;
}
export interface Counts {
  calls: Record<string, number>;
  /** DynamoDB capacity units as reported: `<scope> RCU|WCU`. */
  capacity: Record<string, number>;
  engine: EngineStats;
  cpu: { hostMs: number; javaMs: number };
}

export class Host {
  private next = 1;
  private pending = new Map<number, { resolve: (value: any) => void; reject: (error: Error) => void }>();
  readonly ready: Promise<Ready>;

  constructor(private readonly child: ChildProcess) {
    this.ready = new Promise((resolve, reject) => this.pending.set(0, { resolve, reject }));
    child.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiter = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error) waiter?.reject(new Error(message.error));
      else waiter?.resolve(message.result);
    });
    child.once('exit', (code) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`bench host exited (${code})`));
      this.pending.clear();
    });
  }

  /**
   * Runs `command` in the host. Rejects, never throws, once the host is gone: a send on a closed channel
   * without a callback is an unhandled `error` event (ERR_IPC_CHANNEL_CLOSED) that ends the bench with no
   * word of why the host went away.
   */
  call<T = unknown>(command: string, args?: unknown): Promise<T> {
    const id = this.next++;
    return new Promise<T>((resolve, reject) => {
      if (!this.child.connected) {
        reject(
          new Error(`bench host is gone (exit ${this.child.exitCode ?? this.child.signalCode}): cannot ${command}`),
        );
        return;
      }
      this.pending.set(id, { resolve, reject });
      this.child.send({ id, command, args }, (error) => {
        if (!error) return;
        this.pending.delete(id);
        reject(error);
      });
    });
  }
}

export function startHost(): { host: Host; child: ChildProcess } {
  const child = fork(fileURLToPath(new URL('./host.ts', import.meta.url)), [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: {
      ...process.env,
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      BENCH_DATA_PARENT: process.env.BENCH_DATA_PARENT || (existsSync('/dev/shm') ? '/dev/shm' : ''),
      // The bench measures acceptance, not the limiter: let every call through.
      WEBHOOK_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  return { host: new Host(child), child };
}
