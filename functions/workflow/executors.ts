// workflow: every node type the run state machine's Advance step can execute — the core's pure
// executors plus those that need adapters (outbound HTTP, stored credentials, providers, the asset
// store), built once per cold start. Only Advance holds this registry: the routes that run
// instant-only runs inline use INSTANT_EXECUTORS (the core's and the code node), so a run with one of
// these nodes always goes through the state machine, whose Advance function alone has the grants they
// need (docs/runs-engine.md).
import type { ExecutorRegistry } from '#core/runs/executors';
import { INSTANT_EXECUTORS } from '#adapters/composition/executors';
import { httpRequestExecutor } from '#core/outbound/http-request-node';
import { videoGenerationExecutor } from '#core/generation/video-node';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { speechExecutors } from '#core/generation/speech-nodes';
import { speechDeps } from '#adapters/generation/speech-deps';
import { sourceNodeExecutors } from '#core/assets/source-nodes';
import { assets, connections } from '#adapters/composition/stores';
import { outboundHttp } from '#adapters/composition/services';
import { credentialCipher } from '#adapters/composition/credentials';
import { callCanvasExecutor } from '#core/runs/call-executor';

export const WORKFLOW_EXECUTORS: ExecutorRegistry = {
  ...INSTANT_EXECUTORS,
  'http-request': httpRequestExecutor({ http: outboundHttp, connections, cipher: credentialCipher }),
  'video-generation': videoGenerationExecutor(videoJobDeps),
  ...speechExecutors(speechDeps),
  ...sourceNodeExecutors(() => ({ assets })),
  // A called canvas runs with this registry too, so it may hold HTTP requests and asset sources.
  'call-canvas': callCanvasExecutor(() => WORKFLOW_EXECUTORS),
};
