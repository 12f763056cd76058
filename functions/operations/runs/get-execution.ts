// operation: GET /api/executions?executionId= → getExecution → RunRepository
import { present } from '#core/runs/blobs';
import { snapshot } from '#core/runs/model';
import { getExecution } from '#core/runs/use-cases';
import { READ_ONLY, defineOperation } from '#operations/operation';
import { ExecutionSnapshotView } from '#operations/views';
import { blobs, runs } from './run-deps.ts';
import { ExecutionQuery } from './execution-query.ts';
import { EXECUTION, runSnapshot } from '#operations/example-values';
import { READS_MEDIA, readRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'get_execution',
  title: 'Get execution',
  description:
    'Reads one execution: status (queued, running, succeeded, failed, cancelled), per-node states (skipped: a branch not taken), outputs and the result once it has finished. Poll it after run_workflow.',
  example: { input: { executionId: EXECUTION }, status: 200, output: runSnapshot },
  route: 'executions-get',
  http: readRoute('/api/executions', 'run:workflows', 'runs', READS_MEDIA),
  input: ExecutionQuery,
  output: ExecutionSnapshotView,
  annotations: READ_ONLY,
  async run({ executionId }, { principal }) {
    const execution = await getExecution(principal, executionId, { runs });
    return present(snapshot(execution), blobs, execution);
  },
});
