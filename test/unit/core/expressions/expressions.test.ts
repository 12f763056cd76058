// unit: the canvas expression language — scope, parse errors with positions, the Step Functions
// dialect rule, and the limits that stop a tenant's runaway expression from inside the evaluation.
import { describe, expect, it } from 'vitest';
import { ValidationError } from '#core/errors';
import {
  EXPRESSION_LIMITS,
  evaluateExpression,
  expressionProblem,
  parseExpression,
  type ExpressionScope,
} from '#core/expressions/expressions';

const scope = (overrides: Partial<ExpressionScope> = {}): ExpressionScope => ({
  input: { amount: 120, tags: ['a', 'b'] },
  inputs: { 'value-in': { amount: 120, tags: ['a', 'b'] } },
  run: { inputs: { threshold: 100 }, executionId: 'exec_1', canvasId: 'cnv_1' },
  nodes: { fetch: { 'status-out': 200 } },
  ...overrides,
});

describe('evaluateExpression: scope', () => {
  it('reads the input as the context value and $inputs, $run and $nodes as variables', async () => {
    // Act
    const outcome = await evaluateExpression(
      '{"big": amount > $run.inputs.threshold, "n": $count($inputs.`value-in`.tags), "status": $nodes.fetch.`status-out`, "run": $run.executionId}',
      scope(),
    );

    // Assess
    expect(outcome).toEqual({ ok: true, value: { big: true, n: 2, status: 200, run: 'exec_1' } });
  });

  it('returns plain JSON: a sequence is an array, nothing is undefined', async () => {
    // Act
    const list = await evaluateExpression('tags.$uppercase($)', scope());
    const nothing = await evaluateExpression('missing', scope());

    // Assess
    expect(list).toEqual({ ok: true, value: ['A', 'B'] });
    expect(JSON.stringify((list as { value: unknown }).value)).toBe('["A","B"]');
    expect(nothing).toEqual({ ok: true, value: undefined });
  });

  it("reads a JSON string with $parse, as Step Functions' JSONata does", async () => {
    // Act
    const parsed = await evaluateExpression('$parse($).amount', scope({ input: '{"amount": 7}' }));
    const broken = await evaluateExpression('$parse($)', scope({ input: '{"amount": ' }));

    // Assess
    expect(parsed).toEqual({ ok: true, value: 7 });
    expect(broken).toEqual({ ok: false, message: expect.stringContaining('the expression failed') });
  });

  it("reports the expression's own failure as a message, not a throw", async () => {
    // Act
    const outcome = await evaluateExpression('$error("no customer")', scope());

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('no customer') });
  });
});

describe('evaluateExpression: limits', () => {
  it('stops a runaway tail recursion within the step limit', async () => {
    // Prepare
    const started = Date.now();

    // Act
    const outcome = await evaluateExpression('($f := function($x){$f($x+1)}; $f(0))', scope());

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringMatching(/evaluation steps|longer than/) });
    expect(Date.now() - started).toBeLessThan(EXPRESSION_LIMITS.timeoutMs + 1_500);
  });

  it('stops the same runaway at a smaller step limit after that many steps', async () => {
    // Act
    const outcome = await evaluateExpression('($f := function($x){$f($x+1)}; $f(0))', scope(), {
      ...EXPRESSION_LIMITS,
      maxSteps: 5_000,
    });

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('more than 5000 evaluation steps') });
  });

  it('stops unbounded non-tail recursion at the depth limit', async () => {
    // Act
    const outcome = await evaluateExpression('($f := function($x){ 1 + $f($x + 1) }; $f(0))', scope());

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('nested deeper than') });
  });

  it('refuses a huge range at once', async () => {
    // Prepare
    const started = Date.now();

    // Act
    const huge = await evaluateExpression('[1..100000000]', scope());
    const overSequence = await evaluateExpression(`$count([1..${EXPRESSION_LIMITS.maxSequence + 1}])`, scope());
    const withinSequence = await evaluateExpression(`$count([1..${EXPRESSION_LIMITS.maxSequence}])`, scope());

    // Assess
    expect(huge).toEqual({ ok: false, message: expect.stringContaining('sequence of more than') });
    expect(overSequence).toEqual({ ok: false, message: expect.stringContaining('sequence of more than') });
    expect(withinSequence).toEqual({ ok: true, value: EXPRESSION_LIMITS.maxSequence });
    expect(Date.now() - started).toBeLessThan(EXPRESSION_LIMITS.timeoutMs);
  });

  it('stops a string that doubles at every step before it outgrows the string limit', async () => {
    // Act
    const outcome = await evaluateExpression("$reduce([1..40], function($a, $i){ $a & $a }, 'x')", scope());

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('built a string of') });
  });

  it('refuses a result larger than a port carries', async () => {
    // Act
    const outcome = await evaluateExpression('[1..90000].("0123456789abcdef")', scope(), {
      ...EXPRESSION_LIMITS,
      maxResultBytes: 1_000,
    });

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('at most 1000') });
  });

  it('stops at the time limit when each step is slow enough', async () => {
    // Act: a tiny time limit and a generous step limit, so the clock is what stops it.
    const outcome = await evaluateExpression('($f := function($x){$f($x+1)}; $f(0))', scope(), {
      ...EXPRESSION_LIMITS,
      maxSteps: Number.MAX_SAFE_INTEGER,
      timeoutMs: 50,
    });

    // Assess
    expect(outcome).toEqual({ ok: false, message: expect.stringContaining('longer than 50 ms') });
  });
});

