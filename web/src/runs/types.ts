// The shapes the run tools answer (run_workflow, get_execution, get_execution_timeline,
// list_canvas_executions, list_credit_transactions, register_webhook): server views from the generated
// contract; the few screen-side readings are marked.
import type { ItemOf } from '../mcp/pages.ts';
import type { ToolOutput } from '../mcp/tools.ts';

export type ExecutionSummary = ItemOf<'list_canvas_executions'>;
export type ExecutionStatus = ExecutionSummary['status'];

// get_execution declares nodes, outputs and error loosely (its schema is kept small for tools/list);
// the studio's reading of them stays here until the view says more (issue 32).
export type NodeStatus = 'pending' | 'running' | 'waiting' | 'succeeded' | 'skipped' | 'failed' | 'cancelled';

export interface NodeRunState {
  type?: string;
  status: NodeStatus;
  startedAt?: string | null;
  finishedAt?: string | null;
  error?: string | { message?: string } | null;
  [extra: string]: unknown;
}

export interface ExecutionSnapshot extends ExecutionSummary {
  timelineEvents?: TimelineEvent[];
  nodes: Record<string, NodeRunState>;
  outputs: Record<string, Record<string, unknown>>;
  inputs?: Record<string, unknown>;
  result?: unknown;
  error?: { nodeId?: string | null; message?: string } | null;
}

export interface TimelineEvent {
  at: string;
  type: string;
  nodeId?: string;
  message?: string;
}

export interface RunAnswer {
  executionId: string;
  status?: ExecutionStatus;
  message?: string;
}

export interface CreditTransaction {
  id?: string;
  type: string;
  credits: number;
  createdAt?: string;
  resource?: Record<string, string>;
  usage?: { sku: string; unit: string; quantity: number; unitPrice: number };
}

export type WebhookRegistration = ToolOutput<'register_webhook'>;
