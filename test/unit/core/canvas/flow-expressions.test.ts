// unit: an expression that cannot run is told at save (a warning on its node, as get_canvas shows)
// and refuses a run before it starts (freezeGraph, so acceptRun writes nothing); one that can runs.
import { describe, expect, it } from 'vitest';
import type { Canvas } from '#core/canvas/model';
import { canvasWarnings } from '#core/canvas/warnings';
import { ValidationError } from '#core/errors';
import { freezeGraph } from '#core/runs/lifecycle';
import { edge, node } from '../../support/canvases.ts';
import { harness } from '../runs/inline-harness.ts';

/** prompt → check (if) → out, the condition as given; and a switch whose second case is given. */
const canvasWith = (condition: string, secondCase = 'country = "FR"') => ({
  nodes: [
    node('prompt', 'prompt'),
    node('check', 'if', { data: { condition } }),
    node('route', 'switch', {
      data: {
        cases: [
          { name: 'de', condition: 'country = "DE"' },
          { name: 'other', condition: secondCase },
        ],
      },
    }),
    node('out', 'output'),
  ],
  edges: [
    edge('e1', 'prompt', 'prompt-out', 'check', 'value-in'),
    edge('e2', 'check', 'true-out', 'route', 'value-in'),
    edge('e3', 'route', 'case-1-out', 'out', 'value-in'),
  ],
});

describe('canvasWarnings: expressions', () => {
  it('warns on the node whose expression does not parse, naming the field and the position', () => {
    // Act
    const warnings = canvasWarnings(canvasWith('amount > '));

    // Assess
    expect(warnings).toEqual([
      {
        nodeId: 'check',
        code: 'expression-invalid',
        message: expect.stringMatching(/^Node check \(if\) condition: .+ \(at character \d+\)$/),
      },
    ]);
  });

  it("warns about a switch case that uses what Step Functions' JSONata lacks", () => {
    // Act
    const warnings = canvasWarnings(canvasWith('amount > 100', 'country ?? "none"'));

    // Assess
    expect(warnings).toEqual([
      { nodeId: 'route', code: 'expression-invalid', message: expect.stringContaining('cases[1].condition: ??') },
    ]);
  });

  it('draws no warning for expressions that can run', () => {
    // Act
    const warnings = canvasWarnings(canvasWith('amount > 100'));

    // Assess
    expect(warnings).toEqual([]);
  });
});

describe('a run of an expression that cannot run', () => {
  it('is refused by freezeGraph with a ValidationError naming the node', () => {
    // Act
    const act = () => freezeGraph(canvasWith('amount > '), 'prompt');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/^This run cannot start: Node check \(if\) condition: /);
  });

  it('is refused by acceptRun before anything is written', async () => {
    // Prepare
    const { runs, engine, accept } = harness();
    runs.canvas = { id: 'cnv_test', archived: false, version: 1, ...canvasWith('amount > ') } as unknown as Canvas;

    // Act
    const accepted = accept();

    // Assess
    await expect(accepted).rejects.toThrow(ValidationError);
    expect(runs.creates).toBe(0);
    expect(runs.keys.size).toBe(0);
    expect(runs.executions.size).toBe(0);
    expect(engine.calls).toEqual([]);
  });

  it('is accepted, and runs, once the expression is fixed', async () => {
    // Prepare
    const { runs, accept } = harness();
    runs.canvas = { id: 'cnv_test', archived: false, version: 1, ...canvasWith('$ = "go"') } as unknown as Canvas;

    // Act
    await accept();

    // Assess
    const stored = runs.only();
    expect(stored.status).toBe('succeeded');
    expect(stored.nodes.check?.untakenPorts).toEqual(['true-out']);
    expect(stored.nodes.route?.status).toBe('skipped');
  });
});
