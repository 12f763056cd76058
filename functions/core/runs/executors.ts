// core: what each node type does when a run reaches it. Instant executors finish in-process within
// one engine step; job executors (generation nodes, in later issues) submit to a provider and are
// polled from the state machine's Wait loop, so no Lambda ever sleeps.
import type { PortValue } from './model.ts';
import { callCanvasExecutor } from './call-executor.ts';
import { FLOW_EXECUTORS } from './flow-executors.ts';
import { waitExecutor } from './wait-executor.ts';

export { NodeFailedError } from './node-failed.ts';

export {
  MAX_PORT_VALUE_BYTES,
  type ExecutorRegistry,
  type InstantExecutor,
  type JobExecutor,
  type NodeContext,
  type NodeExecutor,
} from './executor-types.ts';
import type { ExecutorRegistry, InstantExecutor } from './executor-types.ts';

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
