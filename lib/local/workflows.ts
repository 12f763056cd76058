// local: the state machines local mode registers with the local Step Functions endpoint. Each entry
// loads the SAME ASL file CDK deploys (DefinitionBody.fromFile) with local substitutions, and maps
// every Task state name to the in-process handler its Lambda function would run.
//
// Add the run workflow here when its ASL file and task handlers exist, e.g.:
//   {
//     name: RUN_STATE_MACHINE_NAME,
//     definitionFile: fileURLToPath(new URL('../workflows/run.asl.json', import.meta.url)),
//     substitutions: { StepFunctionArn: 'arn:aws:lambda:us-east-1:123456789012:function:run-step' },
//     tasks: { RunStep: (await import('../../functions/workflow/run-step.ts')).handler },
//     waitTimeOverrides: { WaitForProvider: 1000 },
//   }
// start.ts sets RUN_STATE_MACHINE_ARN to the ARN of the entry named RUN_STATE_MACHINE_NAME.
// Handlers must be imported inside localStateMachines(), never at the top of this file: start.ts
// sets the handlers' environment first and only then calls it.
import type { StateMachineRegistration } from './sfn-local.ts';

/** Name of the run workflow's local state machine; its ARN becomes RUN_STATE_MACHINE_ARN. */
export const RUN_STATE_MACHINE_NAME = 'run-workflow';

export async function localStateMachines(): Promise<StateMachineRegistration[]> {
  return [];
}
