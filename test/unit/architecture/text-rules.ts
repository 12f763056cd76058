// The two rules the tree's text is held to (line-width.test.ts, split-strings.test.ts): how wide a source line
// counts, and where a message was cut into `+` pieces across lines.
import ts from 'typescript';

/** Source files, where a line may pass the width by its string literals only. */
const CODE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
/** A one-line string or template literal (a template's `${…}` may hold no backtick). */
const STRING_LITERAL = /'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g;

/** The width a line counts: a source line's string literals count as their quotes (and a template its `${…}` code). */
export function countedWidth(file: string, line: string): number {
  if (!CODE.test(file)) return line.length;
  const uncounted = (literal: string) =>
    literal.startsWith('`') ? `\`${(literal.match(/\$\{[^}]*\}/g) ?? []).join('')}\`` : "''";
  return line.replace(STRING_LITERAL, uncounted).length;
}

/** Characters of `${…}` code above which a chain of templates is code, not a message. */
const MAX_CODE = 60;

type Literal = ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression;

function unwrap(node: ts.Expression): ts.Expression {
  return ts.isParenthesizedExpression(node) ? unwrap(node.expression) : node;
}

/** The literals a `+` chain joins, or undefined when anything in it is not a string or template literal. */
function literalsOf(node: ts.Expression): Literal[] | undefined {
  const inner = unwrap(node);
  if (ts.isBinaryExpression(inner) && inner.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = literalsOf(inner.left);
    const right = literalsOf(inner.right);
    return left && right ? [...left, ...right] : undefined;
  }
  const literal =
    ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner) || ts.isTemplateExpression(inner);
  return literal ? [inner] : undefined;
}

/** Lines (1-based) where a chain of literals split over several lines starts. */
export function splitStrings(fileName: string, source: string): number[] {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, kind);
  const lineOf = (position: number) => file.getLineAndCharacterOfPosition(position).line;
  const found: number[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const pieces = literalsOf(node);
      if (pieces && lineOf(node.getStart(file)) < lineOf(node.getEnd())) {
        const texts = pieces.map((piece) => (ts.isTemplateExpression(piece) ? piece.getText(file) : piece.text));
        const code = pieces
          .flatMap((piece) => (ts.isTemplateExpression(piece) ? piece.templateSpans : []))
          .reduce((sum, span) => sum + span.expression.getText(file).length, 0);
        const lineByLine = texts.slice(0, -1).some((text) => text.endsWith('\n'));
        if (!lineByLine && code <= MAX_CODE) found.push(lineOf(node.getStart(file)) + 1);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
