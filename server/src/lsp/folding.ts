// Folding ranges from the AST: blocks, type bodies, multi-line literals and lambdas, block
// comments, and runs of consecutive imports. The closing line stays visible when it starts with
// the closing brace, as editors fold C-like code.
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver/node';
import { walk, type Node } from '../core/ast';
import type { WhetstoneDocument } from '../core/syntax';

export function foldingRanges(document: WhetstoneDocument): FoldingRange[] {
  const ranges: FoldingRange[] = [];
  const add = (startLine: number, endLine: number, kind?: FoldingRangeKind): void => {
    // Core lines are 1-based, LSP's 0-based.
    if (endLine > startLine) ranges.push(kind ? { startLine: startLine - 1, endLine: endLine - 1, kind } : { startLine: startLine - 1, endLine: endLine - 1 });
  };

  walk(document.ast, (node) => {
    const fold = foldOf(document, node);
    if (fold) add(fold.startLine, fold.endLine);
  });

  for (const comment of document.comments) {
    if (comment.span.end.line > comment.span.start.line) add(comment.span.start.line, comment.span.end.line, FoldingRangeKind.Comment);
  }

  let run: Node[] = [];
  const flushImports = (): void => {
    if (run.length > 1) add(run[0].span.start.line, run[run.length - 1].span.end.line, FoldingRangeKind.Imports);
    run = [];
  };
  for (const child of document.ast.children) {
    if (child.type === 'ImportDeclaration') run.push(child);
    else flushImports();
  }
  flushImports();

  return ranges.sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/** The lines a node folds over (1-based), or undefined when it does not fold. */
function foldOf(document: WhetstoneDocument, node: Node): { startLine: number; endLine: number } | undefined {
  switch (node.type) {
    case 'Block':
    case 'ObjectLiteral':
    case 'ArrayLiteral':
      return closingAware(document, node.span.start.line, node.span.endOffset);
    case 'TypeDeclaration': {
      // From the line of its name, so the annotations above stay visible.
      const name = document.nameSpan(node.id);
      return closingAware(document, (name ?? node.span).start.line, node.span.endOffset);
    }
    default:
      return undefined;
  }
}

/** Ends the fold before the closing line when that line starts with the closing bracket. */
function closingAware(document: WhetstoneDocument, startLine: number, endOffset: number): { startLine: number; endLine: number } {
  const end = document.positionAt(endOffset);
  const text = document.text;
  let closesAtLineStart = /[}\]]/.test(text.charAt(endOffset - 1));
  // Only blanks between the line start and the bracket; stop at the first other character.
  for (let i = endOffset - 2; closesAtLineStart && i >= 0 && text[i] !== '\n'; i--) {
    if (text[i] !== ' ' && text[i] !== '\t' && text[i] !== '\r') closesAtLineStart = false;
  }
  return { startLine, endLine: closesAtLineStart ? end.line - 1 : end.line };
}
