// `const [a, b] = value` is read as a holder and its elements by index. Past the end of a shorter
// list JavaScript binds undefined, where an index out of range stops the Python program; of a text,
// destructuring walks code points where an index reads UTF-16 units. So the reading keeps its
// meaning only where the value is sure to be a list of at least as many elements (a list literal,
// or a call of a function of the file that returns only such: javascript-values.ts, or a name of a
// list that a guard before it in the same block returns for when short, as quicksort's
// `if (arr.length <= 1) return arr; const [pivot, ...rest] = arr;`); any other is an error at import.
import { indexTree, walk, type AstIndex, type Expression, type Node, type Program, type Statement, type VariableDeclaration } from '../../core/ast';
import { projectionDiagnostic, type ProjectionDiagnostic } from '../diagnostics';
import type { AstBuilder } from './ast-builder';
import { PERCENT, TEXT, type JavaScriptValues } from './javascript-values';

/** Errors for the array destructurings whose value is not known to hold enough elements. */
export function reportShortUnpacking(program: Program, unpackings: AstBuilder['unpackings'], values: JavaScriptValues): ProjectionDiagnostic[] {
  const diagnostics: ProjectionDiagnostic[] = [];
  let tree: AstIndex | undefined;
  for (const { holder, count, span } of unpackings) {
    if (holder.initializer && values.knownLength(holder.initializer) >= count) continue;
    if (guardedLength(holder, (tree ??= indexTree(program)), values) >= count) continue;
    diagnostics.push(
      projectionDiagnostic(
        'W_UNSUPPORTED',
        'error',
        `Not carried into Whetstone: an array destructuring of ${count} name${count === 1 ? '' : 's'} from a value not known to be a list of at least ${count} element${count === 1 ? '' : 's'}; JavaScript binds undefined past the end of a shorter list (where Python stops with an IndexError) and walks a text by code points`,
        holder.id,
        span,
        { hint: 'Return a list literal of that length from the function, or read the parts by index after checking the length.' },
      ),
    );
  }
  return diagnostics;
}

/**
 * The fewest elements the list a name holds is sure to have where `holder` reads it: what a guard
 * earlier in the same block that returns or throws for shorter lists leaves (`if (len(xs) <= 1)
 * return xs;` leaves 2). Only where nothing between them mentions the name or calls anything
 * (a call could shorten the list through another name), and the value is never a text. 0 otherwise.
 */
function guardedLength(holder: VariableDeclaration, tree: AstIndex, values: JavaScriptValues): number {
  const name = holder.initializer?.type === 'Identifier' ? holder.initializer.name : undefined;
  const block = tree.parent(holder.id);
  if (!name || !holder.initializer || block?.type !== 'Block' || (values.valueOf(holder.initializer) & (TEXT | PERCENT)) !== 0) return 0;
  const at = block.statements.indexOf(holder);
  for (let index = at - 1; index >= 0; index--) {
    const statement = block.statements[index];
    const left = shortListExit(statement, name, values);
    if (left > 0) return left;
    if (mentionsOrCalls(statement, name)) return 0;
  }
  return 0;
}

/** For `if (len(name) <= k) { …; return … }` (also `< k`, `== k`, no else): the length past it, else 0. */
function shortListExit(statement: Statement, name: string, values: JavaScriptValues): number {
  if (statement.type !== 'IfStatement' || statement.alternate !== null) return 0;
  const last = statement.consequent.statements.at(-1);
  if (last?.type !== 'ReturnStatement' && last?.type !== 'ThrowStatement') return 0;
  const test = statement.condition;
  if (test.type !== 'BinaryExpression' || !isLengthOf(test.left, name, values) || test.right.type !== 'Literal' || typeof test.right.value !== 'number' || !Number.isInteger(test.right.value)) return 0;
  const bound = test.right.value;
  switch (test.operator) {
    case '<=':
      return bound + 1;
    case '<':
      return bound;
    case '==':
      return bound === 0 ? 1 : 0;
    default:
      return 0;
  }
}

function isLengthOf(expression: Expression, name: string, values: JavaScriptValues): boolean {
  return expression.type === 'CallExpression' && values.isLibraryCall(expression, 'len') && expression.arguments.length === 1 && expression.arguments[0].type === 'Identifier' && expression.arguments[0].name === name;
}

/** Whether `node` reads or writes `name`, or calls anything. */
function mentionsOrCalls(node: Node, name: string): boolean {
  let found = false;
  walk(node, (inner) => {
    if ((inner.type === 'Identifier' && inner.name === name) || inner.type === 'CallExpression' || (inner.type === 'VariableDeclaration' && inner.name === name)) found = true;
  });
  return found;
}
