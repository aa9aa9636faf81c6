// A node described in the language's own words, for messages a person reads ("the while loop at
// line 34", "function total at line 3"), where the AST's type names ("WhileStatement") mean
// nothing to someone who writes Whetstone. Agents keep the type names: they read the AST.
import type { Node } from '../ast/ast';

const WORDS: Partial<Record<Node['type'], string>> = {
  Program: 'the file',
  ImportDeclaration: 'the use',
  Block: 'the block',
  AssignmentStatement: 'the assignment',
  ReturnStatement: 'the return',
  IfStatement: 'the if statement',
  WhileStatement: 'the while loop',
  ForStatement: 'the for loop',
  BreakStatement: 'the break',
  ContinueStatement: 'the continue',
  ThrowStatement: 'the throw',
  TryStatement: 'the try statement',
  ExpressionStatement: 'the statement',
  CallExpression: 'the call',
  Lambda: 'the lambda',
  Annotation: 'the annotation',
};

const NAMED: Partial<Record<Node['type'], string>> = {
  FunctionDeclaration: 'function',
  TypeDeclaration: 'type',
  Field: 'field',
  Parameter: 'parameter',
};

/** What the node is, in words: "function total", "let count", "the while loop", "the expression". */
export function nodeWords(node: Node): string {
  const name = 'name' in node && typeof node.name === 'string' ? node.name : '';
  if (node.type === 'VariableDeclaration') return `${node.kind} ${name}`;
  return typeWords(node.type, name);
}

/** A node of this type (and name, if it has one) in words, when only its type is known: "function total", "variable count". */
export function typeWords(type: string, name = ''): string {
  if (type === 'VariableDeclaration') return `variable ${name}`.trim();
  const named = NAMED[type as Node['type']];
  if (named) return `${named} ${name}`.trim();
  return WORDS[type as Node['type']] ?? (type.endsWith('Expression') || type === 'Identifier' || type === 'Literal' ? 'the expression' : 'the code');
}

/** The node and where it starts: "the while loop at line 34" (lines counted from 1, as shown). */
export function nodeLabel(node: Node): string {
  return `${nodeWords(node)} at line ${node.span.start.line}`;
}
