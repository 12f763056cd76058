// unit: job executors through engine.advance (submit → waiting; poll → still waiting or done), with a
// fake JobExecutor standing in for a provider, and the template renderer.
import { describe, expect, it } from 'vitest';
import { advance } from '#core/runs/engine';
import {
  asText,
  EXECUTORS,
  NodeFailedError,
  renderTemplate,
  templateProblems,
  type ExecutorRegistry,
  type JobExecutor,
  type NodeContext,
} from '#core/runs/executors';
import type { PortValue } from '#core/runs/model';
import { edge, executionOf, graph, node, tickingNow } from './support.ts';

/** A provider stand-in: answers `pollAfterSeconds` until `finishAfterPolls` polls have been made. */
class FakeJobs implements JobExecutor {
  readonly kind = 'job' as const;
  submitted: NodeContext[] = [];
  polled: { id: string }[] = [];

  constructor(
    private readonly options: {
      pollAfterSeconds: number[];
      finishAfterPolls: number;
      outputs?: (context: NodeContext) => Record<string, PortValue>;
      failOnPoll?: boolean;
    },
  ) {}

  async submit(context: NodeContext) {
    this.submitted.push(context);
    return { jobId: `job-${this.submitted.length}`, pollAfterSeconds: this.options.pollAfterSeconds[0]! };
  }

  async poll(context: NodeContext, job: { id: string }) {
    this.polled.push({ id: job.id });
    if (this.options.failOnPoll) throw new NodeFailedError('provider rejected the job');
    if (this.polled.length >= this.options.finishAfterPolls) {
      return {
        done: true as const,
        outputs: this.options.outputs?.(context) ?? { 'video-out': `https://media.example/${job.id}.mp4` },
      };
    }
    return { done: false as const, pollAfterSeconds: this.options.pollAfterSeconds[this.polled.length] ?? 5 };
  }
}

const videoGraph = () =>
  graph(
    [node('prompt', 'prompt', { data: { prompt: 'a cat' } }), node('video', 'video-generation'), node('out', 'output')],
    [edge('e1', 'prompt', 'prompt-out', 'video', 'prompt-in'), edge('e2', 'video', 'video-out', 'out', 'value-in')],
  );

const withJobs = (jobs: FakeJobs): ExecutorRegistry => ({ ...EXECUTORS, 'video-generation': jobs });

describe('job executors', () => {
  it('submits the job with its inputs and reports waiting for pollAfterSeconds (rounded up, at least 1)', async () => {
    // Prepare
    const frozen = videoGraph();
    const jobs = new FakeJobs({ pollAfterSeconds: [2.2, 2.2], finishAfterPolls: 99 });
    const execution = executionOf(frozen);

    // Act
    const outcome = await advance(execution, frozen, withJobs(jobs), tickingNow());

    // Assess
    expect(outcome).toEqual({ status: 'waiting', waitSeconds: 3 });
    expect(jobs.submitted).toHaveLength(1);
    expect(jobs.submitted[0]!.inputs).toEqual({ 'prompt-in': ['a cat'] });
    expect(execution.nodes.video).toMatchObject({ status: 'waiting', attempts: 1, job: { id: 'job-1' } });
    expect(execution.nodes.out).toMatchObject({ status: 'pending' });
    expect(execution.timeline.at(-1)).toMatchObject({ type: 'node.waiting', nodeId: 'video' });
  });

  it('does not poll a job in the step that submitted it (the provider asked to wait pollAfterSeconds)', async () => {
    // Prepare
    const frozen = videoGraph();
    const jobs = new FakeJobs({ pollAfterSeconds: [30], finishAfterPolls: 99 });
    const execution = executionOf(frozen);

    // Act
    await advance(execution, frozen, withJobs(jobs), tickingNow());

    // Assess
    expect(jobs.polled).toEqual([]);
  });

  it('keeps waiting while a poll is not done, with the wait the provider asked for next', async () => {
    // Prepare: submitted in a first step
    const frozen = videoGraph();
    const jobs = new FakeJobs({ pollAfterSeconds: [1, 7, 7, 7], finishAfterPolls: 99 });
    const execution = executionOf(frozen);
    await advance(execution, frozen, withJobs(jobs), tickingNow());
    const pollsBefore = jobs.polled.length;

    // Act: the step after the Wait state
    const outcome = await advance(execution, frozen, withJobs(jobs), tickingNow());

    // Assess
    expect(jobs.polled.length).toBe(pollsBefore + 1);
    expect(jobs.submitted).toHaveLength(1); // never submitted twice
    expect(outcome).toEqual({ status: 'waiting', waitSeconds: 7 });
    expect(execution.nodes.video).toMatchObject({
      status: 'waiting',
      attempts: 1,
      job: { id: 'job-1', pollAfterSeconds: 7 },
    });
  });

  it('succeeds once a poll is done, and runs the nodes after it in the same step', async () => {
    // Prepare: a job that is done at its third poll
    const frozen = videoGraph();
    const jobs = new FakeJobs({ pollAfterSeconds: [1, 1, 1], finishAfterPolls: 3 });
    const execution = executionOf(frozen);
    const now = tickingNow();
    let outcome = await advance(execution, frozen, withJobs(jobs), now);

    // Act: step again while the state machine would (at most a few times)
    for (let steps = 0; outcome.status === 'waiting' && steps < 5; steps++)
      outcome = await advance(execution, frozen, withJobs(jobs), now);

    // Assess
    expect(outcome).toEqual({ status: 'succeeded' });
    expect(jobs.polled).toHaveLength(3);
    expect(execution.nodes.video).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(execution.nodes.video!.job).toBeUndefined();
    expect(execution.result).toEqual({ out: 'https://media.example/job-1.mp4' });
  });

  it('fails the node and the run when a poll reports a failure', async () => {
    // Prepare
    const frozen = videoGraph();
    const jobs = new FakeJobs({ pollAfterSeconds: [1], finishAfterPolls: 99, failOnPoll: true });
    const execution = executionOf(frozen);
    const now = tickingNow();
    let outcome = await advance(execution, frozen, withJobs(jobs), now);

    // Act
    if (outcome.status === 'waiting') outcome = await advance(execution, frozen, withJobs(jobs), now);

    // Assess
    expect(outcome).toEqual({ status: 'failed', reason: 'node' });
    expect(execution.error).toEqual({ nodeId: 'video', message: 'provider rejected the job' });
    expect(execution.nodes.video!.job).toBeUndefined();
    expect(execution.nodes.out).toMatchObject({ status: 'pending' });
  });

  it('waits for the soonest of two jobs', async () => {
    // Prepare: two generation nodes fed by one prompt
    const frozen = graph(
      [node('prompt', 'prompt'), node('slow', 'video-generation'), node('fast', 'audio-generation')],
      [edge('e1', 'prompt', 'prompt-out', 'slow', 'prompt-in'), edge('e2', 'prompt', 'prompt-out', 'fast', 'text-in')],
    );
    const slow = new FakeJobs({ pollAfterSeconds: [20, 20], finishAfterPolls: 99 });
    const fast = new FakeJobs({ pollAfterSeconds: [4, 4], finishAfterPolls: 99 });
    const execution = executionOf(frozen);

    // Act
    const outcome = await advance(
      execution,
      frozen,
      { ...EXECUTORS, 'video-generation': slow, 'audio-generation': fast },
      tickingNow(),
    );

    // Assess
    expect(outcome).toEqual({ status: 'waiting', waitSeconds: 4 });
  });
});

