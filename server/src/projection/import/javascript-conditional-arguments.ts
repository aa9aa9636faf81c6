// `out.push(c ? a[i++] : b[j++])`, the merge of two sorted lists: a conditional whose branches
// change a counter. Whetstone changes a variable only in a statement of its own, so the statement
// becomes `if c { out.push(a[i]); i += 1; } else { out.push(b[j]); j += 1; }`. That is the same
// where the conditional is the call's only argument and the callee is a name or a member of a name:
// reading those before the condition or after it gives the same function.
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field, namedChildren } from './ast-builder';

/** The conditional that is the whole argument of the call statement `statement` and changes a counter in a branch, or undefined. */
export function conditionalArgument(statement: SyntaxNode): SyntaxNode | undefined {
  const call = namedChildren(statement)[0];
  if (call?.type !== 'call_expression') return undefined;
  const callee = field(call, 'function');
  const plainCallee = callee?.type === 'identifier' || (callee?.type === 'member_expression' && field(callee, 'object')?.type === 'identifier' && field(callee, 'property')?.type === 'property_identifier');
  const args = namedChildren(field(call, 'arguments') ?? call);
  if (!plainCallee || args.length !== 1) return undefined;
  let argument = args[0];
  while (argument.type === 'parenthesized_expression' && namedChildren(argument).length === 1) argument = namedChildren(argument)[0];
  if (argument.type !== 'ternary_expression') return undefined;
  const branches = [field(argument, 'consequence'), field(argument, 'alternative')];
  return branches.some((branch) => branch && branch.descendantsOfType('update_expression').length > 0) ? argument : undefined;
}
