// core: what each node type does when a run reaches it. Instant executors finish in-process within
// one engine step; job executors (generation nodes, in later issues) submit to a provider and are
// polled from the state machine's Wait loop, so no Lambda ever sleeps.
import type { CanvasNode } from '../canvas/model.ts';
import type { NodeTypeId } from '../canvas/node-types.ts';
import type { CalledRun, PortValue, RunTrigger } from './model.ts';
import { callCanvasExecutor } from './call-executor.ts';
import { FLOW_EXECUTORS } from './flow-executors.ts';
import { waitExecutor, type TimerExecutor } from './wait-executor.ts';

export { NodeFailedError } from './node-failed.ts';

export interface NodeContext {
  node: CanvasNode;
  /** input port → the values on its edges, in edge order (edges from a branch not taken carry none). */
  inputs: Record<string, PortValue[]>;
  /** input port → where each of its values came from, parallel to `inputs` (merge keys by it). */
  sources?: Record<string, Array<{ nodeId: string; port: string }>>;
  /** node id → port → value of every node that finished earlier in the run (expressions' `$nodes`). */
  earlier?: Readonly<Record<string, Record<string, PortValue>>>;
  run: {
    workspaceId: string;
    canvasId: string;
    executionId: string;
    inputs: Record<string, unknown>;
    trigger: RunTrigger;
    triggerNodeId: string;
  };
  /**
   * Which start of this node this is (1 on the first run, +1 per redrive of a failed node). With the
   * execution and node ids it names the node's work uniquely, so metered work keys its credit hold and
   * provider job on it: a retried Advance repeats the same attempt and finds what it already did.
   */
  attempt: number;
  /** Records a warning on the node (a `node.warning` timeline event): the node still succeeds. */
  warn?: (message: string) => void;
  /**
   * Reports a secret this node opened (a connection value), named by `label`: the engine replaces it in
   * everything the node leaves (outputs, warnings, failure message) before the run is stored.
   */
  conceal?: (label: string, value: string) => void;
  /** A call-canvas node reports its nested run here; the engine keeps it on the node's state (`called`). */
  report?: (called: CalledRun) => void;
}

export interface InstantExecutor {
  kind: 'instant';
  /** Finishes within the step; may await I/O that is bounded by its own timeouts (never a provider job). */
  run(context: NodeContext): Record<string, PortValue> | Promise<Record<string, PortValue>>;
}

export interface JobExecutor {
  kind: 'job';
  /**
   * `webhookUntil`: the provider will call our completion route for this job, until then at the latest
   * (its deadline, ISO): the run waits on a task token a webhook can end. Absent: the job is only polled.
   */
  submit(context: NodeContext): Promise<{ jobId: string; pollAfterSeconds: number; webhookUntil?: string }>;
  poll(
    context: NodeContext,
    job: { id: string },
  ): Promise<{ done: false; pollAfterSeconds: number } | { done: true; outputs: Record<string, PortValue> }>;
  /**
   * The run was cancelled while the job waited: give back what was reserved for it (credit hold) and
   * ask the provider to stop, best effort. Must be safe to call more than once.
   */
  cancel?(context: NodeContext, job: { id: string }): Promise<void>;
}

/** `timer`: a wait node (wait-executor.ts) — the run pauses in the state machine until its time. */
export type NodeExecutor = InstantExecutor | JobExecutor | TimerExecutor;
export type ExecutorRegistry = Partial<Record<NodeTypeId, NodeExecutor>>;

/**
 * Largest value one port may carry (a webhook's raw body is up to 512 KB). Values over a few KB are
 * kept out of the execution item (blobs.ts); media travels as asset URLs, not bytes.
 */
export const MAX_PORT_VALUE_BYTES = 1024 * 1024;

export function asText(value: PortValue): string {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null) return '';
  return JSON.stringify(value);
}

const joinedText = (values: readonly PortValue[] = []) => values.map(asText).join('\n');

