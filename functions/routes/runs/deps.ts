// route helper: the adapters the run routes share, built once per cold start.
import { systemClock } from '#core/clock';
import { DynamoRunRepository } from '#adapters/dynamodb/run-repository';
import { StepFunctionsWorkflowEngine } from '#adapters/sfn/workflow-engine';

export const runs = new DynamoRunRepository();
export const engine = new StepFunctionsWorkflowEngine();
export const runDeps = { runs, engine, clock: systemClock };
