// The Run button and the inputs form of a trigger: which trigger (when there are several) and, for a
// prompt trigger, its prompt, prefilled with the node's stored prompt. Unsaved edits are saved first,
// so the run is of what the person sees.
import { useId, useState, type FormEvent, type JSX } from 'react';
import type { CanvasNode } from '../canvas/types.ts';
import { useRun, useRunActions } from './run-context.ts';

const TRIGGER_TYPES: ReadonlySet<string> = new Set(['prompt', 'webhook-trigger']);

/** The canvas the run panel and its form start runs of. */
export interface RunFormProps {
  nodes: readonly CanvasNode[];
  typeLabels?: ReadonlyMap<string, string>;
  disabled: boolean;
  beforeRun: () => Promise<void>;
}

export function RunForm(props: RunFormProps): JSX.Element {
  const actions = useRunActions();
  const busy = useRun((state) => state.busy);
  const triggers = props.nodes.filter((node) => TRIGGER_TYPES.has(node.type));
  const [open, setOpen] = useState(false);
  const [triggerId, setTriggerId] = useState<string>('');
  const trigger = triggers.find((node) => node.id === triggerId) ?? triggers[0];
  const [prompt, setPrompt] = useState<string | null>(null);
  const [extra, setExtra] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const storedPrompt = typeof trigger?.data.prompt === 'string' ? trigger.data.prompt : '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trigger || !actions) return;
    let inputs: Record<string, unknown> = {};
    if (extra.trim()) {
      try {
        const parsed: unknown = JSON.parse(extra);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        inputs = parsed as Record<string, unknown>;
      } catch {
        return setProblem('Other inputs must be a JSON object, e.g. {"name": "Ada"}.');
      }
    }
    if (trigger.type === 'prompt') inputs.prompt = prompt ?? storedPrompt;
    setProblem(null);
    await props.beforeRun();
    setOpen(false);
    await actions.start(trigger.id, inputs);
  };

  if (triggers.length === 0)
    return <p className="run-hint">Add a Prompt or Webhook trigger node to run this canvas.</p>;
  if (!open) {
    return (
      <button
        type="button"
        className="run-button"
        disabled={props.disabled || busy !== null}
        onClick={() => setOpen(true)}
        aria-haspopup="true"
      >
        {busy === 'starting' ? 'Starting…' : 'Run…'}
      </button>
    );
  }
  return (
    <form
      className="run-form"
      aria-label="Run inputs"
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}
    >
      {triggers.length > 1 ? (
        <div className="inspector-field">
          <label htmlFor={`${id}-trigger`}>Start from</label>
          <select id={`${id}-trigger`} value={trigger?.id} onChange={(event) => setTriggerId(event.target.value)}>
            {triggers.map((node) => (
              <option key={node.id} value={node.id}>
                {titleOf(node, props.typeLabels?.get(node.type))}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {trigger?.type === 'prompt' ? (
        <div className="inspector-field">
          <label htmlFor={`${id}-prompt`}>Prompt</label>
          <textarea
            id={`${id}-prompt`}
            rows={3}
            // biome-ignore lint/a11y/noAutofocus: opened from the keyboard, the form lands on what is to be typed
            autoFocus
            value={prompt ?? storedPrompt}
            onChange={(event) => setPrompt(event.target.value)}
          />
        </div>
      ) : (
        <p className="run-hint">A webhook run starts with an empty request; its inputs are below.</p>
      )}
      <div className="inspector-field">
        <label htmlFor={`${id}-inputs`}>Other inputs (JSON, optional)</label>
        <input
          id={`${id}-inputs`}
          value={extra}
          placeholder='{"name": "Ada"}'
          onChange={(event) => setExtra(event.target.value)}
          aria-describedby={problem ? `${id}-problem` : undefined}
        />
        {problem ? (
          <p className="field-error" id={`${id}-problem`} role="alert">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="run-form-actions">
        <button type="submit" disabled={busy !== null}>
          Start run
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A node as the panel names it: its label, else its type's label, with its id to tell twins apart. */
export const titleOf = (node: Pick<CanvasNode, 'id' | 'type' | 'data'>, typeLabel?: string) =>
  `${typeof node.data.label === 'string' && node.data.label ? node.data.label : (typeLabel ?? node.type)} (${node.id})`;
