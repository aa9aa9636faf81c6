// A node written as Whetstone source text (`source` on insertNode and updateNode), parsed for the
// role it goes into: a declaration or statement as a program of one item, an expression as a
// variable's initializer, a parameter as a function's only one. The text must parse without a
// syntax error to exactly one such node, without comments (they are not part of a node); what comes back is a node spec that the mutation then
// builds and checks exactly as one given as JSON (its ids and spans are replaced).
import type { FunctionDeclaration, Node, VariableDeclaration } from '../ast/ast';
import type { ChildKind } from '../ast/node-schema';
import { WhetstoneDocument } from '../syntax/document';

/** The node `source` is for a role taking `kind`, or why it is not one. */
export function nodeFromSource(source: string, kind: ChildKind): { node: Node } | { problem: string } {
  const wrap = WRAPS[kind];
  if (!wrap) return { problem: `source text is taken for declarations, statements, expressions and parameters; give 'node' for this role` };
  const document = WhetstoneDocument.create(wrap.before + source + wrap.after, 1, { idPrefix: 'source_' });
  try {
    const syntax = document.syntaxDiagnostics[0];
    if (syntax) return { problem: `'source' does not parse: ${syntax.message}` };
    // Comments live beside the AST, not in a node: refused rather than silently dropped.
    if (document.comments.length > 0) return { problem: "'source' has a comment, which the node would not keep: leave it out" };
    const items = document.ast.children;
    const node = items.length === 1 ? wrap.pick(items[0]) : undefined;
    return node ? { node } : { problem: `'source' must be exactly one ${wrap.what}` };
  } finally {
    document.dispose();
  }
}

interface Wrap {
  before: string;
  after: string;
  what: string;
  pick(item: Node): Node | undefined;
}

const STATEMENT: Wrap = { before: '', after: '\n', what: 'declaration or statement', pick: (item) => item };
const EXPRESSION: Wrap = {
  before: 'let source_value = ',
  after: '\n;',
  what: 'expression',
  pick: (item) => (item.type === 'VariableDeclaration' ? ((item as VariableDeclaration).initializer ?? undefined) : undefined),
};
const PARAMETER: Wrap = {
  before: 'fn source_function(',
  after: '\n) {}',
  what: 'parameter',
  pick: (item) => (item.type === 'FunctionDeclaration' && (item as FunctionDeclaration).parameters.length === 1 ? (item as FunctionDeclaration).parameters[0] : undefined),
};

const WRAPS: Partial<Record<ChildKind, Wrap>> = {
  topLevel: STATEMENT,
  statement: STATEMENT,
  expression: EXPRESSION,
  assignable: EXPRESSION,
  blockOrExpression: EXPRESSION,
  parameter: PARAMETER,
};
