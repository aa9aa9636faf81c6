// `arr[n++] = v`, `const x = xs[i++]` and `out.push(a[i++])`: increments inside a statement.
// Whetstone changes a variable only in a statement of its own, so javascript.ts reads the statement
// with each counter's name in its increment's place and adds `n += 1` after it (before it for
// `++n`). That is the same only where nothing else in the statement reads or changes the counter
// (JavaScript's `n` further right sees the new value), each counter changes once, and the
// increment always runs (not inside a condition, a short-circuit or a function). A push onto a
// list named by another name reads no counter: it may run after the increments.
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
 * The increments and decrements of names inside `scope` (the statement, or the one branch of its
 * conditional being read) that can run as statements of their own, undefined where it has none,
 * or why they cannot.
 */
export function movableUpdates(statement: SyntaxNode, scope: SyntaxNode = statement): MovedUpdate[] | { problem: string } | undefined {
  // One in a function made here belongs to that function's own statements.
  const updates = scope.descendantsOfType('update_expression').filter((found): found is SyntaxNode => found !== null && !insideFunction(found, scope));
  // A statement that is only `n++` is an update statement already.
  if (updates.length === 0 || updates.some((update) => update.equals(statement) || update.parent?.equals(statement))) return undefined;
  const names = updates.map((update) => field(update, 'argument')?.text);
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) return { problem: `it changes ${twice} more than once` };
  const moved: MovedUpdate[] = [];
  for (const update of updates) {
    const argument = field(update, 'argument');
    if (argument?.type !== 'identifier') return { problem: 'it increments something other than a name' };
    const name = argument.text;
    for (let current = update.parent; current && !current.equals(scope); current = current.parent) {
      const operator = current.type === 'binary_expression' ? field(current, 'operator')?.text : undefined;
      if (CONDITIONAL.includes(current.type) || operator === '&&' || operator === '||' || operator === '??') return { problem: 'the increment runs only on some paths (in a conditional expression or a short-circuit)' };
    }
    const reads = scope.descendantsOfType('identifier').filter((found) => found?.text === name && !found.equals(argument));
    if (reads.length > 0) return { problem: `${name} is read elsewhere in it, before or after the change` };
    const operatorText = update.text.replace(/[^+-]/g, '');
    moved.push({ node: update, name, prefix: update.text.trimStart().startsWith('+') || update.text.trimStart().startsWith('-'), increment: operatorText.startsWith('+') });
  }
  // The statement's own assignment, calls that read no variable of the program (Math's, console.log) and a push onto a list held by another name run after the increments harmlessly.
  const top = statement.type === 'expression_statement' && /assignment_expression$/.test(statement.namedChildren[0]?.type ?? '') ? statement.namedChildren[0] : null;
  const effects = scope
    .descendantsOfType(['call_expression', 'new_expression', 'assignment_expression', 'augmented_assignment_expression', 'await_expression'])
    .filter((found) => found && !(top && found.equals(top)) && !(found.type === 'call_expression' && (/^(Math\.\w+|console\.log)$/.test(field(found, 'function')?.text ?? '') || isPushOntoOtherName(found, moved))));
  if (effects.length > 0) return { problem: 'it also calls a function or assigns, which may read the counter' };
  return moved;
}

/** `xs.push(…)` of a list held by a name that is none of the counters. */
function isPushOntoOtherName(call: SyntaxNode, moved: MovedUpdate[]): boolean {
  const callee = field(call, 'function');
  const receiver = callee?.type === 'member_expression' ? field(callee, 'object') : undefined;
  return field(callee ?? call, 'property')?.text === 'push' && receiver?.type === 'identifier' && !moved.some((update) => update.name === receiver.text);
}

function insideFunction(node: SyntaxNode, statement: SyntaxNode): boolean {
  for (let current = node.parent; current && !current.equals(statement); current = current.parent) {
    if (current.type.includes('function') || current.type === 'method_definition') return true;
  }
  return false;
}
