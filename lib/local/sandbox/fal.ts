// local: provider two's synthetic sandbox. When local mode has no FAL_KEY (and no base URL of its own),
// it runs the fal queue stand-in (fal-protocol.ts) on a loopback port and points the service at it, so
// `npm start` can generate a (synthetic) video end to end with no account: jobs queue and run for
// SANDBOX_JOB_SECONDS (kept under DATA_DIR, so they outlive a crash) and their MP4 is a small synthetic
// file. Its jobs call the completion webhook on the local front (PROVIDER_WEBHOOK_BASE_URL, unless set).
// Documented in docs/generation.md.
import { join } from 'node:path';
import { ENV } from '#adapters/env';
import { startFalProtocolServer } from './fal-protocol.ts';
import { startProviderSandbox } from './provider-sandbox.ts';

/** The key the sandbox expects; it opens nothing anywhere else. */
export const FAL_SANDBOX_KEY = 'sandbox-key:local0000000000000000';

/** What an earlier sandbox in this process set, so a later one (a restarted stack) replaces its own value. */
const setBySandbox: Record<string, string | undefined> = {};

/** Sets `name` unless the developer configured it (a value no sandbox set). */
function setUnlessConfigured(name: string, value: string | undefined) {
  const current = process.env[name];
  if (current && current !== setBySandbox[name]) return;
  setBySandbox[name] = value;
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

export const startFalSandbox = (dataDir: string, log?: (line: string) => void) =>
  startProviderSandbox(
    {
      label: 'provider two (fal)',
      keyVariable: ENV.providerTwoApiKey,
      baseUrlVariable: ENV.providerTwoBaseUrl,
      key: FAL_SANDBOX_KEY,
      start: async ({ key, journalDir, runSeconds }) => {
        const server = await startFalProtocolServer({ key, journal: join(journalDir, 'fal-jobs.jsonl'), runSeconds });
        // Its webhook deliveries are signed with its own key: our verifier reads that key from it.
        setUnlessConfigured('FAL_JWKS_URL', `${server.url}/.well-known/jwks.json`);
        // Jobs complete by webhook, as in AWS: the stand-in calls the completion route on the local front
        // (PUBLIC_BASE_URL, set by local mode before the sandboxes start). Polling stays the fallback.
        setUnlessConfigured('PROVIDER_WEBHOOK_BASE_URL', process.env[ENV.publicBaseUrl]);
        return server;
      },
      servesMedia: true,
    },
    dataDir,
    log,
  );
