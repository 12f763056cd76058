// infra: the run workflow (state machine, task functions, start-retry queue and worker) in its own
// nested stack, so it never competes with a route area for CloudFormation's 500 resources. The route
// areas receive its ARNs, name and queue URL as parameters (see RouteAreaStack).
import { CfnParameter, NestedStack, type NestedStackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type { Construct } from 'constructs';
import { RunWorkflow } from './run-workflow.ts';
import type { RunWorkflowRefs } from './service-function.ts';

export interface RunWorkflowStackProps extends Omit<NestedStackProps, 'parameters'> {
  readonly table: dynamodb.ITable;
  /**
   * Complete ARN of the Secrets Manager secret that signs result callbacks.
   * @default undefined — callbacks are sent unsigned
   */
  readonly callbackSigningSecretArn?: string;
}

/** Nested stack holding the `RunWorkflow`; the table comes in as the parameter `TableArn`. */
export class RunWorkflowStack extends NestedStack {
  readonly workflow: RunWorkflow;

  constructor(scope: Construct, id: string, props: RunWorkflowStackProps) {
    super(scope, id, {
      ...props,
      description: props.description ?? 'Run workflow: Step Functions state machine, task functions, start-retry queue',
      parameters: { TableArn: props.table.tableArn },
    });
    const tableArn = new CfnParameter(this, 'TableArn', { type: 'String', description: 'ARN of the single table' });
    const table = dynamodb.TableV2.fromTableAttributes(this, 'DataTable', { tableArn: tableArn.valueAsString });
    this.workflow = new RunWorkflow(this, 'Workflow', { table, callbackSigningSecretArn: props.callbackSigningSecretArn });
  }

  /** The workflow's references, for other stacks (resolved through this stack's outputs). */
  get refs(): RunWorkflowRefs {
    return this.workflow.refs;
  }
}