describe('parseExpression', () => {
  it('reports a syntax error as a ValidationError with its position', () => {
    // Act
    const act = () => parseExpression('amount > ', 'Node n1 condition');

    // Assess
    expect(act).toThrow(ValidationError);
    expect(act).toThrow(/^Node n1 condition: .+ \(at character \d+\)$/);
  });

  it.each([
    ['a ?? b', '??'],
    ['a ?: b', '?:'],
    ['$eval("1 + 1")', '$eval'],
    ['$uuid()', '$uuid'],
    ['$partition([1,2,3], 2)', '$partition'],
  ])('refuses %s, which Step Functions and our engine do not read alike', (source, named) => {
    // Act
    const problem = expressionProblem(source, 'Node n1 condition');

    // Assess
    expect(problem).toContain(named);
    expect(problem).toMatch(/at character \d+/);
  });

  it.each(['a ? a : b', '$exists(a) ? a : b', '($range := function($n){ [1..$n] }; $range(3))', '$random() < 2'])(
    'accepts %s, which both sides read alike',
    (source) => {
      // Act
      const problem = expressionProblem(source, 'Node n1 condition');

      // Assess
      expect(problem).toBeUndefined();
    },
  );

  it('refuses an expression longer than the limit', () => {
    // Act
    const problem = expressionProblem(`${'1+'.repeat(EXPRESSION_LIMITS.maxLength)}1`, 'Node n1 expression');

    // Assess
    expect(problem).toContain(`at most ${EXPRESSION_LIMITS.maxLength}`);
  });
});

describe('regular expressions', () => {
  it.each([
    ['$match(s, /(a+)+$/)', 'repeated group'],
    ['$contains(s, /(\\w+\\s?)*$/)', 'repeated group'],
    ['$replace(s, /(x{2,})*y/, "")', 'repeated group'],
    ['$match(s, /(a*)\\1/)', 'backreference'],
  ])('refuses %s, which could backtrack for minutes', (source, named) => {
    // Act
    const problem = expressionProblem(source, 'Node n1 expression');

    // Assess
    expect(problem).toContain(named);
    expect(problem).toMatch(/at character \d+/);
  });

  it.each(['$match(s, /\\d+-\\d+/)', '$contains(s, /(ab)+c/)', '$split(s, /[(+)]+/)', '$match(s, /\\(a+\\)+/)'])(
    'accepts %s',
    (source) => {
      // Act
      const problem = expressionProblem(source, 'Node n1 expression');

      // Assess
      expect(problem).toBeUndefined();
    },
  );

  it('matches with an accepted regex, and refuses an unchecked hazardous one at evaluation too', async () => {
    // Act
    const matched = await evaluateExpression('$match("order 12-34", /\\d+-\\d+/).match', scope());
    const refused = await evaluateExpression('$contains("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!", /(a+)+$/)', scope());

    // Assess
    expect(matched).toEqual({ ok: true, value: '12-34' });
    expect(refused).toEqual({ ok: false, message: expect.stringContaining('regular expression') });
  });
});
