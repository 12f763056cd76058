// core: the save-time check of code nodes — a source that does not compile is a warning on its node
// (`code-syntax`), as get_canvas and validate_edge report the others (canvas/warnings.ts). The check
// compiles the source in the sandbox without running it: QuickJS's own parser, so what it accepts is
// exactly what a run accepts. Asynchronous (the sandbox loads its WebAssembly module at first use), so
// it sits beside canvasWarnings, which stays synchronous, rather than in it.
import type { Canvas } from '../canvas/model.ts';
import type { CanvasWarning } from '../canvas/warnings.ts';
import type { CodeSandbox } from './sandbox.ts';

/** A warning for every code node of `canvas` whose source does not compile, in node order. */
export async function codeWarnings(
  canvas: Pick<Canvas, 'nodes'>,
  sandbox: Pick<CodeSandbox, 'syntaxError'>,
): Promise<CanvasWarning[]> {
  const warnings: CanvasWarning[] = [];
  for (const node of canvas.nodes) {
    const source = node.type === 'code' ? (node.data as { source?: unknown }).source : undefined;
    if (typeof source !== 'string' || source.trim() === '') continue;
    const error = await sandbox.syntaxError(source);
    if (error)
      warnings.push({
        nodeId: node.id,
        code: 'code-syntax',
        message: `Node ${node.id} (code): ${error}; a run that reaches it fails there`,
      });
  }
  return warnings;
}
