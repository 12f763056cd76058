// The shapes the run tools answer (run_workflow, get_execution, get_execution_timeline,
// list_canvas_executions, list_credit_transactions, register_webhook), narrowed to what the studio reads.

export type ExecutionStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';
export type NodeStatus = 'pending' | 'running' | 'waiting' | 'succeeded' | 'failed' | 'cancelled';

export interface NodeRunState {
  type?: string;
  status: NodeStatus;
  startedAt?: string | null;
  finishedAt?: string | null;
  error?: string | { message?: string } | null;
  [extra: string]: unknown;
}

export interface ExecutionSummary {
  executionId: string;
  canvasId: string;
  triggerNodeId: string;
  status: ExecutionStatus;
  trigger: { kind: 'api' | 'replay' | 'webhook'; replayOf?: string };
  createdAt: string;
  startedAt?: string | null;
  finishedAt?: string | null;
  attempt?: number;
}

export interface ExecutionSnapshot extends ExecutionSummary {
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

export interface WebhookRegistration {
  webhookUrl: string;
  webhookSecret: string;
  webhookAuthorizationHeader: string;
  signedUrls: Record<string, string>;
  standardWebhooksSecret: string;
}
