// Where the punctuation of a node is in its source: the list roles and their brackets, and where
// a declaration's own text starts after its annotations. Shared by comment placement (printer)
// and by mutate's in-place list edits.
import type { Node, NodeType } from '../ast/ast';
import type { SourceScanner } from './source-scan';

/** The roles whose items are separated by commas between brackets, one per node type. */
export const COMMA_LIST_ROLE: Partial<Record<NodeType, string>> = {
  TypeDeclaration: 'fields',
  FunctionDeclaration: 'parameters',
  Lambda: 'parameters',
  CallExpression: 'arguments',
  ArrayLiteral: 'elements',
  ObjectLiteral: 'properties',
};

const BRACKETS: Partial<Record<NodeType, [string, string]>> = {
  TypeDeclaration: ['{', '}'],
  FunctionDeclaration: ['(', ')'],
  Lambda: ['(', ')'],
  CallExpression: ['(', ')'],
  ArrayLiteral: ['[', ']'],
  ObjectLiteral: ['{', '}'],
};

/** The roles whose items stand one per line: the statements of the program and of blocks. */
export const LINE_LIST_ROLE: Partial<Record<NodeType, string>> = { Program: 'children', Block: 'statements' };

/** The list of nodes in `role` of `node` (empty when the role is not a list). */
export function listItems(node: Node, role: string): Node[] {
  const value = (node as unknown as Record<string, unknown>)[role];
  return Array.isArray(value) ? (value as Node[]) : [];
}

export function annotationsOf(node: Node): Node[] {
  return 'annotations' in node ? node.annotations : [];
}

/** Where a node's text starts, its annotations included. */
export function fullStart(node: Node): number {
  let start = node.span.startOffset;
  for (const annotation of annotationsOf(node)) start = Math.min(start, annotation.span.startOffset);
  return start;
}

/** Where the node's own text starts after its annotations (and comments between them). */
export function headerStart(node: Node, scan: SourceScanner): number {
  const annotations = annotationsOf(node);
  if (annotations.length === 0) return node.span.startOffset;
  return scan.nextSignificant(annotations[annotations.length - 1].span.endOffset);
}

export interface Brackets {
  /** Offset of the opening bracket. */
  open: number;
  /** Offset of the closing bracket. */
  close: number;
}

/** The brackets around the comma list of `node`, or undefined when the source does not show them. */
export function listBrackets(node: Node, scan: SourceScanner): Brackets | undefined {
  const role = COMMA_LIST_ROLE[node.type];
  const pair = BRACKETS[node.type];
  if (!role || !pair) return undefined;
  const [openChar, closeChar] = pair;
  let open: number;
  switch (node.type) {
    case 'ArrayLiteral':
    case 'ObjectLiteral':
      open = node.span.startOffset;
      break;
    case 'CallExpression':
      open = scan.nextSignificant(node.callee.span.endOffset);
      break;
    default:
      // Between the header's start and the list only keywords and a name stand: no strings.
      open = scan.findOutsideComments(headerStart(node, scan), openChar);
  }
  if (open < 0 || scan.text[open] !== openChar) return undefined;
  const items = listItems(node, role);
  if (items.length > 0 && items[0].span.startOffset <= open) return undefined;
  let close = scan.nextSignificant(items.length > 0 ? items[items.length - 1].span.endOffset : open + 1);
  if (items.length > 0 && scan.text[close] === ',') close = scan.nextSignificant(close + 1);
  if (scan.text[close] !== closeChar || close >= node.span.endOffset) return undefined;
  return { open, close };
}
