// operation: POST /api/mcp/executions/cancel → cancelRun → RunRepository, Step Functions, callback
import { present } from '#core/runs/blobs';
import { snapshot } from '#core/runs/model';
import { cancelRun } from '#core/runs/use-cases';
import { callbackSender as callbacks } from '#adapters/composition/run-tasks';
import { providerJobCanceller } from '#adapters/generation/job-canceller';
import { DESTROYS, defineOperation } from '#operations/operation';
import { ExecutionSnapshotView } from '#operations/views';
import { runDeps } from './run-deps.ts';
import { ExecutionBody } from './execution-query.ts';
import { EXECUTION, unfinished } from '#operations/example-values';

export const operation = defineOperation({
  name: 'cancel_execution',
  title: 'Cancel execution',
  description:
    'Stops a queued or running execution; it ends cancelled and its callback (if any) is sent. Cancelling a finished execution changes nothing.',
  example: {
    input: { executionId: EXECUTION },
    status: 200,
    output: {
      ...unfinished,
      status: 'cancelled',
      outputs: {},
      nodes: { prompt: { status: 'succeeded' }, tpl: { status: 'cancelled' } },
    },
  },
  route: 'executions-cancel',
  http: {
    method: 'POST',
    path: '/api/mcp/executions/cancel',
    scope: 'run:workflows',
    access: {
      table: 'readWrite',
      bucket: 'read',
      workflow: ['stop'],
      callbacks: true,
      credentials: ['open'],
      prices: true,
      generation: true,
    },
    timeoutSeconds: 15,
    area: 'runs',
  },
  input: ExecutionBody,
  output: ExecutionSnapshotView,
  // Sends the run's result callback to the caller-supplied URL.
  audit: 'run.cancel',
  annotations: { ...DESTROYS, openWorldHint: true },
  async run({ executionId }, { principal }) {
    const execution = await cancelRun(principal, executionId, {
      ...runDeps,
      callbacks,
      providerJobs: providerJobCanceller,
    });
    return present(snapshot(execution), runDeps.blobs, execution);
  },
});
