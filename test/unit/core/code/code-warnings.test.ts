// unit: the save-time check of code nodes — a source that does not compile is a warning on its node,
// found by compiling it in the real sandbox without running it.
import { describe, expect, it } from 'vitest';
import { codeWarnings } from '#core/code/code-warnings';
import { QuickJsSandbox } from '../../../../functions/adapters/sandbox/quickjs-sandbox.ts';
import { node } from '../runs/support.ts';

const sandbox = new QuickJsSandbox();

describe('codeWarnings', () => {
  it('warns about each code node whose source does not compile, and only those', async () => {
    // Prepare
    const canvas = {
      nodes: [
        node('good', 'code', { data: { source: 'return input * 2' } }),
        node('broken', 'code', { data: { source: 'const a = ;\nreturn a' } }),
        node('empty', 'code'),
        node('tpl', 'text', { data: { template: 'return {' } }),
      ],
    };

    // Act
    const warnings = await codeWarnings(canvas, sandbox);

    // Assess
    expect(warnings).toEqual([
      {
        nodeId: 'broken',
        code: 'code-syntax',
        message: expect.stringMatching(/^Node broken \(code\): SyntaxError: .*\(line 1\); a run that reaches it fails/),
      },
    ]);
  });

  it('only compiles: an endless loop is not run by the check', async () => {
    // Act
    const started = Date.now();
    const warnings = await codeWarnings(
      { nodes: [node('loop', 'code', { data: { source: 'while (true) {}' } })] },
      sandbox,
    );

    // Assess
    expect(warnings).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