describe('renderTemplate', () => {
  it('replaces {{input}} and {{inputs.name}}, tolerating spaces inside the braces', () => {
    expect(renderTemplate('{{input}}|{{ input }}|{{inputs.a}}|{{ inputs.b-c }}', 'IN', { a: 'A', 'b-c': 'BC' })).toBe(
      'IN|IN|A|BC',
    );
  });

  it('renders unknown names and null as empty and objects as JSON', () => {
    expect(renderTemplate('[{{inputs.nope}}][{{inputs.n}}][{{inputs.o}}]', '', { n: null, o: { k: 1 } })).toBe(
      '[][][{"k":1}]',
    );
  });

  it("resolves the run's own inputs only: names on the prototype chain render empty", () => {
    const inherited = '[{{inputs.__proto__}}][{{inputs.constructor}}][{{inputs.toString}}][{{inputs.hasOwnProperty}}]';
    expect(renderTemplate(inherited, '', { a: 'A' })).toBe('[][][][]');
    // A run's inputs arrive as JSON: there `__proto__` is an ordinary own key, and it resolves as one.
    expect(renderTemplate('[{{inputs.__proto__}}]', '', JSON.parse('{"__proto__":"own"}'))).toBe('[own]');
  });

  it('leaves other braces alone', () => {
    expect(renderTemplate('{{other}} {input} {{inputs.}}', 'x', {})).toBe('{{other}} {input} {{inputs.}}');
  });

  it('asText keeps strings and serialises everything else', () => {
    expect([asText('s'), asText(3), asText(undefined), asText(null), asText([1])]).toEqual(['s', '3', '', '', '[1]']);
  });
});

describe('templateProblems', () => {
  it('names what is no variable and dotted names, without run inputs (what ports/validate can know)', () => {
    expect(templateProblems('{{input}} {{inputs.a}} {{other}} {{inputs.a.b}} {{other}}')).toEqual([
      '{{other}} is not a template variable (use {{input}} or {{inputs.name}}), so it stays as written',
      '{{inputs.a.b}} reads the run input named "a.b": nested values are not looked up, so use a top-level input',
    ]);
  });

  it('adds the named inputs a run does not have (they render empty), given the run inputs', () => {
    expect(templateProblems('{{inputs.a}} {{inputs.b}} {{inputs.c.d}}', { a: 'x' })).toEqual([
      '{{inputs.b}}: the run has no input "b", so it rendered as empty text',
      '{{inputs.c.d}} reads the run input named "c.d": nested values are not looked up, so use a top-level input',
    ]);
    expect(templateProblems('{{inputs.a}} {{input}}', { a: '' })).toEqual([]);
  });

  it('warns about names found only on the prototype chain, as about any input the run does not have', () => {
    expect(templateProblems('{{inputs.__proto__}} {{inputs.constructor}}', { a: 'x' })).toEqual([
      '{{inputs.__proto__}}: the run has no input "__proto__", so it rendered as empty text',
      '{{inputs.constructor}}: the run has no input "constructor", so it rendered as empty text',
    ]);
    expect(templateProblems('{{inputs.__proto__}}', JSON.parse('{"__proto__":"own"}'))).toEqual([]);
  });

  it('is reported through warn by the text executor, which still renders', () => {
    const warnings: string[] = [];
    const context = {
      node: {
        id: 't',
        type: 'text',
        position: { x: 0, y: 0 },
        data: { template: 'Hi {{inputs.name}}' },
        createdAt: '',
        updatedAt: '',
      },
      inputs: {},
      run: { inputs: {}, trigger: { kind: 'api' }, triggerNodeId: 'p' },
      warn: (message: string) => warnings.push(message),
    } as unknown as NodeContext;
    const executor = EXECUTORS.text!;
    expect(executor.kind === 'instant' && executor.run(context)).toEqual({ 'text-out': 'Hi ' });
    expect(warnings).toEqual(['{{inputs.name}}: the run has no input "name", so it rendered as empty text']);
  });
});
