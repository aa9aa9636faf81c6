// `return undefined;` in a function whose every call is only tested: compared with undefined or
// null by `==` or `!=`, the left of `??`, or taken for its truth. There undefined and Whetstone's null answer the
// same, and the value never shows, so the return is `return null;`; and `a?.b` only tested is
// `a == null ? null : a.b`. Anywhere else undefined stays an error (it prints and passes
// differently from null).
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field } from './ast-builder';

const FUNCTIONS = new Set(['function_declaration', 'function_expression', 'arrow_function', 'function']);
const CONDITIONS = new Set(['if_statement', 'while_statement', 'do_statement']);
// Only the loose comparisons: `=== null` tells undefined from null, which become one value here.
const EQUALITY = new Set(['==', '!=']);

/** Whether the value of `node` is only tested, never kept or shown. */
export function testedOnly(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (!parent) return false;
  switch (parent.type) {
    case 'parenthesized_expression': {
      const holder = parent.parent;
      if (holder && CONDITIONS.has(holder.type) && field(holder, 'condition')?.id === parent.id) return true;
      return testedOnly(parent);
    }
    case 'unary_expression':
      return field(parent, 'operator')?.text === '!';
    case 'ternary_expression':
      return field(parent, 'condition')?.id === node.id;
    case 'binary_expression': {
      const operator = field(parent, 'operator')?.text ?? '';
      const other = field(parent, 'left')?.id === node.id ? field(parent, 'right') : field(parent, 'left');
      if (EQUALITY.has(operator)) return other?.type === 'undefined' || other?.type === 'null';
      if (operator === '??') return field(parent, 'left')?.id === node.id;
      // `f() && x` is f()'s value where it is false: only as a test itself.
      return (operator === '&&' || operator === '||') && testedOnly(parent);
    }
    default:
      return CONDITIONS.has(parent.type) && field(parent, 'condition')?.id === node.id;
  }
}

/** The name a function is declared or bound to. */
function functionName(fn: SyntaxNode): string | undefined {
  if (fn.type === 'function_declaration') return field(fn, 'name')?.text;
  const declarator = fn.parent;
  return declarator?.type === 'variable_declarator' && field(declarator, 'value')?.id === fn.id ? field(declarator, 'name')?.text : undefined;
}

/** Whether the function `undefined` is returned from is called only by name, and its every call only tested. */
export function returnedToTestsOnly(value: SyntaxNode, root: SyntaxNode): boolean {
  if (value.parent?.type !== 'return_statement') return false;
  let fn: SyntaxNode | null = value.parent;
  while (fn && !FUNCTIONS.has(fn.type)) fn = fn.parent;
  const name = fn && functionName(fn);
  if (!fn || !name) return false;
  const naming = fn.type === 'function_declaration' ? field(fn, 'name') : field(fn.parent ?? fn, 'name');
  const uses = root.descendantsOfType('identifier').filter((found): found is SyntaxNode => found !== null && found.text === name && found.id !== naming?.id);
  return uses.length > 0 && uses.every((use) => use.parent?.type === 'call_expression' && field(use.parent, 'function')?.id === use.id && testedOnly(use.parent));
}