const prompt: InstantExecutor = {
  kind: 'instant',
  run: ({ node, run }) => {
    // A run's `inputs.prompt` overrides the prompt stored on the node.
    const fromRun = run.inputs.prompt;
    return { 'prompt-out': typeof fromRun === 'string' ? fromRun : asText(node.data.prompt ?? '') };
  },
};

const webhookTrigger: InstantExecutor = {
  kind: 'instant',
  run: ({ run }) => {
    if (run.trigger.kind === 'webhook') return { ...run.trigger.request };
    // Started through the API (or replayed from one): the run inputs stand in for the request body.
    const body = JSON.stringify(run.inputs);
    return {
      'method-out': 'POST',
      'url-out': '',
      'headers-out': '{}',
      'query-out': '{}',
      'body-out': body,
      'raw-body-out': body,
    };
  },
};

/**
 * The run input named `name`, or undefined. Own keys only: a template must not reach what every object
 * inherits (`{{inputs.constructor}}`, `{{inputs.__proto__}}`), only what the run was given.
 */
function runInput(runInputs: Record<string, unknown>, name: string): unknown {
  return Object.hasOwn(runInputs, name) ? runInputs[name] : undefined;
}

/** `{{input}}` → the joined text inputs; `{{inputs.name}}` → a run input. Unknown names render empty. */
export function renderTemplate(template: string, input: string, runInputs: Record<string, unknown>): string {
  return template.replace(
    /\{\{\s*(input|inputs\.([A-Za-z0-9_.-]+))\s*\}\}/g,
    (_match, _whole: string, name?: string) => (name === undefined ? input : asText(runInput(runInputs, name))),
  );
}

/**
 * What in a template will not render as its author probably meant: `{{…}}` that is no variable (left
 * as written), a dotted name (`{{inputs.a.b}}` reads the input named "a.b"; nothing nested is looked
 * up) and, given the run's inputs, a named input the run does not have (rendered as empty text).
 */
export function templateProblems(template: string, runInputs?: Record<string, unknown>): string[] {
  const problems = new Set<string>();
  for (const [token, inner] of template.matchAll(/\{\{\s*([^{}]*?)\s*\}\}/g)) {
    if (inner === 'input') continue;
    const named = /^inputs\.([A-Za-z0-9_.-]+)$/.exec(inner!);
    if (!named) {
      problems.add(`${token} is not a template variable (use {{input}} or {{inputs.name}}), so it stays as written`);
      continue;
    }
    const name = named[1]!;
    if (name.includes('.') && (runInputs === undefined || runInput(runInputs, name) === undefined)) {
      problems.add(
        `${token} reads the run input named "${name}": nested values are not looked up, so use a top-level input`,
      );
    } else if (runInputs !== undefined && runInput(runInputs, name) === undefined) {
      problems.add(`${token}: the run has no input "${name}", so it rendered as empty text`);
    }
  }
  return [...problems];
}

const text: InstantExecutor = {
  kind: 'instant',
  run: ({ node, inputs, run, warn }) => {
    const input = joinedText(inputs['text-in']);
    const template = node.data.template;
    if (typeof template !== 'string') return { 'text-out': input };
    for (const problem of templateProblems(template, run.inputs)) warn?.(problem);
    return { 'text-out': renderTemplate(template, input, run.inputs) };
  },
};

const output: InstantExecutor = {
  kind: 'instant',
  run: ({ inputs }) => {
    const values = inputs['value-in'] ?? [];
    return { value: values.length === 1 ? values[0] : values };
  },
};

/** The node types this deployment can run. Generation nodes join when their providers exist. */
export const EXECUTORS: ExecutorRegistry = {
  prompt,
  'webhook-trigger': webhookTrigger,
  text,
  output,
  // The workflow language's flow nodes (if, switch, merge, transform): flow-executors.ts.
  ...FLOW_EXECUTORS,
  wait: waitExecutor,
  // Runs another canvas as one step, with the registry it is part of (call-executor.ts).
  'call-canvas': callCanvasExecutor(() => EXECUTORS),
};
