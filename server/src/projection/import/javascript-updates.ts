// `arr[n++] = v` and `const x = xs[i++]`: an increment inside a statement. Whetstone changes a
// variable only in a statement of its own, so javascript.ts reads the statement with the counter's
// name in the increment's place and adds `n += 1` after it (before it for `++n`). That is the
// same only where nothing else in the statement reads or changes the counter (JavaScript's `n`
// further right sees the new value) and the increment always runs (not inside a condition, a
// short-circuit or a function).
import type { Node as SyntaxNode } from 'web-tree-sitter';
import { field } from './ast-builder';

export interface MovedUpdate {
  node: SyntaxNode;
  name: string;
  prefix: boolean;
  increment: boolean;
}

const CONDITIONAL = ['ternary_expression'];

/**
 * The increment or decrement of a name inside `statement` that can run as a statement of its own,
 * undefined where the statement has none, or why it cannot.
 */
export function movableUpdate(statement: SyntaxNode): MovedUpdate | { problem: string } | undefined {
  // One in a function made here belongs to that function's own statements.
  const updates = statement.descendantsOfType('update_expression').filter((found): found is SyntaxNode => found !== null && !insideFunction(found, statement));
  // A statement that is only `n++` is an update statement already.
  if (updates.length === 0 || updates.some((update) => update.equals(statement) || update.parent?.equals(statement))) return undefined;
  if (updates.length > 1) return { problem: 'it changes variables more than once' };
  const [update] = updates;
  const argument = field(update, 'argument');
  if (argument?.type !== 'identifier') return { problem: 'it increments something other than a name' };
  const name = argument.text;
  for (let current = update.parent; current && !current.equals(statement); current = current.parent) {
    const operator = current.type === 'binary_expression' ? field(current, 'operator')?.text : undefined;
    if (CONDITIONAL.includes(current.type) || operator === '&&' || operator === '||' || operator === '??') return { problem: 'the increment runs only on some paths (in a conditional expression or a short-circuit)' };
  }
  const reads = statement.descendantsOfType('identifier').filter((found) => found?.text === name && !found.equals(argument));
  if (reads.length > 0) return { problem: `${name} is read elsewhere in it, before or after the change` };
  // The statement's own assignment, and calls that read no variable of the program (Math's, console.log), run after the increment harmlessly.
  const top = statement.type === 'expression_statement' && /assignment_expression$/.test(statement.namedChildren[0]?.type ?? '') ? statement.namedChildren[0] : null;
  const effects = statement
    .descendantsOfType(['call_expression', 'new_expression', 'assignment_expression', 'augmented_assignment_expression', 'await_expression'])
    .filter((found) => found && !(top && found.equals(top)) && !(found.type === 'call_expression' && /^(Math\.\w+|console\.log)$/.test(field(found, 'function')?.text ?? '')));
  if (effects.length > 0) return { problem: 'it also calls a function or assigns, which may read the counter' };
  const operatorText = update.text.replace(/[^+-]/g, '');
  return { node: update, name, prefix: update.text.trimStart().startsWith('+') || update.text.trimStart().startsWith('-'), increment: operatorText.startsWith('+') };
}

function insideFunction(node: SyntaxNode, statement: SyntaxNode): boolean {
  for (let current = node.parent; current && !current.equals(statement); current = current.parent) {
    if (current.type.includes('function') || current.type === 'method_definition') return true;
  }
  return false;
}
