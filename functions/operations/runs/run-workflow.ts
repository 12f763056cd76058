// operation: POST /api/run → acceptRun (idempotent; runs instant-only runs inline) → [waitForExecution when sync] →
// RunRepository, Step Functions
import { setTimeout as sleep } from 'node:timers/promises';
import * as z from '#core/schema';
import { ClientId, CanvasId } from '#core/canvas/model';
import { chooseIdempotencyKey } from '#core/runs/idempotency';
import { present } from '#core/runs/blobs';
import { isTerminal, snapshot } from '#core/runs/model';
import { acceptRun, waitForExecution } from '#core/runs/use-cases';
import { telemetry } from '#core/telemetry';
import { outboundConfig } from '#adapters/outbound-http/config';
import { validateCallbackUrl } from '#adapters/outbound-http/validate-callback-url';
import { defineOperation } from '#operations/operation';
import { accepted as acceptedOutcome, replayed } from '#operations/outcome';
import { RunAnswerView } from '#operations/views';
import { acceptedBody } from './accepted-answer.ts';
import { runDeps } from './run-deps.ts';
import { CANVAS, EXECUTION, runSnapshot } from '#operations/example-values';

const Input = z.strictObject({
  canvasId: CanvasId.check(z.describe('Canvas to run')),
  triggerNodeId: ClientId.check(z.describe('The prompt or webhook-trigger node the run starts from')),
  inputs: z
    ._default(z.record(z.string(), z.unknown()), {})
    .check(z.describe('Workflow inputs, e.g. { "prompt": "…" } for a prompt trigger')),
  sync: z
    ._default(z.boolean(), false)
    .check(z.describe('Wait for the run to finish (up to timeoutSeconds) and answer with its result')),
  timeoutSeconds: z
    ._default(z.int().check(z.minimum(1), z.maximum(55)), 30)
    .check(
      z.describe(
        'With sync: seconds to wait, 1–55 (default 30; a tool call waits at most about 25); a run still going answers pending',
      ),
    ),
  callbackUrl: z.optional(
    z.string().check(z.describe('Public HTTPS URL that gets one POST with the result when the run ends')),
  ),
  idempotencyKey: z.optional(
    z
      .string()
      .check(
        z.describe(
          'Retrying with the same key and body answers with the first run instead of starting another (also the Idempotency-Key header)',
        ),
      ),
  ),
});

const { allowHosts } = outboundConfig();

/** Time kept back from the caller's deadline to answer with the pending payload, never a 504. */
const ANSWER_MARGIN_MS = 2_000;

export const operation = defineOperation({
  name: 'run_workflow',
  title: 'Run workflow',
  description:
    'Runs a canvas from a trigger node. By default it answers at once with an executionId to poll with get_execution; with sync true it waits (bounded) and answers with the finished execution, or pending if it is still running.',
  example: {
    input: { canvasId: CANVAS, triggerNodeId: 'prompt', inputs: { prompt: 'hi' } },
    status: 202,
    output: {
      ok: true,
      executionId: EXECUTION,
      status: 'queued',
      message: `Poll GET /api/executions?executionId=${EXECUTION}`,
    },
    also: {
      status: 200,
      description: 'With sync: the finished execution, or pending when the wait ended first',
      output: runSnapshot,
    },
  },
  route: 'run',
  http: {
    method: 'POST',
    path: '/api/run',
    scope: 'run:workflows',
    access: { table: 'readWrite', bucket: 'readWrite', workflow: ['start'] },
    timeoutSeconds: 60,
    area: 'runs',
  },
  input: Input,
  output: RunAnswerView,
  audit: 'run.start',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  async run(input, { principal, header, remainingMs }) {
    const callbackUrl =
      input.callbackUrl === undefined ? undefined : await validateCallbackUrl(input.callbackUrl, { allowHosts });
    const idempotencyKey = chooseIdempotencyKey(header('idempotency-key'), input.idempotencyKey);
    // The accept alone is timed (RunAcceptLatency, an alarmed objective): not the callback URL's DNS
    // lookup above nor the sync wait below, whose length the caller chooses.
    const acceptStarted = performance.now();
    const accepted = await acceptRun(
      principal,
      {
        canvasId: input.canvasId,
        triggerNodeId: input.triggerNodeId,
        inputs: input.inputs,
        callbackUrl,
        idempotencyKey,
      },
      { kind: 'api' },
      runDeps,
    );
    telemetry.timing('RunAcceptLatency', performance.now() - acceptStarted);
    // Every replay says so in its body too, with the same explanation as the async answer (which key made it
    // a replay, how to run again), so a client reading only JSON knows why it got an earlier run.
    const body = acceptedBody(accepted);
    const replayMessage = accepted.replayed ? body.message : undefined;
    const replayMark = accepted.replayed
      ? { replayed: true, ...(replayMessage ? { message: replayMessage } : {}) }
      : {};
    // A replay answers as the first call did, and says so (over HTTP, the x-idempotent-replay header).
    const answer = <T>(value: T) => (accepted.replayed ? replayed(value) : value);
    if (!input.sync) return accepted.replayed ? replayed(body, 'accepted') : acceptedOutcome(body);
    // Run here to its end (no state machine needed): the saved run is the answer, no read needed.
    if (accepted.ran && isTerminal(accepted.ran.status))
      return answer(await present(snapshot(accepted.ran), runDeps.blobs, accepted.ran));

    // Accepting took some of the caller's time already: never wait past what is left of it.
    const waitMs = Math.max(0, Math.min(input.timeoutSeconds * 1000, remainingMs() - ANSWER_MARGIN_MS));
    const execution = await waitForExecution(principal, accepted.executionId, waitMs, {
      ...runDeps,
      sleep: (ms) => sleep(ms),
      nowMs: () => Date.now(),
    });
    if (isTerminal(execution.status)) {
      return answer({ ...(await present(snapshot(execution), runDeps.blobs, execution)), ...replayMark });
    }
    const pending = {
      ok: true,
      pending: true,
      ...replayMark,
      executionId: execution.executionId,
      status: execution.status,
      message:
        `${replayMessage ? `${replayMessage.replace(/\.$/, '')}. ` : ''}Still ` +
        `${execution.status} after ` +
        `${Math.round(waitMs / 1000)} s; poll GET ` +
        `/api/executions?executionId=${execution.executionId} (tool ` +
        `get_execution)`,
    };
    return answer(pending);
  },
});
