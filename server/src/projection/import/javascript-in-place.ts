// `return xs.sort(cmp)`, `const ys = xs.reverse()`: JavaScript's sort and reverse change the list
// in place and return that same list. Where the list is a name and the call is the whole value of
// a return, of a declaration or of an assignment to a name, nothing in the statement runs before
// the call, so it can run as a statement of its own just before, and the value is the name.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

function unparenthesized(node: SyntaxNode): SyntaxNode {
  let inner = node;
  while (inner.type === 'parenthesized_expression' && namedChildren(inner).length === 1) inner = namedChildren(inner)[0];
  return inner;
}

/** The whole value of `statement`, where it has one that is assigned or returned as it is. */
function statementValue(statement: SyntaxNode): SyntaxNode | undefined {
  if (statement.type === 'return_statement') return namedChildren(statement)[0];
  if (statement.type === 'lexical_declaration' || statement.type === 'variable_declaration') {
    const declarators = namedChildren(statement).filter((child) => child.type === 'variable_declarator');
    return declarators.length === 1 && field(declarators[0], 'name')?.type === 'identifier' ? field(declarators[0], 'value') : undefined;
  }
  if (statement.type !== 'expression_statement') return undefined;
  const assignment = namedChildren(statement)[0];
  if (assignment?.type !== 'assignment_expression' || field(assignment, 'left')?.type !== 'identifier') return undefined;
  return field(assignment, 'right');
}

/** The `name.sort(…)` or `name.reverse()` that is the whole value of `statement`. */
export function inPlaceValue(statement: SyntaxNode): SyntaxNode | undefined {
  const value = statementValue(statement);
  const call = value && unparenthesized(value);
  if (call?.type !== 'call_expression') return undefined;
  const callee = field(call, 'function');
  if (callee?.type !== 'member_expression' || field(callee, 'object')?.type !== 'identifier' || callee.children.some((child) => child?.type === 'optional_chain')) return undefined;
  const method = field(callee, 'property')?.text;
  const count = namedChildren(field(call, 'arguments') ?? call).length;
  return (method === 'sort' && count <= 1) || (method === 'reverse' && count === 0) ? call : undefined;
}
