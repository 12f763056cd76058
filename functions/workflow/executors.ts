// workflow: every node type the run state machine's Advance step can execute — the core's pure
// executors plus those that need adapters (outbound HTTP, stored credentials, providers, the asset
// store), built once per cold start. Only Advance holds this registry: the routes that run
// instant-only runs inline use the core's EXECUTORS, so a run with one of these nodes always goes
// through the state machine, whose Advance function alone has the grants they need (docs/runs.md).
import type { ExecutorRegistry } from '#core/runs/executors';
import { EXECUTORS } from '#core/runs/executors';
import { httpRequestExecutor } from '#core/outbound/http-request-node';
import { videoGenerationExecutor } from '#core/generation/video-node';
import { videoJobDeps } from '#adapters/generation/video-deps';
import { speechExecutors } from '#core/generation/speech-nodes';
import { speechDeps } from '#adapters/generation/speech-deps';
import { sourceNodeExecutors } from '#core/assets/source-nodes';
import { assets } from '#adapters/dynamodb/asset-repository';
import { connections } from '#adapters/dynamodb/integration-repository';
import { credentialCipher } from '#adapters/credentials/cipher';
import { SafeOutboundHttp } from '#adapters/outbound-http/outbound-http';

export const WORKFLOW_EXECUTORS: ExecutorRegistry = {
  ...EXECUTORS,
  'http-request': httpRequestExecutor({ http: new SafeOutboundHttp(), connections, cipher: credentialCipher }),
  'video-generation': videoGenerationExecutor(videoJobDeps),
  ...speechExecutors(speechDeps),
  ...sourceNodeExecutors(() => ({ assets })),
};
