// local: the state machines local mode registers with the local Step Functions endpoint. Each entry
// loads the SAME ASL file CDK deploys (DefinitionBody.fromFile) with local substitutions, and maps
// every Task state name to the in-process handler its Lambda function would run.
// Handlers are imported inside localStateMachines(), never at the top of this file: start.ts sets the
// handlers' environment first and only then calls it.
import { fileURLToPath } from 'node:url';
import type { LocalTaskHandler, StateMachineRegistration } from './sfn-local.ts';

/** Name of the run workflow's local state machine; its ARN becomes RUN_STATE_MACHINE_ARN. */
export const RUN_STATE_MACHINE_NAME = 'run-workflow';

/** The ASL file of the run workflow, shared with lib/constructs (CDK). */
export const RUN_DEFINITION_FILE = fileURLToPath(new URL('../workflows/run.asl.json', import.meta.url));

const LOCAL_FUNCTION_ARN = (name: string) => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;

export async function localStateMachines(options: { waitMs?: number } = {}): Promise<StateMachineRegistration[]> {
  const [advance, finalize, runWait] = await Promise.all([
    import('../../functions/workflow/advance.ts'),
    import('../../functions/workflow/finalize.ts'),
    import('./run-wait-tasks.ts'),
  ]);
  // The handler gets the stand-in's context as it is (a subset of Lambda's; see LocalTaskContext).
  const task = (handler: (event: any, context: any) => unknown): LocalTaskHandler => handler;
  return [
    {
      name: RUN_STATE_MACHINE_NAME,
      definitionFile: RUN_DEFINITION_FILE,
      substitutions: {
        AdvanceFunctionArn: LOCAL_FUNCTION_ARN('advance'),
        FinalizeFunctionArn: LOCAL_FUNCTION_ARN('finalize'),
        Partition: 'aws',
        TableName: runWait.tableName(),
      },
      // Keyed by state name: Recover runs the Finalize function, as in the ASL.
      // WaitForProvider and ProviderCompleted are Step Functions' own DynamoDB calls: run-wait-tasks.ts
      // (only for jobs a webhook can complete; polled-only jobs wait in the plain WaitToPoll).
      tasks: {
        Advance: task(advance.handler),
        Finalize: task(finalize.handler),
        Recover: task(finalize.handler),
        WaitForProvider: runWait.updateItem,
        ProviderCompleted: runWait.updateItem,
      },
      // Provider polls wait for real in AWS; locally `waitMs` is plenty for the stand-in providers: the
      // plain WaitToPoll of polled-only jobs, and a park's short poll wait. A wait for a completion webhook
      // (its fallback or longer) keeps its real length, so the webhook ends it.
      ...(options.waitMs === undefined ? {} : { waitTimeOverrides: { WaitToPoll: options.waitMs } }),
      tokenWaitMs: { WaitForProvider: runWait.waitLimitMs(options.waitMs) },
    },
  ];
}
