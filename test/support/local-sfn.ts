// test support: a local Step Functions endpoint for one test file, wired the way handlers expect.
// Task states run in the test's own process (their handlers are in-process functions), so unlike
// DynamoDB Local and s3rver this cannot be shared by the global setup: each file starts its own.
import { ENV } from '../../functions/adapters/env.ts';
import { startSfnLocal, type SfnLocal, type StateMachineRegistration } from '../../lib/local/sfn-local.ts';

export interface LocalWorkflow {
  readonly sfn: SfnLocal;
  /** ARN of the registered state machine, also in process.env.RUN_STATE_MACHINE_ARN. */
  readonly stateMachineArn: string;
  stop(): Promise<void>;
}

/**
 * Starts the endpoint on a free loopback port, registers `registration`, and sets SFN_ENDPOINT and
 * RUN_STATE_MACHINE_ARN in process.env. Call it before the first call of a handler that starts runs
 * (in beforeAll, or with top-level await before importing a handler that reads its config at import).
 */
export async function startLocalWorkflow(registration: StateMachineRegistration): Promise<LocalWorkflow> {
  const sfn = await startSfnLocal();
  const stateMachineArn = sfn.registerStateMachine(registration);
  process.env[ENV.sfnEndpoint] = sfn.endpoint;
  process.env[ENV.stateMachineArn] = stateMachineArn;
  return {
    sfn,
    stateMachineArn,
    async stop() {
      await sfn.stop();
      delete process.env[ENV.sfnEndpoint];
      delete process.env[ENV.stateMachineArn];
    },
  };
}
