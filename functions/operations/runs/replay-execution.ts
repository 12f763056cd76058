// operation: POST /api/mcp/executions/replay → replayRun (optionally idempotent) → RunRepository, Step Functions
import * as z from '#core/schema';
import { chooseIdempotencyKey } from '#core/runs/idempotency';
import { replayRun } from '#core/runs/use-cases';
import { accepted, replayed } from '#operations/outcome';
import { defineOperation } from '#operations/operation';
import { RunAnswerView } from '#operations/views';
import { acceptedBody } from './accepted-answer.ts';
import { runDeps } from './run-deps.ts';
import { ExecutionBody } from './execution-query.ts';
import { EXECUTION } from '#operations/example-values';
import { writeRoute } from '#operations/route-facts';

export const operation = defineOperation({
  name: 'replay_execution',
  title: 'Run again',
  description:
    'Starts a new execution of the same canvas version with the same trigger and inputs as an earlier one. Returns the new executionId; poll it with get_execution.',
  example: {
    input: { executionId: EXECUTION, idempotencyKey: 'replay-2026-11-23-1' },
    status: 202,
    output: {
      ok: true,
      executionId: 'exec_01jd8x7f9h1k3m5p7r9t1v3x5z',
      status: 'queued',
      message: 'Replaying exec_01jd8x5d7f9h1k3m5p7r9t1v3x',
    },
  },
  route: 'executions-replay',
  http: writeRoute('/api/mcp/executions/replay', 'run:workflows', 'runs', {
    table: 'readWrite',
    bucket: 'readWrite',
    workflow: ['start'],
  }),
  input: z.extend(ExecutionBody, {
    idempotencyKey: z.optional(
      z
        .string()
        .check(
          z.minLength(1),
          z.maxLength(255),
          z.describe(
            'Retrying with the same key answers with the run the first call started (also the Idempotency-Key header)',
          ),
        ),
    ),
  }),
  output: RunAnswerView,
  audit: 'run.replay',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run({ executionId, idempotencyKey }, { principal, header }) {
    const answer = await replayRun(
      principal,
      executionId,
      runDeps,
      chooseIdempotencyKey(header('idempotency-key'), idempotencyKey),
    );
    // A run is accepted (202) and goes on after the answer; a replay answers the first run's acceptance again.
    return answer.replayed ? replayed(acceptedBody(answer), 'accepted') : accepted(acceptedBody(answer));
  },
});
