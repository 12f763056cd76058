// local: `npm start`, the whole service on this machine with no AWS account and no Docker.
//
//   env ──► config ──► startLocalMode() ──► print URLs (+ the bootstrap key, first start only)
//                          │                      │
//                          │ failure              │ SIGINT / SIGTERM
//                          ▼                      ▼
//            one-line message, exit 1     stop fronts, SFN, s3rver, DynamoDB Local; exit 0
//
// Settings (the local-mode contract of docs/design; tests and scripts rely on it):
//   APP_PORT / BASE_PORT (3000 / 3001)   the app host and the base host, on 127.0.0.1
//   DATA_DIR (.data)                     everything local mode persists
//   BOOTSTRAP_API_KEY (unset)            on an empty store, the first workspace's all-scopes key
//                                        (must start with workspace_; else a random key is printed);
//                                        on a store with data it is ignored, and start says so
//   LOCAL_RUN_DIR (.local-run)           where the running server announces its DATA_DIR (run-file.ts)
//   PUBLIC_APP_URL / PUBLIC_BASE_URL     origins used in generated URLs (default: the local URLs)
//   BOOTSTRAP_USER_EMAIL / _PASSWORD     an owner of the bootstrap workspace who can sign in (OAuth)
// The studio (web/) is built into web/dist first when missing or stale, and served at the app host's /.
import { DomainError } from '../../functions/core/errors.ts';
import { LocalStackError } from './errors.ts';
import { startLocalMode, type LocalMode } from './local-mode.ts';
import { announceRunning } from './run-file.ts';
import { ensureStudioBuilt } from './studio-build.ts';

// The AWS SDK's Node 20 deprecation notice says nothing about local mode; keep the console readable.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

let stack: LocalMode | undefined;
let stopping = false;
let unannounce: (() => void) | undefined;

// Installed before anything starts, so a signal during start-up also stops what has started.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutdown(signal));

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal} received: stopping local mode…`);
  // Never hang on a stuck child: the reaper's exit hook SIGKILLs whatever is left.
  setTimeout(() => process.exit(0), 10_000).unref();
  // First: from now on no tool should pick this server.
  unannounce?.();
  await stack?.stop();
  process.exit(0);
}

function port(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535)
    fail(`${name} must be a port number (1-65535), got "${raw}"`);
  return value;
}

function bootstrapUser(): { email: string; password: string } | undefined {
  const email = process.env.BOOTSTRAP_USER_EMAIL;
  const password = process.env.BOOTSTRAP_USER_PASSWORD;
  if (!email && !password) return undefined;
  if (!email || !password) fail('BOOTSTRAP_USER_EMAIL and BOOTSTRAP_USER_PASSWORD go together');
  if (password.length < 8) fail('BOOTSTRAP_USER_PASSWORD must have at least 8 characters');
  return { email, password };
}

function fail(message: string): never {
  console.error(`local mode: ${message}`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = {
    appPort: port('APP_PORT', 3000),
    basePort: port('BASE_PORT', 3001),
    dataDir: process.env.DATA_DIR || '.data',
    bootstrapApiKey: process.env.BOOTSTRAP_API_KEY || undefined,
    bootstrapUser: bootstrapUser(),
    publicAppUrl: process.env.PUBLIC_APP_URL || undefined,
    publicBaseUrl: process.env.PUBLIC_BASE_URL || undefined,
    // One line per request, run state change and callback delivery, after the banner.
    activityLog: (line: string) => console.log(line),
  };
  if (config.appPort === config.basePort) fail(`APP_PORT and BASE_PORT must differ (both are ${config.appPort})`);

  const studioDir = await ensureStudioBuilt(console.log, console.warn);
  try {
    stack = await startLocalMode({ ...config, ...(studioDir ? { studioDir } : {}) });
  } catch (error) {
    // Problems a developer must fix get one line; anything else keeps its stack trace.
    if (error instanceof LocalStackError || error instanceof DomainError) fail(error.message);
    console.error('local mode: failed to start', error);
    process.exit(1);
  }
  if (stopping) return;

  unannounce = announceRunning({ dataDir: stack.dataDir, appUrl: stack.appUrl, baseUrl: stack.baseUrl });
  // One write, so whoever reads the banner (a script, a test) never sees the URLs without the key that
  // follows them: a pipe delivers a write of under 4 KB whole.
  const banner = [
    'Local mode is running (Ctrl-C to stop)',
    `  app host:  ${stack.appUrl}  MCP gateway (POST /api/mcp), OAuth (/oauth/…, /.well-known/…)`,
    `  base host: ${stack.baseUrl}  REST API (/api/…), webhook trigger (/webhook/trigger)`,
    '  both:      / (what runs here), /health, /openapi.json (the OpenAPI document of the host)',
    `  data:      ${stack.dataDir}`,
  ];
  if (studioDir) {
    const who = config.bootstrapUser
      ? ` and sign in as ${config.bootstrapUser.email}`
      : ' and sign in (set BOOTSTRAP_USER_EMAIL/_PASSWORD for a first user)';
    banner.push(`  studio:    open ${stack.appUrl}/ in a browser${who}`);
  }
  if (stack.bootstrap.created) {
    banner.push(`Created workspace ${stack.bootstrap.workspaceId} with an all-scopes API key (shown only this once):`);
    banner.push(`  API key:   ${stack.bootstrap.apiKey}`);
  }
  process.stdout.write(`${banner.join('\n')}\n`);
  if (!stack.bootstrap.created && stack.bootstrap.presetKeyIgnored) {
    const workspace = stack.bootstrap.workspaceId ?? '<workspaceId>';
    console.warn(
      `Warning: BOOTSTRAP_API_KEY is ignored: ${stack.dataDir} already holds data, and the key only seeds an empty store.`,
    );
    console.warn(`  A new key for the first workspace: npm run admin -- create-key --workspace ${workspace} --local`);
  }
}

void main();
